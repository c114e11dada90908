// The README's library example runs as written (with the repository as its working directory).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENTDYN_MODELS, CORPUS_NAMES } from '../src/data/registry.js';

const ROOT = join(import.meta.dirname, '..');

describe('README', () => {
  it('the library example prints a comparison with the custom defense in it', () => {
    const md = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = md.slice(md.indexOf('### Using it as a library'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code, 'no ts block after "### Using it as a library"').toBeDefined();
    const file = join(ROOT, `.readme-example-${process.pid}.ts`);
    writeFileSync(file, code!);
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, encoding: 'utf8' });
      expect(out).toMatch(/^corpus: pairs\n/);
      expect(out).toMatch(/^my-guard {16}/m);
      expect(out).toMatch(/^flow-guard {15}547\/609 \( 90%\)/m);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('the local loop runs as written: the base saved, the same defense passes, a worse one exits 1', () => {
    const md = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /### The local loop[\s\S]*?```sh\n([\s\S]*?)```/.exec(md)?.[1] ?? '';
    const lines = block.trim().split('\n');
    expect(lines).toHaveLength(3);
    // Each line: `git … && npx defense-eval <flags>`; run the CLI part on a fixture defense.
    const cli = (line: string, defense: string) => {
      const flags = line.split('&& npx defense-eval ')[1]!.replace('python3 ../my-defense/defense.py', defense);
      const r = spawnSync('/bin/sh', ['-c', `"${process.execPath}" dist/cli/index.js ${flags}`], { cwd: dir, encoding: 'utf8' });
      return r.status;
    };
    const dir = mkdtempSync(join(tmpdir(), 'readme-loop-'));
    cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
    for (const p of ['corpora', 'scores', 'package.json']) cpSync(join(ROOT, p), join(dir, p), { recursive: true });
    const fixture = (f: string) => `"${process.execPath}" ${join(ROOT, 'test/fixtures/defenses', f)}`;
    expect(cli(lines[0]!, fixture('rule-stdio.mjs'))).toBe(0);
    expect(existsSync(join(dir, 'base.json'))).toBe(true);
    expect(cli(lines[1]!, fixture('rule-stdio.mjs'))).toBe(0);
    expect(cli(lines[1]!, `${fixture('v2-recorder.mjs')} /dev/null ask-all`)).toBe(1);
    expect(lines[2]).toMatch(/^echo "exit \$\?/);
  });

  it('the quick start is exactly two commands', () => {
    const md = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /## Quick start\n\n```sh\n([\s\S]*?)```/.exec(md)?.[1] ?? '';
    expect(
      block
        .trim()
        .split('\n')
        .map((l) => l.replace(/\s+#.*$/, '')),
    ).toEqual(['npm ci && npm start', 'npm test']);
  });

  it("the CLI's corpus table names every corpus --corpus takes", () => {
    const md = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = md.slice(md.indexOf('| corpus | what it prints |'), md.indexOf('`--defense` picks'));
    const named = new Set([...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([^`]+)`/g)].map((x) => x[1]!)));
    const dyn = new Set<string>(AGENTDYN_MODELS.map((m) => `agentdyn-${m}`));
    for (const name of CORPUS_NAMES) expect(named.has(dyn.has(name) ? 'agentdyn-<model>' : name), name).toBe(true);
  });
});
