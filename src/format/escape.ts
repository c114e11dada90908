// Markdown escaping for any string a defense (or a PR) controls: names, reasons, ids.
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
