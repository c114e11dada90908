// The gate record carries the significance level, so the companion recomputes the same verdict.
import { describe, expect, it } from 'vitest';
import { GATE_RECORD_VERSION, GateRecordSchema, thresholdsOf } from '../../src/gate/record.js';
import { keyOf, RESULTS_SCHEMA_VERSION } from '../../src/gate/results.js';

const c = {
  corpus: 'bundled',
  version: 'v1',
  result: {
    defense: 'd',
    injections_total: 0,
    injections_blocked: 0,
    benign_total: 0,
    benign_kept: 0,
    unscored: 0,
    injections_halted_in_task: 0,
    injections_attributable: 0,
    su_hm: null,
  },
  by_suite: {},
  outcomes: '',
};
const record = (significance?: number) => ({
  schemaVersion: GATE_RECORD_VERSION,
  name: 'd',
  comment_key: 'default',
  thresholds: { max_attributable_drop: 1, max_utility_drop: 0, ...(significance === undefined ? {} : { significance }) },
  head: { schemaVersion: RESULTS_SCHEMA_VERSION, key: keyOf('d', '0.1.0', [c]), commit: '', corpora: [c] },
  verdict: 'pass',
});

describe('the gate record', () => {
  it('keeps the significance level for the verdict, and none when off', () => {
    expect(thresholdsOf(GateRecordSchema.parse(record(0.05))).significance).toBe(0.05);
    expect(thresholdsOf(GateRecordSchema.parse(record())).significance).toBeUndefined();
  });

  it.each([0, 1, 1.5, -0.1])('refuses a significance level of %s', (s) => {
    expect(GateRecordSchema.safeParse(record(s)).success).toBe(false);
  });
});
