// Go fmt behaviours the published tables depend on (docs/scoring.md#printing-figures).

/** Go %<w>.0f: the exact binary value rounded half to even (toFixed rounds ties up: 62.5 → 63). */
export function fixed0(x: number, width = 0): string {
  const f = Math.floor(x);
  const d = x - f; // exact for |x| < 2^52
  const n = d > 0.5 ? f + 1 : d < 0.5 ? f : f % 2 === 0 ? f : f + 1;
  return String(n === 0 ? 0 : n).padStart(width);
}

/**
 * Go %.<d>f: exact binary value, ties to even. toFixed rounds exact ties up (0.125 → "0.13", Go
 * "0.12"), so detect a tie on the exact decimal expansion (toFixed(100) is exact for our range).
 */
export function fixed(x: number, digits: number): string {
  if (digits === 0) return fixed0(x);
  const up = x.toFixed(digits);
  // Cheap screen first: only values within rounding noise of a half can be exact ties.
  const scaled = Math.abs(x) * 10 ** digits;
  if (Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) return up;
  const exact = Math.abs(x).toFixed(100);
  const frac = exact.slice(exact.indexOf('.') + 1 + digits);
  if (!/^50*$/.test(frac)) return up;
  // An exact tie: keep the even neighbour.
  const down = (Math.sign(x) * (Math.abs(Number(up)) - 10 ** -digits)).toFixed(digits);
  return Number(up.slice(-1)) % 2 === 0 ? up : down;
}

/** Go %g, shortest precision: exponent form when exp < -4 or exp >= 6 (strconv 'g', -1), two exponent digits. */
export function formatG(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? '+Inf' : '-Inf';
  const [mant, expStr] = x.toExponential().split('e') as [string, string];
  const exp = Number(expStr);
  if (exp < -4 || exp >= 6) {
    const e = Math.abs(exp);
    return `${mant}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  }
  return String(x);
}

/** Go %-<w>s pads by runes, never truncates. */
export function padRight(s: string, width: number): string {
  const runes = [...s].length;
  return runes >= width ? s : s + ' '.repeat(width - runes);
}
