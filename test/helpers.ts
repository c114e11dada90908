// Small builders for scenarios in tests: plain objects, no mocks.
import type { Call, Scenario, Step } from '../src/model/call.js';
import type { Defense } from '../src/defenses/defense.js';
import type { Result } from '../src/model/result.js';
import type { ScoreTable } from '../src/model/score-table.js';
import { missingKeys } from '../src/defenses/classifier.js';

export const mkCall = (tool: string, text = '', provenance = 'trusted', extra: Partial<Call> = {}): Call => ({
  tool,
  args: text === '' ? [] : [{ provenance, text }],
  dest: '',
  context: [],
  ...extra,
});

export const step = (call: Call, injected = false): Step => ({ call, injected });

export function scenario(trace: Step[], opts: Partial<Scenario> = {}): Scenario {
  return { id: 's', suite: 'workspace', task: '', goal: '', baseline: [], trace, ...opts };
}

/** Denies exactly the listed tools; records every call it is asked about. */
export function denyTools(...tools: string[]): Defense & { asked: Call[] } {
  const asked: Call[] = [];
  return {
    name: `deny(${tools.join(',')})`,
    asked,
    decide(call) {
      asked.push(call);
      return { allowed: !tools.includes(call.tool), reason: '' };
    },
  };
}

/** [blocked, injections, kept, benign] as spec §9 writes them. */
export const quad = (r: Result): number[] => [r.injections_blocked, r.injections_total, r.benign_kept, r.benign_total];

/** [blocked, halted, attributable, injections, kept, benign] as spec §9 writes them for pairs. */
export const six = (r: Result): number[] => [
  r.injections_blocked,
  r.injections_halted_in_task,
  r.injections_attributable,
  r.injections_total,
  r.benign_kept,
  r.benign_total,
];

export const byName = (rs: readonly Result[]): Record<string, Result> => Object.fromEntries(rs.map((r) => [r.defense, r]));

/** The texts the classifier defense needs (scope both) against a table's keys: the first few differences, for a readable failure. */
export function keyDifferences(scenarios: Parameters<typeof missingKeys>[1], table: ScoreTable): string[] {
  const needed = missingKeys({ scores: {} } as ScoreTable, scenarios);
  const have = Object.keys(table.scores).sort();
  const a = new Set(needed), b = new Set(have);
  return [...needed.filter((k) => !b.has(k)).map((k) => `needed, not in table: ${k}`), ...have.filter((k) => !a.has(k)).map((k) => `in table, not needed: ${k}`)].slice(0, 5);
}
