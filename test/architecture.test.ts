// The layering rules of docs/architecture.md, run by dependency-cruiser in `npm run lint`: the real
// tree passes, and a planted cycle, an upward import, I/O in the core and a shell importing the
// other shell each fail with the rule's name. The doc's picture is held to the real import graph,
// and its words to the code.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

function cruise(root: string): { ok: boolean; out: string } {
  try {
    const out = execFileSync(process.execPath, [BIN, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { ok: true, out };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

const copies: string[] = [];
/** A copy of src/ with one line appended to one file. */
function planted(file: string, line: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ade-arch-'));
  copies.push(dir);
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
  for (const f of ['tsconfig.json', '.dependency-cruiser.cjs', 'package.json']) cpSync(join(ROOT, f), join(dir, f));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  appendFileSync(join(dir, file), `\n${line}\n`);
  return dir;
}

afterAll(() => {
  for (const d of copies) rmSync(d, { recursive: true, force: true });
});

describe('architecture rules', () => {
  it('the real tree has no violation', () => {
    const r = cruise(ROOT);
    expect(r.out).not.toMatch(/error/);
    expect(r.ok).toBe(true);
  });

  it.each([
    [
      'a cycle inside a layer',
      'src/scoring/tally.ts',
      "import { compare } from './compare.js'; export const planted = compare;",
      /no-circular: src\/scoring\/compare\.ts/,
    ],
    [
      'an upward import',
      'src/model/call.ts',
      "import { renderText } from '../report/text.js'; export const planted = renderText;",
      /layer-model: src\/model\/call\.ts → src\/report\/text\.ts/,
    ],
    [
      'disk access in the core',
      'src/scoring/rates.ts',
      "import { readFileSync } from 'node:fs'; export const planted = readFileSync;",
      /core-is-pure: src\/scoring\/rates\.ts → (node:)?fs/,
    ],
    [
      'one shell importing the other',
      'src/cli/main.ts',
      "import { run as action } from '../action/main.js'; export const planted = action;",
      /shells-apart: src\/cli\/main\.ts → src\/action\/main\.ts/,
    ],
    [
      'GitHub outside the action',
      'src/report/comment.ts',
      "import * as core from '@actions/core'; export const planted = core;",
      /github-only-in-the-action: src\/report\/comment\.ts → .*@actions/,
    ],
    [
      'the SDK importing the library',
      'src/sdk/index.ts',
      "import { TOOL_VERSION } from '../model/version.js'; export const planted = TOOL_VERSION;",
      /sdk-stands-alone: src\/sdk\/index\.ts → src\/model\/version\.ts/,
    ],
  ])('fails on %s', (_, file, line, rule) => {
    const r = cruise(planted(file, line));
    expect(r.ok).toBe(false);
    expect(r.out).toMatch(rule);
  });
});

// ---------------------------------------------------------------- the picture and the table

const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
/** Every directory of src/ is a layer (or a shell, the scorer, the SDK). */
const DIRS = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** The mermaid flowchart's nodes and arrows (`a --> b & c`, `a & b --> c`, chains). */
function picture(doc: string): { nodes: string[]; edges: Set<string> } {
  const block = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const nodes = [...block.matchAll(/^\s*(\w+)\[/gm)].map((m) => m[1]!).sort();
  const edges = new Set<string>();
  for (const line of block.split('\n').filter((l) => l.includes('-->'))) {
    const groups = line.split('-->').map((g) => g.split('&').map((n) => n.trim()));
    for (let i = 1; i < groups.length; i++) for (const a of groups[i - 1]!) for (const b of groups[i]!) edges.add(`${a} -> ${b}`);
  }
  return { nodes, edges };
}

/** Imports from one directory of src/ into another, as dependency-cruiser resolves them (type-only imports too). */
function importEdges(): Set<string> {
  const json = execFileSync(process.execPath, [BIN, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const dir = (p: string) => /^src\/([^/]+)\//.exec(p)?.[1];
  const out = new Set<string>();
  for (const m of (JSON.parse(json) as { modules: { source: string; dependencies: { resolved: string }[] }[] }).modules) {
    const from = dir(m.source);
    for (const d of m.dependencies) {
      const to = dir(d.resolved);
      if (from && to && from !== to) out.add(`${from} -> ${to}`);
    }
  }
  return out;
}

/** Edges of `edges` with no path of arrows in `drawn`. */
function unreachable(edges: Iterable<string>, drawn: Set<string>): string[] {
  const next = new Map<string, string[]>();
  for (const e of drawn) {
    const [a, b] = e.split(' -> ') as [string, string];
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length > 0) for (const n of next.get(todo.pop()!) ?? []) if (!seen.has(n) && seen.add(n)) todo.push(n);
    return seen;
  };
  return [...edges].filter((e) => {
    const [a, b] = e.split(' -> ') as [string, string];
    return !reach(a).has(b);
  });
}

describe('docs/architecture.md', () => {
  const drawn = picture(DOC);
  const real = importEdges();

  it('draws every directory of src/ and only those', () => {
    expect(DIRS).toContain('run');
    expect(drawn.nodes).toEqual(DIRS);
  });

  it('draws only imports that exist', () => {
    expect([...drawn.edges].filter((e) => !real.has(e))).toEqual([]);
  });

  it('covers every import between two directories of src/ by a path of arrows', () => {
    expect(real.size).toBeGreaterThan(20);
    expect(unreachable(real, drawn.edges)).toEqual([]);
  });

  it('gives every directory of src/ a row in the layer table, and the README names each', () => {
    const table = DOC.slice(DOC.indexOf('## The layers'), DOC.indexOf('## Words'));
    const rows = [...table.matchAll(/^\| (`[a-z]+\/`(?:, `[a-z]+\/`)*) \|/gm)].flatMap((m) =>
      [...m[1]!.matchAll(/`([a-z]+)\/`/g)].map((n) => n[1]!),
    );
    expect(rows.sort()).toEqual(DIRS);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const srcRow = /^\| `src\/` \|(.*)\|$/m.exec(readme)?.[1] ?? '';
    expect(DIRS.filter((d) => !srcRow.includes(`\`${d}\``))).toEqual([]);
  });

  it('catches a missing arrow and a drawn import that does not exist', () => {
    const edges = new Set(['a -> b', 'b -> c']);
    expect(unreachable(['a -> c', 'c -> a'], edges)).toEqual(['c -> a']);
    expect(picture('```mermaid\n  x["x/"]\n  y["y/"]\n  x & y --> z --> w\n```').edges).toEqual(new Set(['x -> z', 'y -> z', 'z -> w']));
  });

  it("one name per idea: one Verdict (the gate's) and one Denial in src/", () => {
    const defs = (name: string) =>
      DIRS.flatMap((d) => readdirSync(join(ROOT, 'src', d), { recursive: true, encoding: 'utf8' }).map((f) => `src/${d}/${f}`)).filter(
        (f) =>
          f.endsWith('.ts') &&
          new RegExp(`^(?:export )?(?:type|interface|class|enum) ${name}\\b`, 'm').test(readFileSync(join(ROOT, f), 'utf8')),
      );
    expect(defs('Verdict')).toEqual(['src/gate/verdict.ts']);
    expect(defs('Denial')).toEqual(['src/model/call.ts']);
  });
});
