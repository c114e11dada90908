// The bundles are what users run: dist/cli and dist/action as processes, for every defense kind
// (a command, a URL, a JavaScript module, a module compiled from TypeScript) on every corpus a
// defense can be scored on, each giving exactly the in-process figures of the same rule. A change
// that breaks only dist/ fails here (CI also checks that dist/ is rebuilt from src/).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorpusStore } from '../src/data/store.js';
import type { Defense } from '../src/defenses/defense.js';
import { judge } from '../src/scoring/judge.js';
import { tally } from '../src/scoring/tally.js';
import type { Corpus } from '../src/corpora/corpus.js';
import type { Result } from '../src/model/result.js';
// @ts-expect-error: a plain .mjs fixture, shared with the defenses under test.
import { decide } from './fixtures/defenses/rule.mjs';

const ROOT = join(import.meta.dirname, '..');
const FIX = join(ROOT, 'test/fixtures/defenses');
const CORPORA = ['bundled', 'agentdojo', 'pairs', 'attacks'] as const;
const store = new CorpusStore();
const rule: Defense = {
  name: 'rule',
  decide: (c) => {
    const d = decide(c) as { allow: boolean; reason: string };
    return { allowed: d.allow, reason: d.reason };
  },
};
const counts = (r: Result) => [
  r.injections_total,
  r.injections_blocked,
  r.injections_halted_in_task,
  r.injections_attributable,
  r.benign_total,
  r.benign_kept,
  r.unscored,
];
const expected = (c: Corpus) => counts(tally('rule', judge(rule, c.scenarios)));

let server: ChildProcess;
let url = '';
const work = mkdtempSync(join(tmpdir(), 'ade-bundles-'));
let tsModule = '';

beforeAll(async () => {
  server = spawn(process.execPath, [join(FIX, 'rule-http.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  url = await new Promise<string>((resolve) => server.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())));
  // A defense author's TypeScript module, compiled the usual way (tsc, ES modules).
  writeFileSync(join(work, 'package.json'), '{"type":"module"}');
  const tsc = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      join(FIX, 'rule-module.ts'),
      '--outDir',
      work,
      '--module',
      'nodenext',
      '--target',
      'es2022',
    ],
    { encoding: 'utf8' },
  );
  expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  tsModule = join(work, 'rule-module.js');
});
afterAll(() => server?.kill());

const KINDS = [
  [
    'a command on stdio',
    () => ['--defense-cmd', `"${process.execPath}" "${join(FIX, 'rule-stdio.mjs')}"`],
    () => ({ INPUT_DEFENSE: `"${process.execPath}" "${join(FIX, 'rule-stdio.mjs')}"` }),
    'rule-stdio',
  ],
  ['a URL', () => ['--defense-url', url], () => ({ 'INPUT_DEFENSE-URL': url }), 'rule-http'],
  [
    'a JavaScript module',
    () => ['--defense-module', join(FIX, 'rule-module.mjs')],
    () => ({ 'INPUT_DEFENSE-MODULE': join(FIX, 'rule-module.mjs') }),
    'rule-module',
  ],
  ['a module compiled from TypeScript', () => ['--defense-module', tsModule], () => ({ 'INPUT_DEFENSE-MODULE': tsModule }), 'rule-ts'],
] as const;

describe('dist/cli/index.js', () => {
  it.each(KINDS)('scores %s on every corpus exactly like the rule in process', (_, flags, _env, name) => {
    const p = spawnSync(
      process.execPath,
      [join(ROOT, 'dist/cli/index.js'), '--corpus', CORPORA.join(','), '--format', 'json', ...flags()],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    expect(p.status, p.stderr).toBe(0);
    const reports = JSON.parse(p.stdout) as {
      corpus: string;
      comparison?: { results: Result[] };
      attacks?: Record<string, { comparison: { results: Result[] } }>;
    }[];
    expect(reports.map((r) => r.corpus)).toEqual(CORPORA);
    for (const r of reports.filter((x) => x.comparison)) {
      const row = r.comparison!.results.find((x) => x.defense === name)!;
      expect(counts(row), r.corpus).toEqual(expected(store.load(r.corpus as (typeof CORPORA)[number])));
    }
    const attacks = store.attacks('identity');
    for (const a of attacks.attacks) {
      const row = reports[3]!.attacks![a]!.comparison.results.find((x) => x.defense === name)!;
      expect(counts(row), a).toEqual(counts(tally('rule', judge(rule, attacks.byAttack(a)))));
    }
    expect(p.stderr).toMatch(new RegExp(`scored ${name} on bundled, agentdojo, pairs, attacks: \\d+ requests for \\d+ decisions`));
  });
});

describe('dist/action/index.js', () => {
  it.each(KINDS)('gates %s on every corpus with the in-process figures', (_, _flags, env, name) => {
    const dir = mkdtempSync(join(work, 'run-'));
    const out = join(dir, 'output.txt'),
      summary = join(dir, 'summary.md');
    writeFileSync(out, '');
    writeFileSync(summary, '');
    writeFileSync(join(dir, 'event.json'), JSON.stringify({ repository: { default_branch: 'main', full_name: 'o/r' } }));
    const p = spawnSync(process.execPath, [join(ROOT, 'dist/action/index.js')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        ...env(),
        INPUT_CORPORA: CORPORA.join(','),
        INPUT_BASELINE: 'none',
        INPUT_COMMENT: 'never',
        GITHUB_EVENT_NAME: 'workflow_dispatch',
        GITHUB_EVENT_PATH: join(dir, 'event.json'),
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_SHA: 'a'.repeat(40),
        GITHUB_OUTPUT: out,
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_WORKSPACE: ROOT,
        RUNNER_TEMP: dir,
      },
    });
    expect(p.status, p.stdout + p.stderr).toBe(0);
    const outputs = readFileSync(out, 'utf8');
    expect(outputs).toMatch(/verdict<<\S+\npass\n/);
    const resultsPath = /results-path<<(\S+)\n(.*)\n/.exec(outputs)![2]!;
    const results = JSON.parse(readFileSync(resultsPath, 'utf8')) as { corpora: { corpus: string; result: Result }[] };
    expect(results.corpora.map((c) => c.corpus)).toEqual(CORPORA);
    for (const c of results.corpora) {
      expect(c.result.defense).toBe(name);
      expect(counts(c.result), c.corpus).toEqual(expected(store.load(c.corpus as (typeof CORPORA)[number])));
    }
    expect(readFileSync(summary, 'utf8')).toMatch(new RegExp(`^## ✅ Defense gate passed: ${name}`));
  });
});
