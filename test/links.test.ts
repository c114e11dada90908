// Every reference into the project's own docs resolves: a relative markdown link names a file that
// exists and, with a #fragment, a heading of it; a `docs/<page>.md#anchor` written in a comment, a
// message or a doc names an existing page and heading. Anchors follow GitHub's rule for headings.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DIRS = ['src', 'test', 'scripts', 'bench', 'docs', 'corpora'];
const TEXT = /\.(ts|mts|mjs|cjs|js|py|sh|md|yml|yaml|json)$/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === '__pycache__' ? [] : files(rel);
    return TEXT.test(e.name) && statSync(join(ROOT, rel)).size < 1_000_000 ? [rel] : [];
  });
}

/** GitHub's heading anchor: the text as shown, lower-cased, punctuation but '-' and '_' dropped, spaces to '-'. */
function slug(heading: string): string {
  const shown = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image shows its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*~]/g, '');
  return shown
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A markdown file without its fenced code blocks (where neither headings nor links are markdown). */
const prose = (md: string): string => md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

const anchorCache = new Map<string, Set<string>>();
/** The anchors a markdown file offers: its headings' slugs (repeats get -1, -2, …) and explicit HTML ids. */
function anchors(path: string): Set<string> {
  const hit = anchorCache.get(path);
  if (hit) return hit;
  const md = prose(readFileSync(path, 'utf8'));
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of md.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const s = slug(text!);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n === 0 ? s : `${s}-${n}`);
  }
  for (const [, id] of md.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) out.add(id!);
  anchorCache.set(path, out);
  return out;
}

/** Why `target` (a path, `#anchor` optional) does not resolve, or undefined when it does. */
function broken(path: string, anchor: string | undefined): string | undefined {
  if (!existsSync(path)) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (!path.endsWith('.md')) return undefined;
  return anchors(path).has(decodeURIComponent(anchor)) ? undefined : `no heading #${anchor}`;
}

interface Ref {
  readonly from: string;
  readonly target: string;
  readonly why: string;
}

/** The files scanned: this one aside, which names broken targets on purpose. */
const SCANNED = [...DIRS.flatMap(files), 'README.md'].filter((f) => f !== relative(ROOT, import.meta.filename));

function refs(): { checked: number; broken: Ref[] } {
  const out: Ref[] = [];
  let checked = 0;
  for (const file of SCANNED) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // `docs/<page>.md#anchor` as written in code, messages and docs: from the repository's root.
    for (const [ref, page, anchor] of text.matchAll(/(?<![\w./-])(docs\/[\w./-]+\.md)(?:#([\w-]*))?/g)) {
      const why = broken(join(ROOT, page!), anchor);
      checked++;
      if (why) out.push({ from: file, target: ref, why });
    }
    if (!file.endsWith('.md')) continue;
    // Markdown links and images, relative to the file; in-page #anchors against the file itself.
    for (const [, target] of prose(text)
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:, …
      const [p, anchor] = target!.split('#', 2) as [string, string | undefined];
      const why = broken(p === '' ? join(ROOT, file) : join(ROOT, dirname(file), decodeURIComponent(p)), anchor);
      checked++;
      if (why) out.push({ from: file, target: target!, why });
    }
  }
  return { checked, broken: out };
}

describe('links into the docs', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('The comment and fork pull requests')).toBe('the-comment-and-fork-pull-requests');
    expect(slug('5.1 `yaml_dq(raw)`: the value of a double-quoted scalar (PyYAML 6.0.3 scanner)')).toBe(
      '51-yaml_dqraw-the-value-of-a-double-quoted-scalar-pyyaml-603-scanner',
    );
    expect(slug('The `stats` fields')).toBe('the-stats-fields');
    expect(slug('Outcomes and the attribution rule')).toBe('outcomes-and-the-attribution-rule');
    expect(slug('[Egress reach](analyses.md)')).toBe('egress-reach');
  });

  it('every docs/*.md#anchor and relative markdown link resolves to a file and a heading', () => {
    const r = refs();
    expect(r.broken.map((b) => `${b.from}: ${b.target} (${b.why})`)).toEqual([]);
    expect(r.checked).toBeGreaterThan(200);
  });

  it('catches a heading that does not exist', () => {
    expect(broken(join(ROOT, 'docs/action.md'), 'fork-pull-requests')).toBe('no heading #fork-pull-requests');
    expect(broken(join(ROOT, 'docs/nope.md'), undefined)).toBe('no such file');
  });

  it('no comment cites a "spec §" the repository does not contain', () => {
    expect(SCANNED.filter((f) => /spec §|\(§\d/.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
