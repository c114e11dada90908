// Scenario id rules shared by the loaders (docs/corpora.md#scenario-ids). Only loaders parse ids:
// everything after works on the fields a scenario carries.
import { InputError } from '../model/errors.js';
import type { SessionData } from './corpus.js';

export function assertUniqueIds(scenarios: readonly { id: string }[], where: string): void {
  const seen = new Set<string>();
  for (const s of scenarios) {
    if (seen.has(s.id)) throw new InputError(`${where}: duplicate scenario id ${s.id}`);
    seen.add(s.id);
  }
}

/**
 * The benign twin of a pair: drop any "<attack>:" prefix, then cut at the last "-".
 * `banking-user_task_0-injection_task_3` → `banking-user_task_0`.
 */
export function twinId(pairId: string): string | undefined {
  const colon = pairId.indexOf(':');
  const bare = colon >= 0 ? pairId.slice(colon + 1) : pairId;
  const dash = bare.lastIndexOf('-');
  return dash < 0 ? undefined : bare.slice(0, dash);
}

/** The injection task of an injection scenario id: what follows its last "-" (`injection_task_3`). */
export function injectionTaskOf(id: string): string {
  return id.slice(id.lastIndexOf('-') + 1);
}

/** The returned outputs of a scenario's steps; a sidecar that lacks the scenario or one of its steps is refused. */
export function returnedOf(session: SessionData, id: string, steps: number, where: string): readonly string[] {
  const r = session.returned.get(id);
  if (r === undefined || r.length !== steps) {
    throw new InputError(`${where}: its returned-outputs file ${r === undefined ? 'lacks' : `has ${r.length} outputs for the ${steps} steps of`} scenario ${id}`);
  }
  return r;
}
