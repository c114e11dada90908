// Small builders for scenarios in tests: plain objects, no mocks.
import type { Call, Scenario, Step } from '../src/model/call.js';
import type { Defense } from '../src/defenses/defense.js';
import type { Result } from '../src/model/result.js';
import type { ScoreTable } from '../src/model/score-table.js';
import { missingKeys } from '../src/defenses/classifier.js';

export const mkCall = (tool: string, text = '', provenance = 'trusted', extra: Partial<Call> = {}): Call => ({
  tool,
  args: text === '' ? [] : [{ name: 'arg', provenance, text }],
  dest: '',
  context: [],
  ...extra,
});

export const step = (call: Call, injected = false): Step => ({ call, injected });

/** A benign scenario unless `opts.kind` says injection; the prompt is the task for a benign one. */
export function scenario(trace: Step[], opts: Partial<Scenario> = {}): Scenario {
  const kind = opts.kind ?? 'benign';
  const task = opts.task ?? '';
  return {
    id: 's',
    kind,
    suite: 'workspace',
    task,
    prompt: kind === 'benign' ? task : undefined,
    injectionTask: kind === 'injection' ? 'injection_task_0' : undefined,
    twin: [],
    trace,
    ...opts,
  };
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

/** [blocked, injections, kept, benign], the order the published figures use. */
export const quad = (r: Result): number[] => [r.injections_blocked, r.injections_total, r.benign_kept, r.benign_total];

/** [blocked, halted, attributable, injections, kept, benign], the order the published pair figures use. */
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
  const a = new Set(needed),
    b = new Set(have);
  return [
    ...needed.filter((k) => !b.has(k)).map((k) => `needed, not in table: ${k}`),
    ...have.filter((k) => !a.has(k)).map((k) => `in table, not needed: ${k}`),
  ].slice(0, 5);
}

/** An injection scenario with at least one injected call: the ones the attributable rate counts. */
export const scorable = (s: Scenario): boolean => s.kind === 'injection' && s.trace.some((st) => st.injected);
