// Markdown and XML escaping for any string a defense (or a PR) controls: names, reasons, ids.
// GitHub renders comments as markdown with inline HTML, so every character that could open
// HTML, a link, a mention, a code span or a table cell is neutralised, and newlines are flattened.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '|': '&#124;',
  '`': '&#96;',
  '@': '&#64;', // no @mentions (notifications) from a defense name
  '#': '&#35;', // no issue/PR cross-references
  '\\': '&#92;',
  '*': '&#42;',
  _: '&#95;',
  '[': '&#91;',
  ']': '&#93;',
  '(': '&#40;',
  ')': '&#41;',
  '!': '&#33;',
  '~': '&#126;',
  ':': '&#58;', // no javascript: / autolinks / emoji shortcodes
};

/** Inert inline markdown text: safe in a table cell, a heading or a paragraph. */
export function escapeMarkdown(s: string): string {
  return oneLine(s).replace(/[&<>"'|`@#\\*_[\]()!~:]/g, (c) => ENTITIES[c]!);
}

/**
 * Plain text for one log line (a defense's name in the progress lines): line breaks flattened to a
 * space, other control characters removed (the first step of escapeMarkdown).
 */
export function oneLine(s: string): string {
  return s.replace(/[\r\n\t\u2028\u2029]+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
}

/**
 * Characters XML 1.0 cannot hold at all, escaped or not: C0 controls but tab, newline and CR, lone
 * surrogates, U+FFFE and U+FFFF (https://www.w3.org/TR/xml/#charsets). With the `u` flag a lone
 * surrogate is one code point of its own, so it matches; a valid pair does not.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // In an attribute a parser turns raw tab, newline and CR into spaces: as references they survive.
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * Any string as XML 1.0 character data, safe in text and in an attribute in either quotes: the five
 * markup characters as entities, tab, newline and CR as references, and every character XML cannot
 * hold replaced by U+FFFD, so a hostile reason shows as written but can never end an element.
 */
export function escapeXml(s: string): string {
  return s.replace(NOT_XML, '\uFFFD').replace(/[&<>"'\t\n\r]/g, (c) => XML_ENTITIES[c]!);
}
