// The library's entry point: run defenses over a corpus and build its report. The CLI and the
// action are thin shells over this; it does no I/O beyond what the defenses do.
import type { Corpus, GroundTruthCorpus, PairedCorpus } from './corpora/corpus.js';
import type { LoadedTable } from './corpora/score-tables.js';
import type { Defense } from './defenses/defense.js';
import { flowGuard } from './defenses/egress.js';
import { referenceDefense, REFERENCE_DEFENSES, type ReferenceDefenseName } from './defenses/registry.js';
import { benignContextFlags, classifier, classifierLabels, injectedContextDetections, Scorer, SCOPES } from './defenses/classifier.js';
import { bySuite, compare, compareBy, judgeAll } from './scoring/compare.js';
import { breakdowns } from './scoring/buckets.js';
import { judge } from './scoring/judge.js';
import { stripProvenance, sweep, SWEEP_SEED, SWEEP_TRIALS } from './scoring/sweep.js';
import { tally } from './scoring/tally.js';
import { suiteRecord, withSuHm, type CorpusReport } from './report/corpus-report.js';
import { THRESHOLD_SWEEP, type ClassifierJson } from './report/classifier-report.js';
import { TOOL_VERSION } from './version.js';

export interface ClassifierBaselines {
  readonly tables: readonly LoadedTable[];
  readonly threshold: number;
}

export interface EvaluateOptions {
  /** Run the label-error sweep (ground-truth corpus only). */
  sweep?: boolean;
  /** Classifier tables, already checked to cover the corpus (paired corpus). */
  classifiers?: ClassifierBaselines;
}

export function referenceDefenses(corpus: Pick<Corpus, 'policy'>, names: readonly ReferenceDefenseName[] = REFERENCE_DEFENSES): Defense[] {
  return names.map((n) => referenceDefense(n, corpus.policy));
}

/** One classifier per table and scope (context, args, both), labelled by publisher. */
export function classifierDefenses(c: ClassifierBaselines): { label: string; scorer: Scorer; defenses: Defense[] }[] {
  const labels = classifierLabels(c.tables.map((t) => t.table));
  return c.tables.map((t, i) => {
    const scorer = new Scorer(t.table);
    const label = labels[i]!;
    return { label, scorer, defenses: SCOPES.map((scope) => classifier(scorer, c.threshold, scope, label)) };
  });
}

function isGroundTruth(c: Corpus): c is GroundTruthCorpus {
  return 'corrected' in c;
}

function isPaired(c: Corpus): c is PairedCorpus {
  return 'carriesInjection' in c;
}

function classifierDetails(corpus: PairedCorpus, c: ClassifierBaselines, built: ReturnType<typeof classifierDefenses>): ClassifierJson[] {
  return built.map(({ label, scorer }, i) => {
    const t = c.tables[i]!.table;
    const injected = injectedContextDetections(scorer, corpus.scenarios, corpus.carriesInjection, c.threshold);
    const benign = benignContextFlags(scorer, corpus.scenarios, c.threshold);
    return {
      injected_tool_outputs_detected: injected.detected,
      injected_tool_outputs_total: injected.total,
      name: label,
      benign_tool_outputs_flagged: benign.detected,
      benign_tool_outputs_total: benign.total,
      model: t.model,
      revision: t.revision,
      positive_label: t.positive_label,
      runtime: t.runtime ?? null,
      chunking: t.chunking ?? null,
      threshold_sweep: THRESHOLD_SWEEP.map((thr) => {
        const d = classifier(scorer, thr, 'both', label);
        return withSuHm(tally(d.name, judge(d, corpus.scenarios)));
      }),
    };
  });
}

export function evaluateCorpus(corpus: Corpus, defenses: readonly Defense[], opts: EvaluateOptions = {}): CorpusReport {
  const built = opts.classifiers && isPaired(corpus) ? classifierDefenses(opts.classifiers) : [];
  const all = [...defenses, ...built.flatMap((b) => b.defenses)];
  const judged = judgeAll(all, corpus.scenarios);
  const report: CorpusReport = { corpus: corpus.name, comparison: { results: compare(judged).map(withSuHm) } } as CorpusReport;
  if (corpus.name !== 'bundled') report.by_suite = suiteRecord(bySuite(judged, corpus.scenarios));
  if (isGroundTruth(corpus)) {
    report.provenance_diagnostics = corpus.diagnostics;
    if (corpus.unscorable.length > 0) report.unscorable = [...corpus.unscorable];
    const guard = flowGuard(corpus.policy);
    report.flow_guard_corrected_labels = withSuHm(tally(guard.name, judge(guard, corpus.corrected)));
    if (opts.sweep) {
      report.flow_guard_label_sweep = {
        base_labels: 'corrected',
        trials: SWEEP_TRIALS,
        seed: SWEEP_SEED,
        labels_stripped: withSuHm(tally(guard.name, judge(guard, stripProvenance(corpus.corrected)))),
        missed_taint: sweep(guard, corpus.corrected, 'missed-taint'),
        over_taint: sweep(guard, corpus.corrected, 'over-taint'),
      };
    }
  }
  if (built.length > 0 && isPaired(corpus)) report.classifiers = classifierDetails(corpus, opts.classifiers!, built);
  const groups = breakdowns(corpus);
  if (groups.by_bucket) report.under_specification = suiteRecord(compareBy(judged, corpus.scenarios, groups.by_bucket));
  if (groups.by_attack_class) report.attack_classes = suiteRecord(compareBy(judged, corpus.scenarios, groups.by_attack_class));
  // Ours, after the original's keys: what the figures were computed from.
  report.versions = { tool: TOOL_VERSION, corpus: corpus.name, corpus_sha256: corpus.version };
  if (opts.classifiers && built.length > 0) {
    report.versions.score_tables = Object.fromEntries(opts.classifiers.tables.map((t) => [t.path, t.sha256]));
  }
  return report;
}
