// Scenario id rules shared by the loaders.
import { InputError } from '../model/errors.js';

export function assertUniqueIds(scenarios: readonly { id: string }[], where: string): void {
  const seen = new Set<string>();
  for (const s of scenarios) {
    if (seen.has(s.id)) throw new InputError(`${where}: duplicate scenario id ${s.id}`);
    seen.add(s.id);
  }
}

/**
 * The benign twin of a pair (spec §1.6): drop any "<attack>:" prefix, then cut at the last "-".
 * `banking-user_task_0-injection_task_3` → `banking-user_task_0`.
 */
export function twinId(pairId: string): string | undefined {
  const colon = pairId.indexOf(':');
  const bare = colon >= 0 ? pairId.slice(colon + 1) : pairId;
  const dash = bare.lastIndexOf('-');
  return dash < 0 ? undefined : bare.slice(0, dash);
}
