// Two breakdowns no published table has, derived mechanically from the corpora
// (docs/analyses.md). Under-specification bucket of a user task (after AutoDojo): how much of the
// task the prompt pins down. Attack class of a pair: whether the injection hijacks a tool the user
// task never uses, or manipulates the arguments of a tool it already uses.
import type { Call, Scenario } from '../model/call.js';
import { Provenance } from '../model/call.js';
import type { Corpus, TrajectoryCorpus } from '../corpora/corpus.js';

export const BUCKETS = ['fully-specified', 'param-open', 'action-open'] as const;
export type Bucket = (typeof BUCKETS)[number];

export const ATTACK_CLASSES = ['tool-hijack', 'parameter-manipulation'] as const;
export type AttackClass = (typeof ATTACK_CLASSES)[number];

/** Words that name no particular action: "get_…" or "…_most_recent_…" say nothing a prompt would echo. */
const GENERIC = new Set(['get', 'list', 'search', 'find', 'most', 'recent', 'current']);

/**
 * A prompt names a tool when one of the tool name's content words (split on "_", generic verbs
 * and words under 3 letters dropped) begins a word of the prompt, compared on the first five
 * letters so plurals and inflections match ("events" ~ "event", "reservation" !~ "reserve").
 */
export function promptNamesTool(prompt: string, tool: string): boolean {
  const words = new Set(
    prompt
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 0),
  );
  const stems = new Set([...words].map((w) => w.slice(0, 5)));
  return tool
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !GENERIC.has(w))
    .some((w) => stems.has(w.slice(0, 5)));
}

/**
 * action-open: the prompt names none of the tools the task calls; else param-open: some argument
 * is not trusted by the prompt rule (its value comes from tool output); else fully-specified.
 * The most open bucket wins. A task with no calls is fully specified (nothing left open).
 */
export function underSpecification(prompt: string, calls: readonly Call[]): Bucket {
  if (calls.length > 0 && !calls.some((c) => promptNamesTool(prompt, c.tool))) return 'action-open';
  if (calls.some((c) => c.args.some((a) => a.provenance !== Provenance.Trusted))) return 'param-open';
  return 'fully-specified';
}

/**
 * The bucket of a scenario's user task: a benign task from its own prompt and calls, a pair from
 * its twin's. Injection-only scenarios (ground truth) have no user task and no bucket.
 */
export function bucketOf(s: Scenario): Bucket | undefined {
  if (s.prompt === undefined) return undefined;
  let b = buckets.get(s);
  if (b === undefined) buckets.set(s, (b = underSpecification(s.prompt, s.kind === 'benign' ? s.trace.map((st) => st.call) : s.twin)));
  return b;
}

// Every grouping of a run (results, report rows, the results file) asks again: remember per scenario.
const buckets = new WeakMap<Scenario, Bucket>();

/** tool-hijack: an injected call uses a tool the user task never calls; else parameter-manipulation. */
export function attackClass(pair: Scenario): AttackClass | undefined {
  const injected = pair.trace.filter((st) => st.injected).map((st) => st.call.tool);
  // Unscorable (nothing injected) or no benign twin recorded (ground truth): nothing to compare.
  if (injected.length === 0 || pair.twin.length === 0) return undefined;
  const userTools = new Set(pair.twin.map((c) => c.tool));
  return injected.some((t) => !userTools.has(t)) ? 'tool-hijack' : 'parameter-manipulation';
}

/** The breakdowns reported for a corpus, by result key; none for the illustrative bundled corpus. */
export const BREAKDOWN_TITLES = { by_bucket: 'under-specification bucket', by_attack_class: 'attack class' } as const;
export type Breakdown = keyof typeof BREAKDOWN_TITLES;

export function breakdowns(corpus: BreakdownSource): Partial<Record<Breakdown, (s: Scenario) => string | undefined>> {
  switch (corpus.kind) {
    case 'bundled':
      return {};
    case 'ground-truth':
      return { by_bucket: bucketOf };
    case 'paired':
    case 'attacks':
      return { by_bucket: bucketOf, by_attack_class: attackClass };
    case 'trajectory':
      return { by_bucket: recordedBucket(corpus) };
  }
}

/** What the breakdowns need of a corpus: its kind, and for recorded runs their user tasks and those tasks' ground truth. */
export type BreakdownSource =
  Pick<Exclude<Corpus, TrajectoryCorpus>, 'kind'> | Pick<TrajectoryCorpus, 'kind' | 'scenarios' | 'runs' | 'groundTruth'>;

/**
 * A recorded run's bucket is its user task's: from the task's prompt and its ground-truth calls
 * (the model's own calls would give each model a different bucket for the same task). A task whose
 * ground truth fails its own checker has no calls to judge by, and no bucket.
 */
function recordedBucket(corpus: Pick<TrajectoryCorpus, 'scenarios' | 'runs' | 'groundTruth'>): (s: Scenario) => Bucket | undefined {
  const taskOf = new Map(corpus.scenarios.map((s, i) => [s, `${s.suite}-${corpus.runs[i]!.userTask}`]));
  const memo = new Map<string, Bucket | undefined>();
  return (s) => {
    const task = taskOf.get(s);
    if (task === undefined) return undefined;
    if (!memo.has(task)) {
      const calls = corpus.groundTruth.get(task);
      memo.set(task, calls === undefined || s.prompt === undefined ? undefined : underSpecification(s.prompt, calls));
    }
    return memo.get(task);
  };
}
