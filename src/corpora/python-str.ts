// What a Python str does that the slot rules need: len() and repr() (docs/injection-slots.md#53-py_reprvalue-cpython-repr-of-a-str).
// Ported from corpora/agentdojo/export/slot_render.py (the normative reference); lengths are code points.
import { isPyPrintable } from './py-printable.js';

/** The number of code points of a string (Python's len). */
export const codePointLength = (s: string): number => {
  let n = 0;
  for (let k = 0; k < s.length; k++) {
    const u = s.charCodeAt(k);
    if (u >= 0xd800 && u <= 0xdbff && k + 1 < s.length) {
      const v = s.charCodeAt(k + 1);
      if (v >= 0xdc00 && v <= 0xdfff) k++;
    }
    n++;
  }
  return n;
};

const lowerHex = (code: number, width: number): string => code.toString(16).padStart(width, '0');

/** CPython's repr() of a str, as str(dict) writes it (Python 3.11's notion of printable). */
export function pyRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  const out = [quote];
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out.push(`\\${ch}`);
    else if (ch === '\t') out.push('\\t');
    else if (ch === '\n') out.push('\\n');
    else if (ch === '\r') out.push('\\r');
    else if (code < 0x20 || code === 0x7f) out.push(`\\x${lowerHex(code, 2)}`);
    else if (code < 0x7f || isPyPrintable(code)) out.push(ch);
    else if (code <= 0xff) out.push(`\\x${lowerHex(code, 2)}`);
    else if (code <= 0xffff) out.push(`\\u${lowerHex(code, 4)}`);
    else out.push(`\\U${lowerHex(code, 8)}`);
  }
  out.push(quote);
  return out.join('');
}
