// The library's entry point: run defenses over a corpus and build its report data. The CLI and the
// action are thin shells over this; it does no I/O beyond what the defenses do. The report's shape
// follows the original's JSON so the JSON renderer is a plain serialisation; our additions (su_hm
// on every result, the breakdowns, versions) come after the original's keys, never between them.
import type { Corpus } from '../corpora/corpus.js';
import type { Diagnostics } from '../model/corpus-file.js';
import type { EgressPolicy } from '../model/policy.js';
import type { Result, ScoredResult } from '../model/result.js';
import { TOOL_VERSION } from '../model/version.js';
import type { Defense } from '../defenses/defense.js';
import { flowGuard } from '../defenses/egress.js';
import { referenceDefense, REFERENCE_DEFENSES, type ReferenceDefenseName } from '../defenses/registry.js';
import { bySuite, compare, compareBy, judgeAll, type Judged } from '../scoring/compare.js';
import { breakdowns } from '../scoring/buckets.js';
import { judge } from '../scoring/judge.js';
import { scored } from '../scoring/rates.js';
import { stripProvenance, sweep, SWEEP_SEED, SWEEP_TRIALS, type SweepPoint } from '../scoring/sweep.js';
import { tally } from '../scoring/tally.js';
import { classifierDefenses, classifierDetails, type ClassifierDetails, type ClassifierTables } from './classifiers.js';

export interface LabelSweep {
  base_labels: 'corrected';
  trials: number;
  seed: number;
  labels_stripped: ScoredResult;
  missed_taint: SweepPoint[];
  over_taint: SweepPoint[];
}

/** What the figures were computed from: printed in every output. */
export interface Versions {
  tool: string;
  corpus: string;
  corpus_sha256: string;
  /** The benchmark version the corpus was derived under. */
  benchmark: string;
  /** Each file the corpus is built from, when there are several (the attack corpora read the paired one too). */
  corpus_files?: Record<string, string>;
  score_tables?: Record<string, string>;
}

export interface CorpusReport {
  corpus: string;
  comparison: { results: ScoredResult[] };
  by_suite?: Record<string, ScoredResult[]>;
  provenance_diagnostics?: Diagnostics;
  unscorable?: string[];
  flow_guard_corrected_labels?: ScoredResult;
  flow_guard_label_sweep?: LabelSweep;
  classifiers?: ClassifierDetails[];
  /** Ours: Compare per under-specification bucket of the user task (docs/analyses.md). */
  under_specification?: Record<string, ScoredResult[]>;
  /** Ours: Compare per attack class of the pair (paired corpus). */
  attack_classes?: Record<string, ScoredResult[]>;
  versions: Versions;
}

export interface EvaluateOptions {
  /** Run the label-error sweep (ground-truth corpus only). */
  sweep?: boolean;
  /** Classifier tables, already checked to cover the corpus (paired corpus). */
  classifiers?: ClassifierTables | undefined;
  /** Defenses already judged elsewhere (an external defense scored by the driver), in corpus order. */
  judged?: readonly Judged[] | undefined;
}

export function referenceDefenses(
  corpus: { readonly policy: EgressPolicy },
  names: readonly ReferenceDefenseName[] = REFERENCE_DEFENSES,
): Defense[] {
  return names.map((n) => referenceDefense(n, corpus.policy));
}

export const scoredRecord = (m: Map<string, Result[]>): Record<string, ScoredResult[]> =>
  Object.fromEntries([...m].map(([k, v]) => [k, v.map(scored)]));

export function versionsOf(corpus: Corpus, classifiers?: ClassifierTables): Versions {
  const v: Versions = { tool: TOOL_VERSION, corpus: corpus.name, corpus_sha256: corpus.version, benchmark: corpus.benchmark };
  if (Object.keys(corpus.files).length > 1) v.corpus_files = { ...corpus.files };
  if (classifiers && classifiers.tables.length > 0) v.score_tables = Object.fromEntries(classifiers.tables.map((t) => [t.path, t.sha256]));
  return v;
}

export function evaluateCorpus(corpus: Corpus, defenses: readonly Defense[], opts: EvaluateOptions = {}): CorpusReport {
  const built = opts.classifiers && corpus.kind === 'paired' ? classifierDefenses(opts.classifiers) : [];
  const all = [...defenses, ...built.flatMap((b) => b.defenses)];
  const judged = [...(opts.judged ?? []), ...judgeAll(all, corpus.scenarios)];
  const report: CorpusReport = { corpus: corpus.name, comparison: { results: compare(judged).map(scored) } } as CorpusReport;
  if (corpus.kind !== 'bundled') report.by_suite = scoredRecord(bySuite(judged, corpus.scenarios));
  if (corpus.kind === 'ground-truth') {
    report.provenance_diagnostics = corpus.diagnostics;
    if (corpus.unscorable.length > 0) report.unscorable = [...corpus.unscorable];
    const guard = flowGuard(corpus.policy);
    report.flow_guard_corrected_labels = scored(tally(guard.name, judge(guard, corpus.corrected)));
    if (opts.sweep) {
      report.flow_guard_label_sweep = {
        base_labels: 'corrected',
        trials: SWEEP_TRIALS,
        seed: SWEEP_SEED,
        labels_stripped: scored(tally(guard.name, judge(guard, stripProvenance(corpus.corrected)))),
        missed_taint: sweep(guard, corpus.corrected, 'missed-taint'),
        over_taint: sweep(guard, corpus.corrected, 'over-taint'),
      };
    }
  }
  if (built.length > 0 && corpus.kind === 'paired') {
    const byDefense = new Map(all.map((d, i) => [d, judged[i]!.outcomes]));
    report.classifiers = classifierDetails(corpus.scenarios, corpus.carriesInjection, opts.classifiers!.threshold, built, (d) =>
      byDefense.get(d),
    );
  }
  const groups = breakdowns(corpus);
  if (groups.by_bucket) report.under_specification = scoredRecord(compareBy(judged, corpus.scenarios, groups.by_bucket));
  if (groups.by_attack_class) report.attack_classes = scoredRecord(compareBy(judged, corpus.scenarios, groups.by_attack_class));
  report.versions = versionsOf(corpus, built.length > 0 ? opts.classifiers : undefined);
  return report;
}
