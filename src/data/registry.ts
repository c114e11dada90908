// The corpus registry: every corpus by name, with its kind, the pinned files that make up its
// version, the pinned score tables that cover it, and its loader. The CLI and the action both
// resolve corpus names here and nowhere else.
import type {
  AttackCorpus,
  BundledCorpus,
  Corpus,
  CorpusKind,
  GroundTruthCorpus,
  PairedCorpus,
  TrajectoryCorpus,
} from '../corpora/corpus.js';
import type { TableDir } from './score-tables.js';

export const TRANSFORMS = ['framing', 'field_split', 'leet'] as const;
export type Transform = (typeof TRANSFORMS)[number];

/** The ten undefended models whose AgentDyn runs are committed (corpora/agentdyn/trajectories/<model>.json.gz). */
export const AGENTDYN_MODELS = [
  'google_gemini-2.5-flash',
  'google_gemini-2.5-pro',
  'gpt-4o-2024-08-06',
  'gpt-4o-mini-2024-07-18',
  'gpt-5-mini-2025-08-07',
  'gpt-5.1-2025-11-13',
  'meta-llama_llama-3.3-70b-instruct',
  'meta_secalign-70B',
  'meta_secalign-8B',
  'qwen_qwen3-235b-a22b-2507',
] as const;
export type AgentDynModel = (typeof AGENTDYN_MODELS)[number];
/** `agentdyn-<model>`: one model's recorded runs; `agentdyn`: all ten models' together. */
const AGENTDYN_NAMES = ['agentdyn', ...AGENTDYN_MODELS.map((m) => `agentdyn-${m}` as const)] as const;

export const CORPUS_NAMES = [
  'pairs',
  'agentdojo',
  'attacks',
  'attacks-framing',
  'attacks-field_split',
  'attacks-leet',
  'bundled',
  ...AGENTDYN_NAMES,
] as const;
export type CorpusName = (typeof CORPUS_NAMES)[number];

export function isCorpusName(name: string): name is CorpusName {
  return (CORPUS_NAMES as readonly string[]).includes(name);
}

export const FILES = {
  agentdojo: 'agentdojo-v1.2.json.gz',
  pairs: 'agentdojo-v1.2-pairs.json.gz',
  attacks: 'agentdojo-v1.2-attacks.json.gz',
  transformed: (t: Transform) => `transformed/agentdojo-v1.2-attacks-${t}.json.gz`,
  /** A corpus file's returned-outputs sidecar (protocol v2's trace). */
  returned: (rel: string) => rel.replace(/\.json\.gz$/, '.returned.json.gz'),
  /** The suites' tools and the user tasks' prompts (protocol v2's begin). */
  suites: 'agentdojo-v1.2-suites.json.gz',
  /** How any injection payload renders into each pair (docs/injection-slots.md). */
  slots: 'agentdojo-v1.2-slots.json.gz',
  /** The adaptive attacker's seed injections (docs/injection-slots.md#10-seed-injections). */
  seeds: 'agentdojo-v1.2-seeds.json.gz',
} as const;

/** The AgentDyn files, under corpora/agentdyn/ (its own manifest.json there). */
export const AGENTDYN_DIR = 'corpora/agentdyn';
export const AGENTDYN_FILES = {
  suites: 'suites.json.gz',
  outputs: 'outputs.json.gz',
  groundTruth: 'ground-truth.json.gz',
  context: 'context.json',
  trajectory: (model: AgentDynModel) => `trajectories/${model}.json.gz`,
} as const;

/** A corpus file with the protocol v2 files it is read with. */
const withSession = (rel: string): string[] => [rel, FILES.returned(rel), FILES.suites];

/** What a loader reads corpora through (the store, which reads each pinned file once). */
export interface CorpusSource {
  bundled(): BundledCorpus;
  groundTruth(): GroundTruthCorpus;
  pairs(): PairedCorpus;
  attacks(transform: 'identity' | Transform): AttackCorpus;
  trajectories(models: readonly AgentDynModel[], name: string): TrajectoryCorpus;
}

export interface CorpusEntry {
  readonly name: CorpusName;
  readonly kind: CorpusKind;
  /** One line for --help and the docs. */
  readonly description: string;
  /** Files under corpora/ the corpus is built from; together their hashes are its version. */
  readonly files: readonly string[];
  /** The pinned score tables that cover this corpus (its classifier rows), if any. */
  readonly tables?: { readonly dir: TableDir; readonly filter?: (file: string) => boolean } | undefined;
  load(source: CorpusSource): Corpus;
}

const transformed = (t: Transform): CorpusEntry => ({
  name: `attacks-${t}`,
  kind: 'attacks',
  description: `the attack corpus with the injection goal rewritten by the readable ${t} transform`,
  files: [...withSession(FILES.transformed(t)), ...withSession(FILES.pairs).filter((f) => f !== FILES.suites)],
  tables: { dir: 'transformed', filter: (f) => f.endsWith(`-${t}.json`) },
  load: (store) => store.attacks(t),
});

export const CORPORA: Readonly<Record<CorpusName, CorpusEntry>> = {
  pairs: {
    name: 'pairs',
    kind: 'paired',
    description:
      '97 benign tasks + 949 user × injection task pairs (important_instructions_no_names), with the tool outputs read before each call',
    files: withSession(FILES.pairs),
    tables: { dir: 'pairs' },
    load: (store) => store.pairs(),
  },
  agentdojo: {
    name: 'agentdojo',
    kind: 'ground-truth',
    description: 'AgentDojo v1.2 task ground truth: 97 benign and 35 injection tasks, no tool outputs',
    files: withSession(FILES.agentdojo),
    load: (store) => store.groundTruth(),
  },
  attacks: {
    name: 'attacks',
    kind: 'attacks',
    description:
      'the pairs under five more attacks (direct, ignore_previous, injecagent, system_message, tool_knowledge), with the benign tasks of pairs',
    files: [...withSession(FILES.attacks), ...withSession(FILES.pairs).filter((f) => f !== FILES.suites)],
    tables: { dir: 'attacks' },
    load: (store) => store.attacks('identity'),
  },
  'attacks-framing': transformed('framing'),
  'attacks-field_split': transformed('field_split'),
  'attacks-leet': transformed('leet'),
  bundled: {
    name: 'bundled',
    kind: 'bundled',
    description: 'ten illustrative scenarios, embedded (smoke tests)',
    files: [],
    load: (store) => store.bundled(),
  },
  ...(Object.fromEntries(
    AGENTDYN_NAMES.map((name) => {
      const models = name === 'agentdyn' ? AGENTDYN_MODELS : [name.slice('agentdyn-'.length) as AgentDynModel];
      const entry: CorpusEntry = {
        name,
        kind: 'trajectory',
        description:
          name === 'agentdyn'
            ? 'AgentDyn: the recorded runs of all ten undefended models (shopping, github, dailylife), scored by effect'
            : `AgentDyn: ${models[0]}'s recorded runs, undefended, scored by effect`,
        files: [
          ...[AGENTDYN_FILES.suites, AGENTDYN_FILES.outputs, AGENTDYN_FILES.groundTruth, AGENTDYN_FILES.context],
          ...models.map(AGENTDYN_FILES.trajectory),
        ].map((f) => `agentdyn/${f}`),
        load: (store) => store.trajectories(models, name),
      };
      return [name, entry];
    }),
  ) as Record<(typeof AGENTDYN_NAMES)[number], CorpusEntry>),
};
