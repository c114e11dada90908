// Loads pinned corpora from one data root, each file at most once, verified against the manifest.
import type { AttackCorpus, BundledCorpus, CorpusIdentity, GroundTruthCorpus, PairedCorpus } from '../corpora/corpus.js';
import { BUNDLED_POLICY, BUNDLED_SCENARIOS } from '../corpora/bundled.js';
import { groundTruthCorpus } from '../corpora/ground-truth.js';
import { attackCorpus, pairedCorpus } from '../corpora/paired.js';
import { AttacksFileSchema, GroundTruthFileSchema, PairsFileSchema } from '../model/corpus-file.js';
import { InputError, parseWith } from '../model/errors.js';
import { findDataRoot, readManifest, readPinned, sha256, type PinnedFile } from './files.js';
import { CORPORA, FILES, TRANSFORMS, type CorpusName, type CorpusSource, type Transform } from './registry.js';

/** A corpus's version: the file's digest, or for several files a digest over `path:digest` lines in registry order. */
export function corpusIdentity(name: string, files: Readonly<Record<string, string>>): CorpusIdentity {
  const entries = Object.entries(files);
  const version = entries.length === 1 ? entries[0]![1] : sha256(entries.map(([p, d]) => `${p}:${d}\n`).join(''));
  return { name, version, files };
}

export const bundledCorpus: BundledCorpus = {
  kind: 'bundled',
  name: 'bundled',
  source: 'bundled illustrative scenarios',
  // The embedded data's own content hash, so results name exactly what they scored.
  version: sha256(JSON.stringify(BUNDLED_SCENARIOS)),
  files: {},
  scenarios: BUNDLED_SCENARIOS,
  policy: BUNDLED_POLICY,
};

export class CorpusStore implements CorpusSource {
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

  private pinned(rel: string): PinnedFile {
    return readPinned(this.root, this.manifest, rel);
  }

  /** Load a corpus by registry name. */
  load(name: CorpusName) {
    return CORPORA[name].load(this);
  }

  bundled(): BundledCorpus {
    return bundledCorpus;
  }

  groundTruth(): GroundTruthCorpus {
    return this.once('agentdojo', () => {
      const f = this.pinned(FILES.agentdojo);
      const id = corpusIdentity('agentdojo', { [f.where]: f.sha256 });
      return groundTruthCorpus(parseWith(GroundTruthFileSchema, f.json, f.where), f.where, id);
    });
  }

  pairs(): PairedCorpus {
    return this.once('pairs', () => {
      const f = this.pinned(FILES.pairs);
      const id = corpusIdentity('pairs', { [f.where]: f.sha256 });
      return pairedCorpus(parseWith(PairsFileSchema, f.json, f.where), f.where, id);
    });
  }

  /** The attack corpus (`identity`) or one of its readable transforms; both read the paired corpus's benign tasks. */
  attacks(transform: 'identity' | Transform = 'identity'): AttackCorpus {
    const name = transform === 'identity' ? 'attacks' : `attacks-${transform}`;
    return this.once(name, () => {
      if (transform !== 'identity' && !(TRANSFORMS as readonly string[]).includes(transform)) {
        throw new InputError(`unknown or uncommitted transform: ${transform} (known: ${TRANSFORMS.join(', ')})`);
      }
      const f = this.pinned(transform === 'identity' ? FILES.attacks : FILES.transformed(transform));
      const file = parseWith(AttacksFileSchema, f.json, f.where);
      if (file.transform !== transform) throw new InputError(`${f.where}: transform is ${file.transform}, expected ${transform}`);
      const pairs = this.pairs();
      const id = corpusIdentity(name, { [f.where]: f.sha256, ...pairs.files });
      return attackCorpus(file, pairs, f.where, id);
    });
  }
}
