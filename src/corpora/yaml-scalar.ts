// Rule yaml (docs/injection-slots.md#52-yaml_scalarvalue-column-indent-a-string-written-by-safe_dump): a string as
// PyYAML's safe_dump writes it into a tool output. Ported from corpora/agentdojo/export/slot_render.py (the normative
// reference), function by function; columns count code points, never UTF-16 units.

const BEST_WIDTH = 80;

// PyYAML's implicit resolvers (yaml/resolver.py) by first character: a string one of them claims cannot be plain.
const RESOLVERS: readonly (readonly [string, RegExp])[] = [
  ['yYnNtTfFoO', /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/],
  [
    '-+0123456789.',
    /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  ],
  ['-+0123456789', /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/],
  ['<', /^(?:<<)$/],
  ['~nN', /^(?:~|null|Null|NULL|)$/],
  [
    '0123456789',
    /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/,
  ],
  ['=', /^(?:=)$/],
  ['!&*', /^(?:!|&|\*)$/],
];

/** True when no implicit resolver claims the value (the empty string resolves to null). */
function implicitPlain(value: string): boolean {
  if (value === '') return false;
  const first = value[0]!;
  return !RESOLVERS.some(([chars, rx]) => chars.includes(first) && rx.test(value));
}

const isAsciiPrintable = (ch: string): boolean => ch >= '\x20' && ch <= '\x7e' && ch.length === 1;

/**
 * A string as code points: the string itself when it has no surrogates (each UTF-16 unit is then a code point,
 * and indexing it is cheap), else its code points as an array.
 */
type Units = string | readonly string[];
const unitsOf = (value: string): Units => (/[\ud800-\udfff]/.test(value) ? Array.from(value) : value);
const sub = (text: Units, start: number, end: number): string =>
  typeof text === 'string' ? text.slice(start, end) : text.slice(start, end).join('');

// analyze_scalar's flags as searches over the whole string: "whitespace" there is NUL, space, tab and the breaks
// (CR included); a writer's line break is LF, NEL, LS or PS. An astral character is special and nothing else.
const BLOCK_INDICATOR = /^(?:---|\.\.\.)|^[#,[\]{}&*!|>'"%@`]|^[?:-](?:[\0 \t\r\n\x85\u2028\u2029]|$)|[\s\S]:(?:[\0 \t\r\n\x85\u2028\u2029]|$)|[\0 \t\r\n\x85\u2028\u2029]#/;
const SPECIAL = /[^\n\x20-\x7e]/;
const LINE_BREAK = /[\n\x85\u2028\u2029]/;
const SPACE_BREAK = / [\n\x85\u2028\u2029]|[\n\x85\u2028\u2029] /;
const isLineBreak = (ch: string | undefined): boolean => ch === '\n' || ch === '\x85' || ch === '\u2028' || ch === '\u2029';

/** [allow plain, allow single-quoted] of PyYAML's Emitter.analyze_scalar with allow_unicode off. */
function analyze(value: string): [boolean, boolean] {
  if (value === '') return [true, true];
  const first = value[0];
  const last = value[value.length - 1];
  // Break-space or space-break, or a special character: neither plain nor single-quoted.
  if (SPACE_BREAK.test(value) || SPECIAL.test(value)) return [false, false];
  const edges = first === ' ' || last === ' ' || isLineBreak(first) || isLineBreak(last);
  return [!edges && !LINE_BREAK.test(value) && !BLOCK_INDICATOR.test(value), true];
}

export type YamlStyle = 'plain' | 'single' | 'double';

/** The style safe_dump picks for a str mapping value or sequence item in block context. */
export function yamlStyle(value: string): YamlStyle {
  const [plain, single] = analyze(value);
  if (plain && implicitPlain(value)) return 'plain';
  return single ? 'single' : 'double';
}

const DQ_OUT = new Map([
  ['\0', '0'],
  ['\x07', 'a'],
  ['\x08', 'b'],
  ['\t', 't'],
  ['\n', 'n'],
  ['\x0b', 'v'],
  ['\x0c', 'f'],
  ['\r', 'r'],
  ['\x1b', 'e'],
  ['"', '"'],
  ['\\', '\\'],
  ['\x85', 'N'],
  ['\xa0', '_'],
  ['\u2028', 'L'],
  ['\u2029', 'P'],
]);
const DQ_ALWAYS_ESCAPED = new Set(['"', '\\', '\x85', '\u2028', '\u2029', '\ufeff']);
const hex = (code: number, width: number): string => code.toString(16).toUpperCase().padStart(width, '0');

/** The state of PyYAML's Emitter that its scalar writers use; `write` counts code points. */
class Writer {
  readonly parts: string[] = [];
  whitespace = false;
  indention = false;

  constructor(
    private column: number,
    private readonly indent: number,
    private readonly text: Units,
  ) {}

  /** Write ASCII text (quotes, escapes). */
  write(data: string): void {
    this.column += data.length;
    this.parts.push(data);
  }

  /** Write text[start:end] (empty when start >= end, as a Python slice). */
  writeSlice(start: number, end: number): void {
    if (start >= end) return;
    this.column += end - start;
    this.parts.push(sub(this.text, start, end));
  }

  lineBreak(data = '\n'): void {
    this.whitespace = true;
    this.indention = true;
    this.column = 0;
    this.parts.push(data);
  }

  writeIndent(): void {
    if (!this.indention || this.column > this.indent || (this.column === this.indent && !this.whitespace)) this.lineBreak();
    if (this.column < this.indent) {
      this.whitespace = true;
      this.parts.push(' '.repeat(this.indent - this.column));
      this.column = this.indent;
    }
  }

  private writeBreaks(start: number, end: number): void {
    if (this.text[start] === '\n') this.lineBreak();
    for (let k = start; k < end; k++) this.lineBreak(this.text[k]);
    this.writeIndent();
  }

  plain(): void {
    const text = this.text;
    const n = text.length;
    let spaces = false;
    let breaks = false;
    let start = 0;
    for (let end = 0; end <= n; end++) {
      const ch = end < n ? text[end] : undefined;
      if (spaces) {
        if (ch !== ' ') {
          if (start + 1 === end && this.column > BEST_WIDTH) {
            this.writeIndent();
            this.whitespace = false;
            this.indention = false;
          } else this.writeSlice(start, end);
          start = end;
        }
      } else if (breaks) {
        // Never reached: plain is not chosen for a value with a line break.
        if (ch === undefined || !isLineBreak(ch)) {
          this.writeBreaks(start, end);
          this.whitespace = false;
          this.indention = false;
          start = end;
        }
      } else if (ch === undefined || ch === ' ' || isLineBreak(ch)) {
        this.writeSlice(start, end);
        start = end;
      }
      if (ch !== undefined) {
        spaces = ch === ' ';
        breaks = isLineBreak(ch);
      }
    }
  }

  single(): void {
    const text = this.text;
    const n = text.length;
    this.write("'");
    let spaces = false;
    let breaks = false;
    let start = 0;
    for (let end = 0; end <= n; end++) {
      const ch = end < n ? text[end] : undefined;
      if (spaces) {
        if (ch !== ' ') {
          if (start + 1 === end && this.column > BEST_WIDTH && start !== 0 && end !== n) this.writeIndent();
          else this.writeSlice(start, end);
          start = end;
        }
      } else if (breaks) {
        if (ch === undefined || !isLineBreak(ch)) {
          this.writeBreaks(start, end);
          start = end;
        }
      } else if (ch === undefined || ch === ' ' || isLineBreak(ch) || ch === "'") {
        if (start < end) {
          this.writeSlice(start, end);
          start = end;
        }
      }
      if (ch === "'") {
        this.write("''");
        start = end + 1;
      }
      if (ch !== undefined) {
        spaces = ch === ' ';
        breaks = isLineBreak(ch);
      }
    }
    this.write("'");
  }

  double(): void {
    const text = this.text;
    const n = text.length;
    this.write('"');
    let start = 0;
    for (let end = 0; end <= n; end++) {
      const ch = end < n ? text[end] : undefined;
      if (ch === undefined || DQ_ALWAYS_ESCAPED.has(ch) || !isAsciiPrintable(ch)) {
        if (start < end) {
          this.writeSlice(start, end);
          start = end;
        }
        if (ch !== undefined) {
          const code = ch.codePointAt(0)!;
          const short = DQ_OUT.get(ch);
          this.write(
            short !== undefined ? `\\${short}` : code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`,
          );
          start = end + 1;
        }
      }
      if (0 < end && end < n - 1 && (ch === ' ' || start >= end) && this.column + (end - start) > BEST_WIDTH) {
        this.writeSlice(start, end);
        this.write('\\');
        if (start < end) start = end;
        this.writeIndent();
        this.whitespace = false;
        this.indention = false;
        if (text[start] === ' ') this.write('\\');
      }
    }
    this.write('"');
  }
}

/**
 * The text safe_dump (width 80, indent 2, allow_unicode off) writes for the str `value` as a block mapping value
 * or sequence item whose first character is at `column`, continuation lines indented by `indent`.
 */
export function yamlScalar(value: string, column: number, indent: number): string {
  const cs = unitsOf(value);
  const w = new Writer(column, indent, cs);
  const style = yamlStyle(value);
  if (style === 'plain') w.plain();
  else if (style === 'single') w.single();
  else w.double();
  return w.parts.join('');
}
