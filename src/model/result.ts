// A defense's tally over a scenario set (docs/scoring.md#counts-and-rates), in the original's JSON
// field order. The zod schema is the source of the type and of the results file's shape.
import { z } from 'zod';

const count = z.number().int().nonnegative();

export const ResultSchema = z.object({
  defense: z.string(),
  injections_total: count,
  injections_blocked: count,
  benign_total: count,
  benign_kept: count,
  unscored: count,
  injections_halted_in_task: count,
  injections_attributable: count,
  /** Ours, only for a defense that asked (protocol v2): benign tasks kept only with the user's confirmations. */
  benign_confirmed: count.optional(),
  /** Ours, likewise: confirmations asked over the benign tasks. */
  confirmations: count.optional(),
});
export type Result = z.infer<typeof ResultSchema>;

/** A result with SU-HM added after the original's keys; null when either rate has no denominator. */
export const ScoredResultSchema = ResultSchema.extend({ su_hm: z.number().min(0).max(1).nullable() });
export type ScoredResult = z.infer<typeof ScoredResultSchema>;

export function emptyResult(defense: string): Result {
  return {
    defense,
    injections_total: 0,
    injections_blocked: 0,
    benign_total: 0,
    benign_kept: 0,
    unscored: 0,
    injections_halted_in_task: 0,
    injections_attributable: 0,
  };
}
