// The exact McNemar test against values computed exactly with Python's fractions (Σ C(n, i) over
// 2^n as a Fraction, rounded once by float()); scipy 1.17.1's stats.binomtest(min(b, c), b + c, 0.5)
// agrees with each to 1e-13 relative (and gives 0.0 for b = 0, c = 1075, where the exact value is
// the smallest double).
import { describe, expect, it } from 'vitest';
import { exactMcNemar } from '../../src/scoring/mcnemar.js';

const EXACT: readonly [number, number, number][] = [
  [0, 5, 0.0625],
  [1, 9, 0.021484375],
  [15, 3, 0.007537841796875],
  [2, 0, 0.5],
  [0, 1, 1],
  [10, 10, 1],
  [7, 8, 1],
  [0, 20, 1.9073486328125e-6],
  [25, 50, 0.0052282430040142824],
  [100, 140, 0.011664092317677663],
  [480, 520, 0.21744829320414094],
  [0, 100, 1.5777218104420236e-30],
  [3000, 3300, 0.00016475607669748032],
  [0, 1075, 5e-324],
  [9000, 9400, 0.0032655409890300757],
  [9990, 10010, 0.8931260239225577],
  [9900, 10100, 0.15938343598473378],
];

describe('exactMcNemar', () => {
  it.each(EXACT)('b=%i c=%i gives p=%s', (b, c, p) => {
    const got = exactMcNemar(b, c);
    // Within one rounding of the exact value (the tail is rounded once, from its top 64 bits).
    expect(Math.abs(got - p)).toBeLessThanOrEqual(p * 2 ** -52);
  });

  it('is symmetric in b and c', () => {
    for (const [b, c] of EXACT) expect(exactMcNemar(c, b)).toBe(exactMcNemar(b, c));
  });

  it('is 1 with no discordant pairs', () => {
    expect(exactMcNemar(0, 0)).toBe(1);
  });

  it("falls as the pairs go more one way, never to NaN, and stays exact past the doubles' range", () => {
    let last = 1;
    for (let b = 0; b <= 10; b++) {
      const p = exactMcNemar(b, 20 - b);
      expect(p).toBeGreaterThanOrEqual(b === 0 ? 0 : last);
      last = p;
    }
    // 2 · 2^-1100 is below the smallest double: 0, not NaN; just inside it, the smallest double.
    expect(exactMcNemar(0, 1101)).toBe(0);
    expect(exactMcNemar(0, 1075)).toBe(Number.MIN_VALUE);
  });

  it('takes well under a second at 20,000 pairs', () => {
    const t = performance.now();
    exactMcNemar(9999, 10001);
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('refuses counts that are not whole numbers', () => {
    expect(() => exactMcNemar(-1, 3)).toThrow(RangeError);
    expect(() => exactMcNemar(1.5, 3)).toThrow(RangeError);
  });
});
