// The layering rules of docs/architecture.md, run by dependency-cruiser in `npm run lint`: the real
// tree passes, and a planted cycle, an upward import, I/O in the core and a shell importing the
// other shell each fail with the rule's name.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
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
