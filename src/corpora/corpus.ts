// A loaded corpus: scenarios ready to score plus what the analyses need from its file(s). Every
// corpus carries a `kind`; code branches on it, never on which fields happen to be present.
import type { Call, Scenario, ToolSchema } from '../model/call.js';
import type { Diagnostics, PairStats } from '../model/corpus-file.js';
import type { EgressPolicy } from '../model/policy.js';
import type { ContextFile, EgressRow } from '../model/agentdyn-file.js';

/** Which exact data a corpus is: its registry name, one version digest, and each file's digest. */
export interface CorpusIdentity {
  /** Registry name: bundled, agentdojo, pairs, attacks, attacks-leet, … */
  readonly name: string;
  /** One digest for the whole corpus: the file's SHA-256, or a digest over every file it reads. */
  readonly version: string;
  /** SHA-256 of the uncompressed bytes of every file the corpus is built from (path → digest). */
  readonly files: Readonly<Record<string, string>>;
  /** The benchmark version the corpus was derived under (its manifest's `benchmark`: AgentDojo v1.2, AgentDyn v1.2.2). */
  readonly benchmark: string;
}

interface CorpusBase extends CorpusIdentity {
  /** Human description from the file's `source`. */
  readonly source: string;
  /** Every scenario, in the order scores and outcome strings use. */
  readonly scenarios: readonly Scenario[];
  /** The egress policy the reference defenses get on this corpus. */
  readonly policy: EgressPolicy;
  /** Per suite, the tools as the agent's model is told about them (protocol v2); empty where a corpus records none. */
  readonly tools: Readonly<Record<string, readonly ToolSchema[]>>;
}

/**
 * What protocol v2 adds to a corpus from the files beside it: the text each step's call returned
 * (by scenario id, one per step) and the suites' tools.
 */
export interface SessionData {
  readonly returned: ReadonlyMap<string, readonly string[]>;
  readonly tools: Readonly<Record<string, readonly ToolSchema[]>>;
}

export interface BundledCorpus extends CorpusBase {
  readonly kind: 'bundled';
}

export interface GroundTruthCorpus extends CorpusBase {
  readonly kind: 'ground-truth';
  readonly diagnostics: Diagnostics;
  /** Injection scenarios with no ground-truth call, in file order. */
  readonly unscorable: readonly string[];
  /** The same scenarios with benign arguments whose value came from neither prompt nor environment relabeled trusted. */
  readonly corrected: readonly Scenario[];
}

interface WithInjectedOutputs {
  /** Whether a tool-output text carries the injection (docs/corpora.md#outputs-that-carry-an-injection). */
  carriesInjection(text: string): boolean;
  /** The benign tasks, in file order. */
  readonly benign: readonly Scenario[];
}

export interface PairedCorpus extends CorpusBase, WithInjectedOutputs {
  readonly kind: 'paired';
  /** The exporter's own counts, as written in the file. */
  readonly stats: PairStats;
}

export interface AttackCorpus extends CorpusBase, WithInjectedOutputs {
  readonly kind: 'attacks';
  /** `identity`, or the readable transform applied to the goal before the attack wrapped it. */
  readonly transform: string;
  /** Attack names in file order. */
  readonly attacks: readonly string[];
  /** Injection pairs of every attack, file order. `scenarios` is these followed by `benign`. */
  readonly pairs: readonly Scenario[];
  /** One attack's pairs in file order, followed by the benign tasks. */
  byAttack(attack: string): readonly Scenario[];
  readonly stats: Readonly<Record<string, PairStats>>;
}

/** Where a trajectory corpus's scenario comes from. */
export interface TrajectoryRunInfo {
  readonly model: string;
  /** The run's id in its model's file (`<suite>/<user task>/<attack or none>/<injection task or none>`). */
  readonly run: string;
  /** The attack that produced the injection; null for a benign run. */
  readonly attack: string | null;
  readonly userTask: string;
}

export interface TrajectoryCorpus extends CorpusBase {
  readonly kind: 'trajectory';
  /** The models whose runs these are, in file order (one for a per-model corpus). */
  readonly models: readonly string[];
  /** Per scenario, in the same order: its model, run id, attack and user task. */
  readonly runs: readonly TrajectoryRunInfo[];
  /** Per model: logged runs that do not replay, counted by cause (docs/agentdyn.md#exclusion-causes). */
  readonly excluded: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Per model: injection-task-only runs, which are neither a user task nor an attack. */
  readonly skipped: Readonly<Record<string, number>>;
  /** The egress table of every tool of the suites, with a reason per tool. */
  readonly egress: readonly EgressRow[];
  /** The authors' own end-to-end results of the logged pipelines of these models: context, never compared. */
  readonly context: ContextFile['rows'];
  readonly contextMeasurement: string;
  /** The user tasks' ground-truth calls where they pass their own checker, by `<suite>-<user task>` (the buckets). */
  readonly groundTruth: ReadonlyMap<string, readonly Call[]>;
}

export type Corpus = BundledCorpus | GroundTruthCorpus | PairedCorpus | AttackCorpus | TrajectoryCorpus;
export type CorpusKind = Corpus['kind'];

export function calls(s: Scenario): Call[] {
  return s.trace.map((st) => st.call);
}

/**
 * The user's prompt a session begins with (protocol v2). The paired, attack and trajectory corpora
 * know the user's request of every run (a pair's is its twin's; every recorded run has a user
 * task). The ground truth and the bundled corpus have injection runs with no user task at all:
 * sending the benign runs' prompts there would tell a defense which runs are injections, so no run
 * gets one.
 */
export function sessionPrompt(corpus: Pick<Corpus, 'kind'>, s: Scenario): string | null {
  return corpus.kind === 'paired' || corpus.kind === 'attacks' || corpus.kind === 'trajectory' ? (s.prompt ?? null) : null;
}
