// The one way rates and point differences are printed outside the original's text tables:
// percentages with one decimal, Go rounding (ties to even), and "n/a" when there is nothing to
// count. SU-HM is printed on the same 0–100 scale as the rates it combines.
import { fixed } from './gofmt.js';

export const NOT_APPLICABLE = 'n/a';

/** A fraction 0–1 as "41.2%"; undefined (an empty group) as "n/a". */
export function percent(rate: number | undefined | null, digits = 1): string {
  return rate === undefined || rate === null ? NOT_APPLICABLE : `${fixed(rate * 100, digits)}%`;
}

/** A fraction 0–1 as "41.2" without the sign (SU-HM, chart-free tables); "n/a" when undefined. */
export function score100(x: number | undefined | null): string {
  return x === undefined || x === null ? NOT_APPLICABLE : fixed(x * 100, 1);
}

/** A difference of two fractions in percentage points: "+1.3", "−0.4", "±0". */
export function signedPoints(delta: number): string {
  return Math.abs(delta) < 1e-12 ? '±0' : `${delta > 0 ? '+' : '−'}${fixed(Math.abs(delta) * 100, 1)}`;
}

/** Percentage points as "1.3 pp" (a value already in points). */
export const points = (pp: number): string => `${fixed(pp, 1)} pp`;
