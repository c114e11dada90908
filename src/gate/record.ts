// The record of one gate run (gate.json): everything its report is rendered from and its verdict is
// recomputed from. The gate writes it next to the report; the workflow_run companion reads it back
// from an artifact of an untrusted run, validates it with this schema, recomputes the verdict and
// renders the report with the same code: it never posts markdown it was handed.
import { z } from 'zod';
import { RunResultsSchema } from './results.js';
import { computeVerdict, type Thresholds, type Verdict } from './verdict.js';

export const GATE_RECORD_VERSION = 1;

const Points = z.number().min(0).max(100);

export const GateRecordSchema = z.object({
  schemaVersion: z.literal(GATE_RECORD_VERSION),
  /** The defense's name as reports show it. */
  name: z.string().min(1).max(200),
  comment_key: z.string().min(1).max(100),
  thresholds: z.object({
    max_attributable_drop: Points,
    max_utility_drop: Points,
    min_attributable: Points.optional(),
    min_utility: Points.optional(),
    max_confirmations: z.number().min(0).max(1000).optional(),
    max_sw_asr: Points.optional(),
    min_online_su_hm: Points.optional(),
    max_adaptive_asr: Points.optional(),
    significance: z.number().gt(0).lt(1).optional(),
  }),
  head: RunResultsSchema,
  base: z.object({ results: RunResultsSchema, source: z.string().max(500) }).optional(),
  /** Why there is no comparison, or how the base was found. */
  note: z.string().max(2000).optional(),
  /** The base was expected but cannot be had: the verdict fails closed with this line. */
  missing: z.string().max(2000).optional(),
  pr: z.object({ number: z.number().int().positive(), head_sha: z.string().regex(/^[0-9a-f]{40}$/) }).optional(),
  run_url: z.string().max(500).optional(),
  /** What scoring asked of the defense (requests, decisions, the decision cache's hits), shown under the report. */
  scoring: z.string().max(300).optional(),
  verdict: z.enum(['pass', 'fail']),
});
export type GateRecord = z.infer<typeof GateRecordSchema>;

export const thresholdsOf = (r: GateRecord): Thresholds => ({
  maxAttributableDrop: r.thresholds.max_attributable_drop,
  maxUtilityDrop: r.thresholds.max_utility_drop,
  minAttributable: r.thresholds.min_attributable,
  minUtility: r.thresholds.min_utility,
  maxConfirmations: r.thresholds.max_confirmations,
  maxSwAsr: r.thresholds.max_sw_asr,
  minOnlineSuHm: r.thresholds.min_online_su_hm,
  maxAdaptiveAsr: r.thresholds.max_adaptive_asr,
  significance: r.thresholds.significance,
});

/** The verdict from the thresholds and the base, failing closed when a base was expected but is missing. */
export function verdictOf(
  head: GateRecord['head'],
  base: GateRecord['head'] | undefined,
  t: Thresholds,
  missing: string | undefined,
): Verdict {
  const v = computeVerdict(head, base, t);
  return missing === undefined ? v : { pass: false, reasons: [missing, ...v.reasons], checks: v.checks };
}
