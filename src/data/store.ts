// Loads pinned corpora from one data root, each file at most once, verified against the manifest.
import type {
  AttackCorpus,
  BundledCorpus,
  CorpusIdentity,
  GroundTruthCorpus,
  PairedCorpus,
  SessionData,
  TrajectoryCorpus,
} from '../corpora/corpus.js';
import { trajectoryCorpus } from '../corpora/trajectory.js';
import {
  AgentDynGroundTruthFileSchema,
  AgentDynOutputsFileSchema,
  AgentDynSuitesFileSchema,
  ContextFileSchema,
  TrajectoryFileSchema,
} from '../model/agentdyn-file.js';
import type { Call } from '../model/call.js';
import type { z } from 'zod';
import { BUNDLED_POLICY, BUNDLED_SCENARIOS } from '../corpora/bundled.js';
import { groundTruthCorpus } from '../corpora/ground-truth.js';
import { attackCorpus, pairedCorpus } from '../corpora/paired.js';
import { seedInjections, type SeedInjections } from '../corpora/seeds.js';
import { injectionSlots, type InjectionSlots } from '../corpora/slots.js';
import {
  AttacksFileSchema,
  GroundTruthFileSchema,
  PairsFileSchema,
  ReturnedFileSchema,
  SeedsFileSchema,
  SlotsFileSchema,
  SuitesFileSchema,
  type SuitesFile,
} from '../model/corpus-file.js';
import { InputError, parseWith } from '../model/errors.js';
import { findDataRoot, readManifest, readPinned, sha256, type PinnedFile } from './files.js';
import {
  AGENTDYN_DIR,
  AGENTDYN_FILES,
  CORPORA,
  FILES,
  TRANSFORMS,
  type AgentDynModel,
  type CorpusName,
  type CorpusSource,
  type Transform,
} from './registry.js';

/** A corpus's version: the file's digest, or for several files a digest over `path:digest` lines in registry order. */
export function corpusIdentity(name: string, files: Readonly<Record<string, string>>, benchmark: string): CorpusIdentity {
  const entries = Object.entries(files);
  const version = entries.length === 1 ? entries[0]![1] : sha256(entries.map(([p, d]) => `${p}:${d}\n`).join(''));
  return { name, version, files, benchmark };
}

export const bundledCorpus: BundledCorpus = {
  kind: 'bundled',
  name: 'bundled',
  source: 'bundled illustrative scenarios',
  // The embedded data's own content hash, so results name exactly what they scored.
  version: sha256(JSON.stringify(BUNDLED_SCENARIOS)),
  files: {},
  // Hand-written illustrations, derived from no benchmark run.
  benchmark: 'none',
  scenarios: BUNDLED_SCENARIOS,
  policy: BUNDLED_POLICY,
  tools: {},
};

export class CorpusStore implements CorpusSource {
  private readonly memo = new Map<string, unknown>();
  private manifestCache: ReturnType<typeof readManifest> | undefined;
  private agentdynManifestCache: ReturnType<typeof readManifest> | undefined;

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

  /** A file under corpora/agentdyn/, checked against that directory's own manifest; read once. */
  private agentdyn(rel: string): PinnedFile {
    return this.once(`agentdyn:${rel}`, () => {
      this.agentdynManifestCache ??= readManifest(this.root, AGENTDYN_DIR);
      return readPinned(this.root, this.agentdynManifestCache, rel, AGENTDYN_DIR);
    });
  }

  /**
   * Recorded runs of AgentDyn models (one corpus per model, or several pooled), with the suites'
   * tools and egress table, the shared outputs, the user tasks' ground truth (for the buckets) and
   * the authors' own context rows.
   */
  trajectories(models: readonly AgentDynModel[], name: string): TrajectoryCorpus {
    return this.once(name, () => {
      const read = <T>(rel: string, schema: z.ZodType<T>) => {
        const f = this.agentdyn(rel);
        return { value: parseWith(schema, f.json, f.where), where: f.where, sha256: f.sha256 };
      };
      const suites = this.once('agentdyn:suites', () => read(AGENTDYN_FILES.suites, AgentDynSuitesFileSchema));
      const outputs = this.once('agentdyn:outputs', () => read(AGENTDYN_FILES.outputs, AgentDynOutputsFileSchema));
      const gt = this.once('agentdyn:ground-truth', () => read(AGENTDYN_FILES.groundTruth, AgentDynGroundTruthFileSchema));
      const context = this.once('agentdyn:context', () => read(AGENTDYN_FILES.context, ContextFileSchema));
      const files = models.map((m) => this.once(`agentdyn:${m}`, () => read(AGENTDYN_FILES.trajectory(m), TrajectoryFileSchema)));
      for (const [m, f] of models.map((m, i) => [m, files[i]!] as const))
        if (f.value.model !== m) throw new InputError(`${f.where}: holds the runs of ${f.value.model}, not ${m}`);
      const groundTruth = new Map<string, readonly Call[]>(
        gt.value.scenarios.map((s) => [
          s.id,
          s.trace.map((st) => ({
            tool: st.tool,
            dest: st.dest,
            args: st.args.map((a) => ({ name: a.name, provenance: a.provenance, text: a.text })),
            context: [],
          })),
        ]),
      );
      const all = [suites, outputs, gt, context, ...files];
      const id = corpusIdentity(name, Object.fromEntries(all.map((f) => [f.where, f.sha256])), this.agentdynManifestCache!.benchmark);
      return trajectoryCorpus(
        {
          suites: suites.value,
          outputs: outputs.value.outputs,
          models: files.map((f) => ({ file: f.value, where: f.where })),
          context: context.value,
          groundTruth,
        },
        id,
      );
    });
  }

  /** Load a corpus by registry name. */
  load(name: CorpusName) {
    return CORPORA[name].load(this);
  }

  bundled(): BundledCorpus {
    return bundledCorpus;
  }

  private suites(): { file: SuitesFile; where: string; sha256: string } {
    return this.once('suites', () => {
      const f = this.pinned(FILES.suites);
      return { file: parseWith(SuitesFileSchema, f.json, f.where), where: f.where, sha256: f.sha256 };
    });
  }

  /**
   * The protocol v2 data of a corpus file: its returned-outputs sidecar (which must name that file
   * and its digest) and the suites file; with the two files' digests for the corpus's version.
   */
  private sessionData(
    base: PinnedFile,
    rel: string,
    baseOutputs: Readonly<Record<string, string>>,
  ): { data: SessionData; files: Record<string, string> } {
    const f = this.pinned(FILES.returned(rel));
    const sidecar = parseWith(ReturnedFileSchema, f.json, f.where);
    if (sidecar.corpus !== rel.replace(/\.gz$/, '') || sidecar.corpus_sha256 !== base.sha256) {
      throw new InputError(
        `${f.where}: is the returned-outputs file of ${sidecar.corpus} ${sidecar.corpus_sha256.slice(0, 12)}, not of ${base.where} ${base.sha256.slice(0, 12)}`,
      );
    }
    const text = (d: string): string => {
      const t = Object.hasOwn(sidecar.outputs, d) ? sidecar.outputs[d] : Object.hasOwn(baseOutputs, d) ? baseOutputs[d] : undefined;
      if (t === undefined) throw new InputError(`${f.where}: references missing output ${d}`);
      return t;
    };
    const returned = new Map(Object.entries(sidecar.returned).map(([id, ds]) => [id, ds.map(text)]));
    const suites = this.suites();
    return { data: { returned, tools: suites.file.tools }, files: { [f.where]: f.sha256, [suites.where]: suites.sha256 } };
  }

  groundTruth(): GroundTruthCorpus {
    return this.once('agentdojo', () => {
      const f = this.pinned(FILES.agentdojo);
      const session = this.sessionData(f, FILES.agentdojo, {});
      const id = corpusIdentity('agentdojo', { [f.where]: f.sha256, ...session.files }, this.manifest.benchmark);
      return groundTruthCorpus(parseWith(GroundTruthFileSchema, f.json, f.where), f.where, id, session.data);
    });
  }

  pairs(): PairedCorpus {
    return this.once('pairs', () => {
      const f = this.pinned(FILES.pairs);
      const file = parseWith(PairsFileSchema, f.json, f.where);
      const session = this.sessionData(f, FILES.pairs, file.outputs);
      const id = corpusIdentity('pairs', { [f.where]: f.sha256, ...session.files }, this.manifest.benchmark);
      return pairedCorpus(file, f.where, id, session.data);
    });
  }

  /** The injection slots of the AgentDojo pairs: any payload rendered into their outputs (docs/injection-slots.md). */
  slots(): InjectionSlots {
    return this.once('slots', () => {
      const f = this.pinned(FILES.slots);
      return injectionSlots(parseWith(SlotsFileSchema, f.json, f.where), f.where);
    });
  }

  /** The adaptive attacker's seed injections: AgentDojo's hijack attacks' payloads per injection task and transform (docs/injection-slots.md#10-seed-injections). */
  seeds(): SeedInjections {
    return this.once('seeds', () => {
      const f = this.pinned(FILES.seeds);
      return seedInjections(parseWith(SeedsFileSchema, f.json, f.where), f.where);
    });
  }

  /** The attack corpus (`identity`) or one of its readable transforms; both read the paired corpus's benign tasks. */
  attacks(transform: 'identity' | Transform = 'identity'): AttackCorpus {
    const name = transform === 'identity' ? 'attacks' : `attacks-${transform}`;
    return this.once(name, () => {
      if (transform !== 'identity' && !(TRANSFORMS as readonly string[]).includes(transform)) {
        throw new InputError(`unknown or uncommitted transform: ${transform} (known: ${TRANSFORMS.join(', ')})`);
      }
      const rel = transform === 'identity' ? FILES.attacks : FILES.transformed(transform);
      const f = this.pinned(rel);
      const file = parseWith(AttacksFileSchema, f.json, f.where);
      if (file.transform !== transform) throw new InputError(`${f.where}: transform is ${file.transform}, expected ${transform}`);
      const session = this.sessionData(f, rel, file.outputs);
      const pairs = this.pairs();
      const id = corpusIdentity(name, { [f.where]: f.sha256, ...session.files, ...pairs.files }, this.manifest.benchmark);
      return attackCorpus(file, pairs, f.where, id, session.data);
    });
  }
}
