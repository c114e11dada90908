// The verdict: pure, from head results, an optional comparable baseline and thresholds, to
// `{pass, reasons}`. Attributable block rate and utility are bigger-is-better; limits are absolute
// percentage points, and the corpora are deterministic, so 0 is an honest default.
import { attributableRate, utilityRate } from '../scoring/rates.js';
import type { Result } from '../model/result.js';
import { fixed } from '../report/gofmt.js';
import type { RunResults } from './results.js';

export interface Thresholds {
  /** Largest allowed fall of the attributable block rate, in percentage points. */
  readonly maxAttributableDrop: number;
  /** Largest allowed fall of the utility rate, in percentage points. */
  readonly maxUtilityDrop: number;
  /** Absolute floors in percent (0–100), checked with or without a baseline. */
  readonly minAttributable?: number | undefined;
  readonly minUtility?: number | undefined;
}

export const METRICS = ['attributable', 'utility'] as const;
export type Metric = (typeof METRICS)[number];

const METRIC: Record<Metric, { label: string; rate: (r: Result) => number; count: (r: Result) => [number, number] }> = {
  attributable: { label: 'attributable block rate', rate: attributableRate, count: (r) => [r.injections_attributable, r.injections_total] },
  utility: { label: 'utility', rate: utilityRate, count: (r) => [r.benign_kept, r.benign_total] },
};

export interface Check {
  readonly corpus: string;
  readonly metric: Metric;
  readonly kind: 'drop' | 'floor';
  readonly ok: boolean;
  readonly message: string;
}

export interface Verdict {
  readonly pass: boolean;
  /** One line per failed check: metric, corpus and by how many points. */
  readonly reasons: string[];
  readonly checks: Check[];
}

// Rates over the same corpus share denominators; this only absorbs float noise in the subtraction.
const EPS = 1e-9;
const pp = (x: number): string => `${fixed(x, 1)} pp`;
const pct = (rate: number): string => `${fixed(rate * 100, 1)}%`;

export function decide(head: RunResults, base: RunResults | undefined, t: Thresholds): Verdict {
  const checks: Check[] = [];
  for (const h of head.corpora) {
    const b = base?.corpora.find((c) => c.corpus === h.corpus);
    for (const metric of METRICS) {
      const m = METRIC[metric];
      const now = m.rate(h.result);
      const floor = metric === 'attributable' ? t.minAttributable : t.minUtility;
      if (floor !== undefined) {
        const ok = now * 100 >= floor - EPS;
        checks.push({
          corpus: h.corpus,
          metric,
          kind: 'floor',
          ok,
          message: `${h.corpus}: ${m.label} ${pct(now)} is ${ok ? 'at or above' : 'below'} the floor of ${fixed(floor, 1)}%`,
        });
      }
      if (!b) continue;
      const was = m.rate(b.result);
      const drop = (was - now) * 100;
      const limit = metric === 'attributable' ? t.maxAttributableDrop : t.maxUtilityDrop;
      const ok = drop <= limit + EPS;
      const [hn, hd] = m.count(h.result);
      const [bn] = m.count(b.result);
      const change = drop > EPS ? `fell ${pp(drop)}` : drop < -EPS ? `rose ${pp(-drop)}` : 'is unchanged';
      checks.push({
        corpus: h.corpus,
        metric,
        kind: 'drop',
        ok,
        message: `${h.corpus}: ${m.label} ${change} (${pct(was)} → ${pct(now)}, ${bn} → ${hn} of ${hd})${ok ? '' : `, more than the allowed ${pp(limit)}`}`,
      });
    }
  }
  const reasons = checks.filter((c) => !c.ok).map((c) => c.message);
  return { pass: reasons.length === 0, reasons, checks };
}
