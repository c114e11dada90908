// Named errors. Each entry point (CLI, action, scorer) maps them to an exit code in one place:
// InputError → 2, everything else → 1. Only an InputError is ever softened into a warning.
import type { z } from 'zod';

/** Bad input: a file, flag, input, scenario or table the user supplied. Exit code 2. */
export class InputError extends Error {
  override name = 'InputError';
}

/**
 * An injection payload that cannot be rendered into AgentDojo's environment (docs/injection-slots.md#7-restrictions-for-the-attacker):
 * AgentDojo itself would fail on it, or the rules cannot follow it faithfully. Bad input, so an InputError; its own class
 * so that a payload generator can drop such a candidate and go on.
 */
export class PayloadError extends InputError {
  override name = 'PayloadError';
}

/** A defense crashed, hung or answered garbage. Exit code 1, never a table. */
export class DefenseError extends Error {
  override name = 'DefenseError';
}

/** Exit code of an error: 2 for bad input, 1 for anything else (a failed defense, a bug). */
/** The adaptive attacker's LLM optimiser failed (unreachable, no answer in time, non-2xx, not a chat completion): the attack cannot go on. Exit code 1. */
export class OptimiserError extends Error {
  override name = 'OptimiserError';
}

export const exitCodeOf = (e: unknown): 1 | 2 => (e instanceof InputError ? 2 : 1);

/** `scenarios[3].trace: expected array` for the first issue (plus how many more), or `(top level): …`. */
export function describeZodError(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
  const more = err.issues.length > 1 ? ` (and ${err.issues.length - 1} more issues)` : '';
  // A bad record key carries its own reason one level down; that reason is the useful part.
  const inner = 'issues' in issue && Array.isArray(issue.issues) ? (issue.issues[0] as { message?: string } | undefined) : undefined;
  const message = inner?.message ? `${issue.message}: ${inner.message}` : issue.message;
  return `${path || '(top level)'}: ${message}${more}`;
}

/** One line naming the file (or message) and the first offending path. */
export function schemaError(where: string, err: z.ZodError): InputError {
  return new InputError(`${where}: ${describeZodError(err)}`);
}

/** Validate `json` against `schema`, or throw the InputError naming `where` and the first bad path. */
export function parseWith<T>(schema: z.ZodType<T>, json: unknown, where: string): T {
  const r = schema.safeParse(json);
  if (!r.success) throw schemaError(where, r.error);
  return r.data;
}
