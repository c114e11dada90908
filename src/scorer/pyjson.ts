// Serialise like Python's `json.dump(obj, sort_keys=True, indent=1)` (default ensure_ascii, no
// trailing newline), the format of the published score tables (docs/scorer.md#what-a-table-records). Two details differ from
// JSON.stringify: floats are written as Python's repr writes them (`0.0`, `3.3e-06`, `1e+16`), and
// every non-ASCII character is escaped as \uXXXX.

export type PyJson = string | number | boolean | null | PyJson[] | { [key: string]: PyJson } | PyInt;

/** An integer that must be written without a fractional part (Python int, not float). */
export class PyInt {
  constructor(readonly value: number) {
    if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`);
  }
}

/** Python's repr(float): shortest round-trip digits, exponent form when exp < -4 or exp >= 16. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  // toExponential() without an argument gives the shortest digits that round-trip.
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(Math.abs(x).toExponential());
  if (!m) throw new Error(`unexpected number form ${x}`);
  const digits = m[1]! + (m[2] ?? '');
  const exp = Number(m[3]);
  if (exp < -4 || exp >= 16) {
    const mant = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
    const e = Math.abs(exp).toString().padStart(2, '0');
    return `${sign}${mant}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intLen = exp + 1;
  if (digits.length <= intLen) return `${sign}${digits}${'0'.repeat(intLen - digits.length)}.0`;
  return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
}

/** Python json's string encoding with ensure_ascii=True. */
export function pyJsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i]!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (c < 0x20 || c > 0x7e) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Compare strings by code point, as Python sorts str keys. */
export function compareCodePoints(a: string, b: string): number {
  const ai = a[Symbol.iterator]();
  const bi = b[Symbol.iterator]();
  for (;;) {
    const x = ai.next();
    const y = bi.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}

export function pyJsonDump(value: PyJson, indent = 1): string {
  return dump(value, indent, 0);
}

function dump(v: PyJson, indent: number, level: number): string {
  if (v === null) return 'null';
  if (v === true) return 'true';
  if (v === false) return 'false';
  if (v instanceof PyInt) return String(v.value);
  if (typeof v === 'number') return pyFloatRepr(v);
  if (typeof v === 'string') return pyJsonString(v);
  const pad = '\n' + ' '.repeat(indent * (level + 1));
  const end = '\n' + ' '.repeat(indent * level);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return '[' + v.map((x) => pad + dump(x, indent, level + 1)).join(',') + end + ']';
  }
  const keys = Object.keys(v).sort(compareCodePoints);
  if (keys.length === 0) return '{}';
  return '{' + keys.map((k) => `${pad}${pyJsonString(k)}: ${dump(v[k]!, indent, level + 1)}`).join(',') + end + '}';
}
