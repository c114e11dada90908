// What the report shows beside the defense's own figures on one corpus: the baselines (reference
// and classifier defenses, any sync Defense) overall and per suite, and the benign tasks the
// defense broke with its first denial.
import type { Scenario } from '../model/call.js';
import type { Defense } from '../defenses/defense.js';
import { bySuite, compare, judgeAll } from '../scoring/compare.js';
import { Outcome } from '../scoring/judge.js';
import type { CorpusExtras, Denial } from './render.js';

export function corpusExtras(
  scenarios: readonly Scenario[],
  baselines: readonly Defense[],
  outcomes: Uint8Array,
  denials: ReadonlyMap<string, Denial>,
): CorpusExtras {
  const judged = judgeAll(baselines, scenarios);
  const brokenBenign: Denial[] = [];
  scenarios.forEach((s, i) => {
    if (outcomes[i] !== Outcome.BenignBroken) return;
    brokenBenign.push(denials.get(s.id) ?? { scenario: s.id, step: -1, tool: '?', reason: '(reason not recorded)' });
  });
  return {
    baselines: compare(judged),
    baselinesBySuite: Object.fromEntries(bySuite(judged, scenarios)),
    scenarioIds: scenarios.map((s) => s.id),
    brokenBenign,
  };
}
