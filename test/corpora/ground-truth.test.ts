// Spec §9, ground-truth corpus: recomputed from the committed corpora/agentdojo-v1.2.json.gz.
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../../src/corpora/registry.js';
import { evaluateCorpus, referenceDefenses } from '../../src/evaluate.js';
import { flowGuard } from '../../src/defenses/egress.js';
import { judge, isInjection } from '../../src/scoring/judge.js';
import { tally } from '../../src/scoring/tally.js';
import { stripProvenance, sweep, relabel } from '../../src/scoring/sweep.js';
import { PCG } from '../../src/scoring/pcg.js';
import { byName, quad } from '../helpers.js';

const corpus = new CorpusStore().groundTruth();

describe('ground-truth corpus (spec §1.5, §9)', () => {
  it('has 97 benign and 35 injection tasks, 9 unscorable', () => {
    const s = corpus.scenarios;
    expect(s.filter((x) => x.goal === '')).toHaveLength(97);
    expect(s.filter((x) => x.goal !== '')).toHaveLength(35);
    expect(corpus.unscorable).toHaveLength(9);
    expect(s.filter(isInjection)).toHaveLength(26);
  });

  it('splits tasks by suite as the README and AgentDojo v1.2 say', () => {
    const count = (pred: (x: (typeof corpus.scenarios)[number]) => boolean) =>
      Object.fromEntries(['workspace', 'travel', 'banking', 'slack'].map((su) => [su, corpus.scenarios.filter((x) => x.suite === su && pred(x)).length]));
    expect(count((x) => x.goal === '')).toEqual({ workspace: 40, travel: 20, banking: 16, slack: 21 });
    expect(count((x) => x.goal !== '')).toEqual({ workspace: 14, travel: 7, banking: 9, slack: 5 });
    expect(count((x) => corpus.unscorable.includes(x.id))).toEqual({ workspace: 8, travel: 1, banking: 0, slack: 0 });
  });

  it('carries the diagnostics: 293 = 224 in environment + 69 in neither', () => {
    expect(corpus.diagnostics).toEqual({ benign_untrusted_args: 293, tasks_skipped: 0, untrusted_in_environment: 224, untrusted_in_neither: 69 });
  });

  it('reproduces the reference defenses, unscored 9 each', () => {
    const report = evaluateCorpus(corpus, referenceDefenses(corpus));
    const r = byName(report.comparison.results);
    expect(quad(r['allow-all']!)).toEqual([0, 26, 97, 97]);
    expect(quad(r['deny-all']!)).toEqual([26, 26, 0, 97]);
    expect(quad(r['keyword-filter']!)).toEqual([1, 26, 94, 97]);
    expect(quad(r['deny-egress']!)).toEqual([22, 26, 46, 97]);
    expect(quad(r['flow-guard']!)).toEqual([22, 26, 48, 97]);
    for (const x of report.comparison.results) {
      expect(x.unscored).toBe(9);
      // No baselines and every injection step injected: attributable == blocked, halted == 0.
      expect(x.injections_attributable).toBe(x.injections_blocked);
      expect(x.injections_halted_in_task).toBe(0);
    }
  });

  it('flow-guard on the corrected view (69 values relabeled trusted): 22/26, 53/97', () => {
    let relabeled = 0;
    corpus.scenarios.forEach((s, i) =>
      s.trace.forEach((st, j) => st.call.args.forEach((a, k) => {
        if (a.provenance !== corpus.corrected[i]!.trace[j]!.call.args[k]!.provenance) relabeled++;
      })),
    );
    expect(relabeled).toBe(69);
    const g = flowGuard(corpus.policy);
    expect(quad(tally(g.name, judge(g, corpus.corrected)))).toEqual([22, 26, 53, 97]);
  });

  it('flow-guard on stripped labels equals deny-egress in every field but the name', () => {
    const g = flowGuard(corpus.policy);
    const stripped = tally('x', judge(g, stripProvenance(corpus.corrected)));
    const [denyEgress] = referenceDefenses(corpus, ['deny-egress']);
    expect(stripped).toEqual(tally('x', judge(denyEgress!, corpus.scenarios)));
  });

  it('relabel draws exactly once per argument and never changes its input', () => {
    const args = corpus.scenarios.reduce((n, s) => n + s.trace.reduce((m, st) => m + st.call.args.length, 0), 0);
    let draws = 0;
    const rng = { float64: () => (draws++, 0.5) };
    const before = JSON.stringify(corpus.corrected);
    relabel(corpus.corrected, 0, 0, rng);
    expect(draws).toBe(args);
    expect(JSON.stringify(corpus.corrected)).toBe(before);
  });

  it('the sweep is the corrected result at rate 0 and deterministic across runs', () => {
    const g = flowGuard(corpus.policy);
    const a = sweep(g, corpus.corrected, 'missed-taint', [0, 0.3], 10);
    // Means are float sums in trial order, as in Go: equal to the rate up to rounding.
    expect(a[0]).toMatchObject({ block_min: 22 / 26, block_max: 22 / 26, utility_min: 53 / 97, utility_max: 53 / 97 });
    expect(a[0]!.block_mean).toBeCloseTo(22 / 26, 12);
    expect(sweep(g, corpus.corrected, 'missed-taint', [0, 0.3], 10)).toEqual(a);
    // Trial t uses PCG(seed, t): rerunning trial 0 by hand gives the same block rate bounds.
    const t0 = tally('x', judge(g, relabel(corpus.corrected, 0.3, 0, new PCG(20260922, 0))));
    expect(a[1]!.block_min).toBeLessThanOrEqual(t0.injections_blocked / t0.injections_total);
  });
});
