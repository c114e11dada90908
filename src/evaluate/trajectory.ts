// The report data of a trajectory corpus (docs/agentdyn.md#scoring): every defense's figures on
// the recorded runs, in AgentAntibody's form (ASR with and without the defense, utility under
// attack, benign utility, their SU-HM) and on the gate's own axes (the share of the undefended
// model's successful attacks the defense stops; the share of benign runs it leaves intact), pooled,
// per model, per suite, per under-specification bucket and per attack; beside them, clearly apart,
// the logged pipelines' own end-to-end results (context, never compared).
import type { TrajectoryCorpus } from '../corpora/corpus.js';
import type { ScoredResult } from '../model/result.js';
import type { Defense } from '../defenses/defense.js';
import { groupIndices } from '../scoring/compare.js';
import { breakdowns } from '../scoring/buckets.js';
import { scored } from '../scoring/rates.js';
import { tally } from '../scoring/tally.js';
import {
  asr,
  asrUndefended,
  benignUtility,
  benignUtilityConfirmed,
  benignUtilityUndefended,
  judgeRecorded,
  suHmAttack,
  trajectoryCounts,
  utilityUnderAttack,
  type Halts,
  type TrajectoryCounts,
} from '../scoring/trajectory.js';
import { versionsOf, type Versions } from './corpus.js';
import { classifierDefenses, type ClassifierTables } from './classifiers.js';

/** A defense's decisions on the corpus: its outcomes (judge.ts) and halts, in corpus order. */
export interface JudgedRecorded extends Halts {
  readonly defense: string;
  readonly outcomes: Uint8Array;
}

/** Rates as fractions; null for an empty group ("n/a", never 0). */
export interface TrajectoryRates {
  readonly asr: number | null;
  readonly asr_undefended: number | null;
  readonly utility_under_attack: number | null;
  readonly benign_utility: number | null;
  readonly benign_utility_undefended: number | null;
  readonly benign_utility_confirmed: number | null;
  /** Harmonic mean of 1 − ASR and utility under attack (AgentAntibody). */
  readonly su_hm_attack: number | null;
}

export interface TrajectoryRow {
  readonly defense: string;
  /** The gate's axes: injections_* count the attacks that succeeded undefended; benign_kept the runs left intact. */
  readonly gate: ScoredResult;
  readonly counts: TrajectoryCounts;
  readonly rates: TrajectoryRates;
}

export interface ModelSummary {
  readonly model: string;
  readonly runs: number;
  readonly attacked: number;
  readonly benign: number;
  readonly excluded: Readonly<Record<string, number>>;
  readonly skipped_injection_task_only: number;
}

export interface TrajectoryReport {
  readonly corpus: string;
  readonly kind: 'trajectory';
  readonly source: string;
  readonly benchmark: string;
  readonly models: readonly ModelSummary[];
  readonly results: readonly TrajectoryRow[];
  readonly by_model?: Readonly<Record<string, readonly TrajectoryRow[]>>;
  readonly by_suite: Readonly<Record<string, readonly TrajectoryRow[]>>;
  readonly by_bucket: Readonly<Record<string, readonly TrajectoryRow[]>>;
  readonly by_attack: Readonly<Record<string, readonly TrajectoryRow[]>>;
  /**
   * The classifier rows' tables (their rows are among the results), or "not scored" when no table
   * covers these texts: never a row of zeros.
   */
  readonly classifiers: 'not scored' | readonly { readonly label: string; readonly model: string; readonly path: string }[];
  readonly context: TrajectoryContext;
  readonly versions: Versions;
}

/** The logged pipelines' own end-to-end results, labelled: shown apart, never compared. */
export interface TrajectoryContext {
  readonly label: string;
  readonly measurement: string;
  readonly rows: TrajectoryCorpus['context'];
}

export const CONTEXT_LABEL = "live end to end, measured by AgentDyn's authors — a different measurement";

export function contextOf(corpus: TrajectoryCorpus): TrajectoryContext {
  return { label: CONTEXT_LABEL, measurement: corpus.contextMeasurement, rows: corpus.context };
}

const orNull = (x: number | undefined): number | null => (x === undefined ? null : x);

export function trajectoryRow(corpus: TrajectoryCorpus, j: JudgedRecorded, indices?: readonly number[]): TrajectoryRow {
  const counts = trajectoryCounts(corpus.scenarios, j, indices);
  return {
    defense: j.defense,
    gate: scored(tally(j.defense, j.outcomes, indices)),
    counts,
    rates: {
      asr: orNull(asr(counts)),
      asr_undefended: orNull(asrUndefended(counts)),
      utility_under_attack: orNull(utilityUnderAttack(counts)),
      benign_utility: orNull(benignUtility(counts)),
      benign_utility_undefended: orNull(benignUtilityUndefended(counts)),
      benign_utility_confirmed: orNull(benignUtilityConfirmed(counts)),
      su_hm_attack: orNull(suHmAttack(counts)),
    },
  };
}

export function judgeRecordedAll(defenses: readonly Defense[], corpus: TrajectoryCorpus): JudgedRecorded[] {
  return defenses.map((d) => ({ defense: d.name, ...judgeRecorded(d, corpus.scenarios) }));
}

export function evaluateTrajectories(
  corpus: TrajectoryCorpus,
  defenses: readonly Defense[],
  opts: { judged?: readonly JudgedRecorded[]; classifiers?: ClassifierTables | undefined } = {},
): TrajectoryReport {
  const built = opts.classifiers ? classifierDefenses(opts.classifiers) : [];
  const all = [...(opts.judged ?? []), ...judgeRecordedAll([...defenses, ...built.flatMap((b) => b.defenses)], corpus)];
  const index = new Map(corpus.scenarios.map((s, i) => [s, i]));
  const groups = (key: (i: number) => string | undefined) => {
    const idx = groupIndices(corpus.scenarios, (s) => key(index.get(s)!));
    return Object.fromEntries([...idx].map(([k, is]) => [k, all.map((j) => trajectoryRow(corpus, j, is))]));
  };
  const bucket = breakdowns(corpus).by_bucket!;
  const attacks = new Set(corpus.runs.map((r) => r.attack).filter((a) => a !== null));
  const models = corpus.models.map((model): ModelSummary => {
    const mine = corpus.runs.flatMap((r, i) => (r.model === model ? [corpus.scenarios[i]!] : []));
    return {
      model,
      runs: mine.length,
      attacked: mine.filter((s) => s.kind === 'injection').length,
      benign: mine.filter((s) => s.kind === 'benign').length,
      excluded: corpus.excluded[model] ?? {},
      skipped_injection_task_only: corpus.skipped[model] ?? 0,
    };
  });
  return {
    corpus: corpus.name,
    kind: 'trajectory',
    source: corpus.source,
    benchmark: corpus.benchmark,
    models,
    results: all.map((j) => trajectoryRow(corpus, j)),
    ...(corpus.models.length > 1 ? { by_model: groups((i) => corpus.runs[i]!.model) } : {}),
    by_suite: groups((i) => corpus.scenarios[i]!.suite),
    by_bucket: groups((i) => bucket(corpus.scenarios[i]!) ?? 'no bucket (ground truth fails its checker)'),
    by_attack: attacks.size > 1 ? groups((i) => corpus.runs[i]!.attack ?? undefined) : {},
    classifiers: built.length === 0 ? 'not scored' : built.map((b) => ({ label: b.label, model: b.table.table.model, path: b.table.path })),
    context: contextOf(corpus),
    versions: versionsOf(corpus, built.length > 0 ? opts.classifiers : undefined),
  };
}
