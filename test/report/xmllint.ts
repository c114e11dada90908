// Reading XML back in tests with a real parser: xmllint (libxml2; apt-get install libxml2-utils).
// No XML parser is among the dependencies, and the renderer's tests should not trust a hand-written one.
import { spawnSync } from 'node:child_process';

/** An XPath expression over the document, by xmllint; throws (with libxml2's message) on a malformed document. */
export function xpath(xml: string, expr: string): string {
  const p = spawnSync('xmllint', ['--xpath', expr, '-'], { input: xml, encoding: 'utf8' });
  if (p.error) throw new Error(`xmllint is needed to read the XML back (apt-get install libxml2-utils): ${p.error.message}`);
  if (p.status !== 0 && !/XPath set is empty/.test(p.stderr)) throw new Error(`xmllint: ${p.stderr}`);
  // xmllint ends what it prints with a newline of its own.
  return p.stdout.replace(/\n$/, '');
}

export function wellFormed(xml: string): string {
  const p = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' });
  if (p.error) throw new Error(`xmllint is needed to read the XML back (apt-get install libxml2-utils): ${p.error.message}`);
  return p.stderr;
}
