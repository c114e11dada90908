// Named errors: each shell maps them to one clear line and an exit code.
import type { z } from 'zod';

/** Bad input: a file, flag, scenario or table the user supplied. Exit code 2. */
export class InputError extends Error {
  override name = 'InputError';
}

/** A defense crashed, hung or answered garbage. Exit code 1, never a table. */
export class DefenseError extends Error {
  override name = 'DefenseError';
}

/** One line naming the file and the first offending path, e.g. `x.json: scenarios[3].trace: expected array`. */
export function schemaError(where: string, err: z.ZodError): InputError {
  const issue = err.issues[0];
  if (!issue) return new InputError(`${where}: invalid`);
  const path = issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
  const more = err.issues.length > 1 ? ` (and ${err.issues.length - 1} more issues)` : '';
  // A bad record key carries its own reason one level down; that reason is the useful part.
  const inner = 'issues' in issue && Array.isArray(issue.issues) ? (issue.issues[0] as { message?: string } | undefined) : undefined;
  const message = inner?.message ? `${issue.message}: ${inner.message}` : issue.message;
  return new InputError(`${where}: ${path || '(top level)'}: ${message}${more}`);
}
