// The exact McNemar test (docs/scoring.md#repetitions-and-paired-significance): head against base
// on the same scenarios, only the discordant pairs count. Under the null hypothesis a scenario that
// changed is as likely to have changed either way, so the smaller of the two counts is binomial
// with p = 1/2, and the two-sided p-value is twice its lower tail (at most 1).
//
// Written here rather than taken from a statistics library: the binomial tail at p = 1/2 is a sum
// of binomial coefficients over a power of two, which BigInt computes exactly in a few lines, where
// jstat and simple-statistics go through floating-point densities (which underflow for thousands of
// pairs) and would be a runtime dependency of the gate for one function.

/** The exact two-sided McNemar p-value for b pairs that went one way and c that went the other. */
export function exactMcNemar(b: number, c: number): number {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0)
    throw new RangeError(`McNemar counts must be whole numbers ≥ 0, not ${b} and ${c}`);
  const n = b + c;
  const k = Math.min(b, c);
  // Twice the lower tail reaches 1 from the middle on (it is over 1/2 there).
  if (2 * k >= n) return 1;
  // 2 · Σ_{i ≤ k} C(n, i) / 2^n = Σ C(n, i) / 2^(n−1), exact, then rounded once.
  let term = 1n;
  let sum = 1n;
  for (let i = 0; i < k; i++) {
    term = (term * BigInt(n - i)) / BigInt(i + 1);
    sum += term;
  }
  return Math.min(1, scaledByPowerOfTwo(sum, -(n - 1)));
}

/** x · 2^e as the nearest double, for an x far beyond the double range and an e far below it. */
function scaledByPowerOfTwo(x: bigint, e: number): number {
  const bits = x.toString(2).length;
  const shift = Math.max(0, bits - 64);
  // The top 64 bits carry more precision than a double keeps; the rest only shifts the exponent.
  const mantissa = Number(x >> BigInt(shift)) / 2 ** 64;
  const exponent = e + shift + 64;
  if (exponent < -1100) return 0;
  // In two halves, so that neither power underflows before the product would.
  const half = Math.trunc(exponent / 2);
  return mantissa * 2 ** half * 2 ** (exponent - half);
}
