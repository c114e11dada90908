// What the report shows beside the defense's own figures on one corpus: the baselines (reference
// and classifier defenses, any sync Defense) overall and per suite, and the benign tasks the
// defense broke with its first denial.
import type { Scenario } from '../model/call.js';
import type { Defense } from '../defenses/defense.js';
import { bySuite, compare, compareBy, judgeAll } from '../scoring/compare.js';
import { breakdowns } from '../scoring/buckets.js';
import { Outcome } from '../scoring/judge.js';
import type { CorpusExtras, Denial } from './render.js';

export function corpusExtras(
  corpus: { readonly name: string; readonly scenarios: readonly Scenario[] },
  baselines: readonly Defense[],
  outcomes: Uint8Array,
  denials: ReadonlyMap<string, Denial>,
): CorpusExtras {
  const { scenarios } = corpus;
  const judged = judgeAll(baselines, scenarios);
  const baselinesByGroup = Object.fromEntries(
    Object.entries(breakdowns(corpus)).map(([group, key]) => [group, Object.fromEntries(compareBy(judged, scenarios, key))]),
  );
  const brokenBenign: Denial[] = [];
  scenarios.forEach((s, i) => {
    if (outcomes[i] !== Outcome.BenignBroken) return;
    brokenBenign.push(denials.get(s.id) ?? { scenario: s.id, step: -1, tool: '?', reason: '(reason not recorded)' });
  });
  return {
    baselines: compare(judged),
    baselinesBySuite: Object.fromEntries(bySuite(judged, scenarios)),
    baselinesByGroup,
    scenarioIds: scenarios.map((s) => s.id),
    brokenBenign,
  };
}
