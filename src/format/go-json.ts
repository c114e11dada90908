// Go json.Encoder output (docs/scoring.md#printing-figures): 2-space indent, trailing newline, and HTML-safe escaping of
// <, > and & plus U+2028/U+2029. JS and Go agree on float formatting in the range we print.
export function goJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}
