// Rule yaml_dq (docs/injection-slots.md#51-yaml_dqraw-the-value-of-a-double-quoted-scalar-pyyaml-603-scanner): what
// AgentDojo's environment gets for a payload pasted into a double-quoted YAML scalar. Ported from
// corpora/agentdojo/export/slot_render.py (the normative reference), function by function.
import { PayloadError } from '../model/errors.js';
import { codePointLength } from './python-str.js';

/** Line breaks as the YAML parser sees them; the writer's are these without CR. */
const BREAKS = new Set(['\r', '\n', '\x85', '\u2028', '\u2029']);

/** Characters PyYAML's Reader accepts anywhere in a document; anything else fails AgentDojo's environment load. */
const NOT_YAML_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

const DQ_ESCAPES = new Map([
  ['0', '\0'],
  ['a', '\x07'],
  ['b', '\x08'],
  ['t', '\t'],
  ['\t', '\t'],
  ['n', '\n'],
  ['v', '\x0b'],
  ['f', '\x0c'],
  ['r', '\r'],
  ['e', '\x1b'],
  [' ', ' '],
  ['"', '"'],
  ['\\', '\\'],
  ['/', '/'],
  ['N', '\x85'],
  ['_', '\xa0'],
  ['L', '\u2028'],
  ['P', '\u2029'],
]);
const DQ_CODES = new Map([
  ['x', 2],
  ['u', 4],
  ['U', 8],
]);
/** A run of characters the scanner copies as they are. */
const DQ_RUN = /[^'"\\\0 \t\r\n\x85\u2028\u2029]+/y;
const SEPARATOR_END = new Set(['\0', ' ', '\t', ...BREAKS]);

const quoted = (ch: string): string => JSON.stringify(ch);

/**
 * The value of a YAML double-quoted scalar whose text between the quotes is `raw` (PyYAML 6.0.3's scanner).
 * Throws a PayloadError where PyYAML fails, where `raw` would end the scalar early (an unescaped `"`, a final
 * backslash), and on an escape of a surrogate code point: Python keeps `\uD800\uDC00` as two code points, a
 * JavaScript string would read them as one character, so the port refuses them rather than render other bytes.
 * The scan runs over UTF-16 units: every character it looks at is in the BMP, an astral character is copied whole
 * inside a run, and positions in messages are converted to code points.
 */
export function yamlDq(raw: string): string {
  const bad = NOT_YAML_PRINTABLE.exec(raw);
  if (bad) throw new PayloadError(`character ${quoted(bad[0])} at ${codePointLength(raw.slice(0, bad.index))} is not allowed in YAML (PyYAML's reader)`);
  const n = raw.length;
  const out: string[] = [];
  let i = 0;
  const at = (k: number): number => codePointLength(raw.slice(0, k));

  const lineBreak = (): string => {
    const ch = raw[i];
    if (ch === '\r' || ch === '\n' || ch === '\x85') {
      i += ch === '\r' && raw[i + 1] === '\n' ? 2 : 1;
      return '\n';
    }
    if (ch === '\u2028' || ch === '\u2029') {
      i += 1;
      return ch;
    }
    return '';
  };

  const breaks = (): string[] => {
    const chunks: string[] = [];
    for (;;) {
      // After the raw text come the closing quote, then the end of its line.
      const next = i + 3 < n ? raw[i + 3]! : i + 3 === n ? '"' : '\n';
      if ((raw.startsWith('---', i) || raw.startsWith('...', i)) && SEPARATOR_END.has(next)) {
        throw new PayloadError(`a line starting with ${quoted(raw.slice(i, i + 3))} at ${at(i)} is a YAML document separator`);
      }
      while (i < n && (raw[i] === ' ' || raw[i] === '\t')) i++;
      if (i < n && BREAKS.has(raw[i]!)) chunks.push(lineBreak());
      else return chunks;
    }
  };

  const escape = (): void => {
    i += 1;
    if (i >= n) throw new PayloadError('a final backslash would escape the closing quote');
    const ch = raw[i]!;
    const simple = DQ_ESCAPES.get(ch);
    const length = DQ_CODES.get(ch);
    if (simple !== undefined) {
      out.push(simple);
      i += 1;
    } else if (length !== undefined) {
      i += 1;
      // A non-hex character among the next `length` code points is a non-hex unit among the next `length` units.
      const digits = raw.slice(i, i + length);
      if (digits.length < length || !/^[0-9A-Fa-f]+$/.test(digits)) throw new PayloadError(`escape \\${ch} needs ${length} hexadecimal digits at ${at(i)}`);
      const code = parseInt(digits, 16);
      if (code > 0x10ffff) throw new PayloadError(`escape \\${ch}${digits} is not a code point`);
      if (code >= 0xd800 && code <= 0xdfff) {
        throw new PayloadError(`escape \\${ch}${digits} is a surrogate, which this port cannot keep apart from its neighbours as Python does`);
      }
      out.push(String.fromCodePoint(code));
      i += length;
    } else if (BREAKS.has(ch)) {
      lineBreak();
      out.push(...breaks());
    } else {
      throw new PayloadError(`unknown escape character ${quoted(String.fromCodePoint(raw.codePointAt(i)!))} at ${at(i)}`);
    }
  };

  const nonSpaces = (): void => {
    for (;;) {
      DQ_RUN.lastIndex = i;
      const run = DQ_RUN.exec(raw);
      if (run) {
        out.push(run[0]);
        i = DQ_RUN.lastIndex;
      }
      if (i >= n) return;
      const ch = raw[i]!;
      if (ch === "'") {
        out.push(ch);
        i += 1;
      } else if (ch === '\\') escape();
      else if (ch === '"') throw new PayloadError(`an unescaped " at ${at(i)} ends the scalar early`);
      else return;
    }
  };

  const spaces = (): void => {
    let j = i;
    while (j < n && (raw[j] === ' ' || raw[j] === '\t')) j++;
    const whitespace = raw.slice(i, j);
    i = j;
    if (i < n && BREAKS.has(raw[i]!)) {
      const lb = lineBreak();
      const brs = breaks();
      if (lb !== '\n') out.push(lb);
      else if (brs.length === 0) out.push(' ');
      out.push(...brs);
    } else out.push(whitespace);
  };

  nonSpaces();
  while (i < n) {
    spaces();
    nonSpaces();
  }
  return out.join('');
}
