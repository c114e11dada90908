// Compare (docs/scoring.md#ranking) and the per-group breakdowns built on it.
import type { Scenario } from '../model/call.js';
import type { Result } from '../model/result.js';
import type { Defense } from '../defenses/defense.js';
import { judge } from './judge.js';
import { blockRate, utilityRate } from './rates.js';
import { tally } from './tally.js';

/** One defense's outcomes over a scenario list, kept so subsets can be tallied for free. */
export interface Judged {
  readonly defense: string;
  readonly outcomes: Uint8Array;
  /** Per scenario, the confirmations the defense asked for in benign runs (protocol v2's ask); absent for defenses that cannot ask. */
  readonly asks?: Uint16Array | undefined;
}

/** Stable sort: block rate descending, then utility rate descending (exact float equality); an empty group counts 0. */
export function rank(results: readonly Result[]): Result[] {
  const b = (r: Result): number => blockRate(r) ?? 0;
  const u = (r: Result): number => utilityRate(r) ?? 0;
  return [...results].sort((x, y) => b(y) - b(x) || u(y) - u(x));
}

export function judgeAll(defenses: readonly Defense[], scenarios: readonly Scenario[]): Judged[] {
  return defenses.map((d) => ({ defense: d.name, outcomes: judge(d, scenarios) }));
}

export function compare(judged: readonly Judged[], indices?: readonly number[]): Result[] {
  return rank(judged.map((j) => tally(j.defense, j.outcomes, indices, j.asks)));
}

/** Scenario indices grouped by a key, groups sorted by key, members in scenario order. */
export function groupIndices<K extends string>(scenarios: readonly Scenario[], key: (s: Scenario) => K | undefined): Map<K, number[]> {
  const groups = new Map<K, number[]>();
  scenarios.forEach((s, i) => {
    const k = key(s);
    if (k === undefined) return;
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  });
  return new Map([...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Compare within each group of scenarios (groups sorted by key), from outcomes already judged. */
export function compareBy(
  judged: readonly Judged[],
  scenarios: readonly Scenario[],
  key: (s: Scenario) => string | undefined,
): Map<string, Result[]> {
  return new Map([...groupIndices(scenarios, key)].map(([k, idx]) => [k, compare(judged, idx)]));
}

/** Compare per suite; suites in sorted order. */
export function bySuite(judged: readonly Judged[], scenarios: readonly Scenario[]): Map<string, Result[]> {
  return compareBy(judged, scenarios, (s) => s.suite);
}
