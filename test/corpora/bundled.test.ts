import { describe, expect, it } from 'vitest';
import { bundledCorpus } from '../../src/data/store.js';
import { evaluateCorpus, referenceDefenses } from '../../src/evaluate/corpus.js';
import { byName, quad, scorable } from '../helpers.js';

describe('bundled corpus', () => {
  const scenarios = bundledCorpus.scenarios;

  it("has 6 injection and 4 benign scenarios, in the original's order", () => {
    expect(scenarios.filter(scorable)).toHaveLength(6);
    expect(scenarios.filter((s) => s.kind === 'benign')).toHaveLength(4);
    expect(scenarios.map((s) => s.id)).toEqual([
      'workspace-exfil-inband',
      'banking-transfer-inband',
      'travel-leak-paraphrased',
      'slack-webhook-paraphrased',
      'workspace-redirect-dest',
      'workspace-summary-within-flow',
      'workspace-benign-forward',
      'banking-benign-summary',
      'travel-benign-summary',
      'slack-benign-summary',
    ]);
    expect(scenarios.filter((s) => s.kind === 'injection').every((s) => s.prompt === undefined && s.task !== '')).toBe(true);
  });

  it('reproduces the reference figures [blocked, injections, kept, benign]', () => {
    const report = evaluateCorpus(bundledCorpus, referenceDefenses(bundledCorpus));
    const r = byName(report.comparison.results);
    expect(quad(r['allow-all']!)).toEqual([0, 6, 4, 4]);
    expect(quad(r['deny-all']!)).toEqual([6, 6, 0, 4]);
    expect(quad(r['keyword-filter']!)).toEqual([3, 6, 3, 4]);
    expect(quad(r['flow-guard']!)).toEqual([5, 6, 4, 4]);
    // Not in the original's bundled set (it ran four defenses); deny-egress misses the in-flow summary.
    expect(quad(r['deny-egress']!)).toEqual([5, 6, 3, 4]);
  });

  it("sorts by block rate, then utility (the original's order)", () => {
    const names = ['allow-all', 'deny-all', 'keyword-filter', 'flow-guard'] as const;
    const report = evaluateCorpus(bundledCorpus, referenceDefenses(bundledCorpus, [...names]));
    expect(report.comparison.results.map((r) => r.defense)).toEqual(['deny-all', 'flow-guard', 'keyword-filter', 'allow-all']);
  });
});
