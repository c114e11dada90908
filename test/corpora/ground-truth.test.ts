// The ground-truth corpus's published figures, recomputed from the committed corpora/agentdojo-v1.2.json.gz.
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../../src/data/store.js';
import { evaluateCorpus, referenceDefenses } from '../../src/evaluate/corpus.js';
import { flowGuard } from '../../src/defenses/egress.js';
import { judge } from '../../src/scoring/judge.js';
import { tally } from '../../src/scoring/tally.js';
import { stripProvenance, sweep, relabel } from '../../src/scoring/sweep.js';
import { PCG } from '../../src/scoring/pcg.js';
import { byName, quad, scorable } from '../helpers.js';
import { renderText } from '../../src/report/text.js';

const corpus = new CorpusStore().groundTruth();

describe('ground-truth corpus (docs/corpora.md#the-ground-truth-corpus)', () => {
  it('has 97 benign and 35 injection tasks, 9 unscorable', () => {
    const s = corpus.scenarios;
    expect(s.filter((x) => x.kind === 'benign')).toHaveLength(97);
    expect(s.filter((x) => x.kind === 'injection')).toHaveLength(35);
    expect(corpus.unscorable).toHaveLength(9);
    expect(s.filter(scorable)).toHaveLength(26);
  });

  it('splits tasks by suite as the README and AgentDojo v1.2 say', () => {
    const count = (pred: (x: (typeof corpus.scenarios)[number]) => boolean) =>
      Object.fromEntries(['workspace', 'travel', 'banking', 'slack'].map((su) => [su, corpus.scenarios.filter((x) => x.suite === su && pred(x)).length]));
    expect(count((x) => x.kind === 'benign')).toEqual({ workspace: 40, travel: 20, banking: 16, slack: 21 });
    expect(count((x) => x.kind === 'injection')).toEqual({ workspace: 14, travel: 7, banking: 9, slack: 5 });
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

  it("prints the label sweep table (the original's layout), pinned", () => {
    const text = renderText(evaluateCorpus(corpus, referenceDefenses(corpus), { sweep: true }));
    const start = text.indexOf('flow-guard label sweep');
    const end = text.indexOf('unscorable injection tasks');
    // Our own run's figures (the original published none), pinned so any change to the RNG stream,
    // the traversal order or the formatting is caught.
    expect(text.slice(start, end)).toBe(
    [
      'flow-guard label sweep: base = corrected labels, 100 trials per rate, seed 20260922',
      '',
      'missed taint (untrusted labeled trusted)',
      'rate   block mean [min-max]     utility mean [min-max]  ',
      '0.00    85% [ 85- 85]            55% [ 55- 55]          ',
      '0.05    84% [ 77- 85]            56% [ 55- 60]          ',
      '0.10    84% [ 77- 85]            58% [ 55- 62]          ',
      '0.20    83% [ 73- 85]            61% [ 57- 70]          ',
      '0.30    81% [ 69- 85]            64% [ 59- 72]          ',
      '0.50    73% [ 50- 85]            72% [ 65- 79]          ',
      '0.75    51% [ 31- 69]            83% [ 75- 90]          ',
      '1.00     0% [  0-  0]           100% [100-100]          ',
      '',
      'over-taint (trusted labeled untrusted)',
      'rate   block mean [min-max]     utility mean [min-max]  ',
      '0.00    85% [ 85- 85]            55% [ 55- 55]          ',
      '0.05    85% [ 85- 85]            54% [ 51- 55]          ',
      '0.10    85% [ 85- 85]            53% [ 48- 55]          ',
      '0.20    85% [ 85- 85]            51% [ 48- 55]          ',
      '0.30    85% [ 85- 85]            50% [ 47- 54]          ',
      '0.50    85% [ 85- 85]            49% [ 47- 52]          ',
      '0.75    85% [ 85- 85]            48% [ 47- 49]          ',
      '1.00    85% [ 85- 85]            47% [ 47- 47]          ',
      '',
      'labels stripped (no provenance tracking): block 22/26 (85%), utility 46/97 (47%)',
    ].join('\n') + '\n',
    );
  });
});
