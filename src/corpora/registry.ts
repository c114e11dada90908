// Corpora by name. The bundled corpus is embedded; the AgentDojo corpora are pinned files under
// corpora/, verified against the manifest on load.
import { InputError } from '../model/errors.js';
import { AttacksFileSchema, GroundTruthFileSchema, PairsFileSchema } from '../model/corpus-file.js';
import { BUNDLED_POLICY, BUNDLED_SCENARIOS } from './bundled.js';
import type { Corpus, GroundTruthCorpus, PairedCorpus } from './corpus.js';
import { findDataRoot, readManifest, readPinned, sha256, validate } from './files.js';
import { groundTruthCorpus } from './ground-truth.js';
import { attackCorpus, pairedCorpus, type AttackCorpus } from './paired.js';

export const TRANSFORMS = ['framing', 'field_split', 'leet'] as const;
export const CORPORA = ['bundled', 'agentdojo', 'pairs', 'attacks', ...TRANSFORMS.map((t) => `attacks-${t}` as const)] as const;
export type CorpusName = (typeof CORPORA)[number];

export function isCorpusName(name: string): name is CorpusName {
  return (CORPORA as readonly string[]).includes(name);
}

export const FILES = {
  agentdojo: 'agentdojo-v1.2.json.gz',
  pairs: 'agentdojo-v1.2-pairs.json.gz',
  attacks: 'agentdojo-v1.2-attacks.json.gz',
  transformed: (t: string) => `transformed/agentdojo-v1.2-attacks-${t}.json.gz`,
} as const;

export const bundledCorpus: Corpus = {
  name: 'bundled',
  source: 'bundled illustrative scenarios',
  // The embedded data's own content hash, so results name exactly what they scored.
  version: sha256(JSON.stringify(BUNDLED_SCENARIOS)),
  scenarios: BUNDLED_SCENARIOS,
  policy: BUNDLED_POLICY,
};

/** Loads pinned corpora from one data root, each file at most once. */
export class CorpusStore {
  private readonly memo = new Map<string, unknown>();
  private manifestCache: ReturnType<typeof readManifest> | undefined;

  constructor(readonly root: string = findDataRoot()) {}

  private get manifest() {
    return (this.manifestCache ??= readManifest(this.root));
  }

  private once<T>(key: string, load: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, load());
    return this.memo.get(key) as T;
  }

  /** SHA-256 of every committed corpus file, from the manifest: the corpus version key. */
  manifestVersions(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.manifest.files).map(([k, v]) => [k, v.sha256]));
  }

  groundTruth(): GroundTruthCorpus {
    return this.once('agentdojo', () => {
      const f = readPinned(this.root, this.manifest, FILES.agentdojo);
      return groundTruthCorpus(validate(GroundTruthFileSchema, f.json, f.where), f.where, f.sha256);
    });
  }

  pairs(): PairedCorpus {
    return this.once('pairs', () => {
      const f = readPinned(this.root, this.manifest, FILES.pairs);
      return pairedCorpus(validate(PairsFileSchema, f.json, f.where), f.where, f.sha256);
    });
  }

  /** The attack-coverage corpus (`identity`) or one of its readable transforms. */
  attacks(transform = 'identity'): AttackCorpus {
    return this.once(`attacks-${transform}`, () => {
      const rel = transform === 'identity' ? FILES.attacks : FILES.transformed(transform);
      if (transform !== 'identity' && !(TRANSFORMS as readonly string[]).includes(transform)) {
        throw new InputError(`unknown or uncommitted transform: ${transform} (known: ${TRANSFORMS.join(', ')})`);
      }
      const f = readPinned(this.root, this.manifest, rel);
      const file = validate(AttacksFileSchema, f.json, f.where);
      if (file.transform !== transform) {
        throw new InputError(`${f.where}: transform is ${file.transform}, expected ${transform}`);
      }
      return attackCorpus(file, this.pairs(), f.where, f.sha256);
    });
  }
}
