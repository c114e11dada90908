// The library's entry point: run defenses over a corpus and build its report. The CLI and the
// action are thin shells over this; it does no I/O beyond what the defenses do.
import type { Corpus, GroundTruthCorpus } from './corpora/corpus.js';
import type { Defense } from './defenses/defense.js';
import { flowGuard } from './defenses/egress.js';
import { referenceDefense, REFERENCE_DEFENSES, type ReferenceDefenseName } from './defenses/registry.js';
import { bySuite, compare, judgeAll } from './scoring/compare.js';
import { judge } from './scoring/judge.js';
import { stripProvenance, sweep, SWEEP_SEED, SWEEP_TRIALS } from './scoring/sweep.js';
import { tally } from './scoring/tally.js';
import { suiteRecord, withSuHm, type CorpusReport } from './report/corpus-report.js';
import { TOOL_VERSION } from './version.js';

export interface EvaluateOptions {
  /** Run the label-error sweep (ground-truth corpus only). */
  sweep?: boolean;
}

export function referenceDefenses(corpus: Corpus, names: readonly ReferenceDefenseName[] = REFERENCE_DEFENSES): Defense[] {
  return names.map((n) => referenceDefense(n, corpus.policy));
}

function isGroundTruth(c: Corpus): c is GroundTruthCorpus {
  return 'corrected' in c;
}

export function evaluateCorpus(corpus: Corpus, defenses: readonly Defense[], opts: EvaluateOptions = {}): CorpusReport {
  const judged = judgeAll(defenses, corpus.scenarios);
  const report: CorpusReport = {
    corpus: corpus.name,
    comparison: { results: compare(judged).map(withSuHm) },
    versions: { tool: TOOL_VERSION, corpus: corpus.name, corpus_sha256: corpus.version },
  };
  if (corpus.name === 'bundled') return report;
  const { versions } = report;
  delete (report as Partial<CorpusReport>).versions; // keep the original's key order, ours last
  report.by_suite = suiteRecord(bySuite(judged, corpus.scenarios));
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
  report.versions = versions;
  return report;
}
