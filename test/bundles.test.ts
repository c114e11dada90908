// The bundles are what users run: dist/cli and dist/action as processes, for every defense kind
// (a command, a URL, a JavaScript module, a module compiled from TypeScript) on the replayed
// corpora, and with the production path (a command on stdio) on every other corpus (the
// transformed attack corpora and AgentDyn's recorded runs, one model's and all ten's), each giving
// exactly the in-process figures of the same rule; and the action's comment and companion steps
// as processes against a local GitHub API. A change that breaks only dist/ fails here (CI also
// checks that dist/ is rebuilt from src/).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorpusStore } from '../src/data/store.js';
import type { Defense } from '../src/defenses/defense.js';
import { judge } from '../src/scoring/judge.js';
import { tally } from '../src/scoring/tally.js';
import type { Corpus } from '../src/corpora/corpus.js';
import type { Result } from '../src/model/result.js';
import type { TrajectoryCorpus } from '../src/corpora/corpus.js';
import { TRANSFORMS, type CorpusName } from '../src/data/registry.js';
import { groupIndices } from '../src/scoring/compare.js';
import { judgeRecorded, trajectoryCounts } from '../src/scoring/trajectory.js';
import { commentMarker } from '../src/action/comment.js';
import { BOT, startFakeGitHub, type FakeGitHub } from './action/github-server.js';
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
}, 60_000); // tsc takes a while on a loaded machine
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

describe('dist/cli/index.js: the outputs and checks added since', () => {
  const cli = (...argv: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'dist/cli/index.js'), ...argv], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });

  it('--junit writes a test case per scenario and defense, read back by xmllint', () => {
    const file = join(work, 'bundled.xml');
    const p = cli('--corpus', 'bundled', '--junit', file);
    expect(p.status, p.stderr).toBe(0);
    const x = spawnSync('xmllint', ['--xpath', 'count(//testcase)', file], { encoding: 'utf8' });
    expect(x.status, x.stderr).toBe(0);
    // 10 scenarios × the five reference defenses
    expect(x.stdout.trim()).toBe('50');
  });

  it('--html inlines Chart.js from the file ncc put beside each bundle, run from a copy with no node_modules near it', () => {
    const chart = readFileSync(join(ROOT, 'node_modules/chart.js/dist/chart.umd.min.js'), 'utf8');
    for (const b of ['cli', 'action']) expect(readFileSync(join(ROOT, `dist/${b}/chart.umd.min.js`), 'utf8'), b).toBe(chart);
    const copy = mkdtempSync(join(tmpdir(), 'ade-bundle-copy-'));
    cpSync(join(ROOT, 'dist/cli'), copy, { recursive: true });
    const file = join(work, 'report.html');
    const p = spawnSync(process.execPath, [join(copy, 'index.js'), '--corpus', 'bundled', '--html', file], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, DEFENSE_EVAL_DATA: ROOT },
    });
    expect(p.status, p.stderr).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain(`<script>${chart}</script>`);
    expect(html).toContain('"title":"Corpus: bundled"');
  });

  it('--shard and --merge: three parts of every corpus kind merge into the one-process results file, byte for byte', () => {
    const corpora = 'bundled,agentdojo,pairs,attacks-leet,agentdyn-gpt-4o-2024-08-06';
    const rule = ['--corpus', corpora, '--defense-cmd', `"${process.execPath}" "${join(FIX, 'rule-stdio.mjs')}"`, '--progress', '0'];
    const dir = mkdtempSync(join(work, 'shards-'));
    const whole = cli(...rule, '--out-results', join(dir, 'whole.json'));
    expect(whole.status, whole.stderr).toBe(0);
    for (const i of [1, 2, 3]) {
      const p = cli(...rule, '--shard', `${i}/3`, '--out-results', join(dir, 'parts', `${i}.json`).replace('parts/', `parts-${i}-`));
      expect(p.status, p.stderr).toBe(0);
      expect(p.stdout).toBe('');
      expect(p.stderr).toMatch(
        new RegExp(`^scored shard ${i}/3 of rule-stdio \\(scenarios: bundled \\d+/10, agentdojo \\d+/132, pairs \\d+/1046`),
      );
    }
    const parts = [1, 2, 3].map((i) => join(dir, `parts-${i}-${i}.json`));
    const merged = cli('--corpus', corpora, '--merge', parts.join(','), '--out-results', join(dir, 'merged.json'));
    expect(merged.status, merged.stderr).toBe(0);
    expect(readFileSync(join(dir, 'merged.json'), 'utf8')).toBe(readFileSync(join(dir, 'whole.json'), 'utf8'));
    expect(merged.stdout).toBe(whole.stdout);
    const missing = cli('--corpus', corpora, '--merge', parts.slice(0, 2).join(','));
    expect([missing.status, missing.stderr]).toEqual([2, 'defense-eval: merge: shard 3/3 is missing\n']);
  });

  it('--shard with --online: each shard plays its streams whole; merged under one seed, the one-process results file', () => {
    const flags = [
      '--corpus',
      'pairs',
      '--defense-cmd',
      `"${process.execPath}" "${join(FIX, 'learner-stdio.mjs')}" -`,
      '--online',
      '--online-seed',
      '3',
    ];
    const small = ['--online-attacks', '20', '--online-benign', '5', '--progress', '0'];
    const dir = mkdtempSync(join(work, 'online-shards-'));
    expect(cli(...flags, ...small, '--out-results', join(dir, 'whole.json')).status).toBe(0);
    for (const i of [1, 2]) {
      const p = cli(...flags, ...small, '--shard', `${i}/2`, '--out-results', join(dir, `${i}.json`));
      expect(p.status, p.stderr).toBe(0);
      expect(p.stderr).toContain(i === 1 ? 'online streams: pairs workspace, pairs banking' : 'online streams: pairs travel, pairs slack');
    }
    const merged = cli(
      '--corpus',
      'pairs',
      '--merge',
      [1, 2].map((i) => join(dir, `${i}.json`)).join(','),
      '--out-results',
      join(dir, 'merged.json'),
    );
    expect(merged.status, merged.stderr).toBe(0);
    expect(readFileSync(join(dir, 'merged.json'), 'utf8')).toBe(readFileSync(join(dir, 'whole.json'), 'utf8'));
  });

  it('--shard with --adaptive: each shard attacks its targets whole; merged, the one-process attack but for the benign runs drawn', () => {
    const flags = ['--corpus', 'pairs', '--defense-cmd', `"${process.execPath}" "${join(FIX, 'rule-stdio.mjs')}"`, '--scores', 'none'];
    const attack = ['--adaptive', '1', '--adaptive-suites', 'banking', '--adaptive-seed', '5', '--progress', '0'];
    const dir = mkdtempSync(join(work, 'adaptive-shards-'));
    const whole = cli(...flags, ...attack, '--out-results', join(dir, 'whole.json'));
    expect(whole.status, whole.stderr).toBe(0);
    for (const i of [1, 2, 3]) {
      const p = cli(...flags, ...attack, '--shard', `${i}/3`, '--out-results', join(dir, `${i}.json`));
      expect(p.status, p.stderr).toBe(0);
      expect(p.stderr).toMatch(new RegExp(`; adaptive attack on pairs: \\d+ of 36 targets, \\d+ queries\\n`));
    }
    const parts = [1, 2, 3].map((i) => join(dir, `${i}.json`)).join(',');
    const merged = cli('--corpus', 'pairs', '--scores', 'none', '--merge', parts, '--out-results', join(dir, 'merged.json'));
    expect(merged.status, merged.stderr).toBe(0);
    // The benign runs slipped into the attack are a secret draw in every run, sharded or not.
    const drawn = (s: string) =>
      s.replace(/"benign_runs": \d+/, '"benign_runs": N').replace(/and \d+ benign runs asked in both/, 'and N benign runs asked in both');
    expect(drawn(readFileSync(join(dir, 'merged.json'), 'utf8'))).toBe(drawn(readFileSync(join(dir, 'whole.json'), 'utf8')));
    expect(drawn(merged.stdout)).toBe(drawn(whole.stdout));
    expect(whole.stdout).toMatch(/rule-stdio decided in the attack as in scoring: 144 runs of the corpus's own attack and \d+ benign runs/);
    // The merge gates the attack its parts made; --adaptive itself belongs to the shards.
    expect(cli('--corpus', 'pairs', '--merge', parts, '--max-adaptive-asr', '0').status).toBe(1);
    expect(cli('--corpus', 'pairs', '--merge', parts, '--adaptive', '1').stderr).toBe(
      'defense-eval: --adaptive does not apply to --merge: the shards were scored already\n',
    );
  });

  it('a sharded attack still compares the attack with scoring: a defense that tells them apart fails the merge', () => {
    // Allow-all for as many requests as scoring takes in one process, deny-all after: in a shard job
    // (a process scoring a third of the corpus, then attacking) it turns inside the attack all the same.
    const flags = ['--corpus', 'pairs', '--defense-module', join(FIX, 'two-faced-module.mjs'), '--scores', 'none', '--progress', '0'];
    const dir = mkdtempSync(join(work, 'two-faced-shards-'));
    for (const i of [1, 2, 3]) {
      const p = cli(
        ...flags,
        '--adaptive',
        '1',
        '--adaptive-suites',
        'banking',
        '--shard',
        `${i}/3`,
        '--out-results',
        join(dir, `${i}.json`),
      );
      expect(p.status, p.stderr).toBe(0);
    }
    const parts = [1, 2, 3].map((i) => join(dir, `${i}.json`)).join(',');
    const merged = cli('--corpus', 'pairs', '--scores', 'none', '--merge', parts, '--max-adaptive-asr', '100');
    expect(merged.status, merged.stderr).toBe(1);
    expect(merged.stderr).toMatch(
      /FAIL pairs adaptive: the defense decided otherwise than in scoring on \d+ of \d+ runs asked in both .*: missed in scoring, stopped in the attack\)/,
    );
  });

  it('--progress writes its lines to stderr, never to stdout', () => {
    const flags = ['--corpus', 'bundled', '--defense-module', join(FIX, 'template-detector-module.mjs'), '--format', 'json'];
    const on = cli(...flags, '--progress', '1');
    const off = cli(...flags, '--progress', '0');
    expect([on.status, off.status], on.stderr).toEqual([0, 0]);
    expect(on.stdout).toBe(off.stdout);
    expect(cli(...flags, '--progress', 'x').stderr).toMatch(/--progress/);
  });

  it("the adaptive attack's defense-module (a dynamic import in the bundle) is checked against scoring: a two-faced one fails", () => {
    const p = cli(
      '--corpus',
      'pairs',
      '--adaptive',
      '1',
      '--adaptive-suites',
      'banking',
      '--scores',
      'none',
      '--defense-module',
      join(FIX, 'two-faced-module.mjs'),
      '--max-adaptive-asr',
      '100',
    );
    expect(p.status, p.stderr).toBe(1);
    expect(p.stderr).toMatch(/FAIL pairs adaptive: the defense decided otherwise than in scoring on (\d+) of \1 runs asked in both/);
  });

  it("a replay file's own static_check is never believed: the check is made again on the replay", () => {
    const saved = join(work, 'adaptive.json');
    const search = ['--corpus', 'pairs', '--scores', 'none', '--adaptive', '1', '--adaptive-suites', 'banking'];
    const first = cli(...search, '--defense-module', join(FIX, 'template-detector-module.mjs'), '--out-results', saved);
    expect(first.status, first.stderr).toBe(0);
    // A forged file: it claims the two processes agreed on everything.
    const results = JSON.parse(readFileSync(saved, 'utf8')) as { corpora: { adaptive: { static_check: object } }[] };
    results.corpora[0]!.adaptive.static_check = { cases: 144, differing: 0, benign_runs: 1000, benign_differing: 0 };
    writeFileSync(saved, JSON.stringify(results));
    const p = cli(
      '--corpus',
      'pairs',
      '--scores',
      'none',
      '--adaptive-replay',
      saved,
      '--defense-module',
      join(FIX, 'two-faced-module.mjs'),
      '--max-adaptive-asr',
      '100',
    );
    expect(p.status, p.stderr).toBe(1);
    expect(p.stderr).toMatch(/FAIL pairs adaptive: the defense decided otherwise than in scoring on (\d+) of \1 runs asked in both/);
  });
});

/** A run of dist/action/index.js's gate step (the default) as action.yml runs it: inputs and the runner's files in the environment. */
function gate(inputs: Record<string, string>, event: object = { repository: { default_branch: 'main', full_name: 'o/r' } }) {
  const dir = mkdtempSync(join(work, 'run-'));
  const out = join(dir, 'output.txt'),
    summary = join(dir, 'summary.md');
  writeFileSync(out, '');
  writeFileSync(summary, '');
  writeFileSync(join(dir, 'event.json'), JSON.stringify(event));
  const env = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
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
    ...inputs,
  };
  const p = spawnSync(process.execPath, [join(ROOT, 'dist/action/index.js')], { cwd: ROOT, encoding: 'utf8', env });
  const outputs = readFileSync(out, 'utf8');
  const output = (name: string) => new RegExp(`${name}<<(\\S+)\\n(.*)\\n`).exec(outputs)?.[2];
  return { p, dir, env, outputs, output, summary: readFileSync(summary, 'utf8') };
}

interface CorpusResults {
  corpus: string;
  result: Result;
  trajectory?: { result: unknown; by_model?: Record<string, unknown> };
}
const resultsOf = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { corpora: CorpusResults[] };

describe('dist/action/index.js', () => {
  it.each(KINDS)('gates %s on every corpus with the in-process figures', (_, _flags, env, name) => {
    const { p, outputs, output, summary } = gate({ ...env(), INPUT_CORPORA: CORPORA.join(',') });
    expect(p.status, p.stdout + p.stderr).toBe(0);
    expect(outputs).toMatch(/verdict<<\S+\npass\n/);
    const results = resultsOf(output('results-path')!);
    expect(results.corpora.map((c) => c.corpus)).toEqual(CORPORA);
    for (const c of results.corpora) {
      expect(c.result.defense).toBe(name);
      expect(counts(c.result), c.corpus).toEqual(expected(store.load(c.corpus as (typeof CORPORA)[number])));
    }
    expect(summary).toMatch(new RegExp(`^## ✅ Defense gate passed: ${name}`));
  });
});

describe('dist/action/index.js in shard and merge modes', () => {
  it('shard jobs write their parts and nothing else; the merge job writes the results one job would', () => {
    const rule = { INPUT_DEFENSE: `"${process.execPath}" "${join(FIX, 'rule-stdio.mjs')}"`, INPUT_CORPORA: 'bundled,pairs' };
    const whole = gate(rule);
    expect(whole.p.status, whole.p.stdout + whole.p.stderr).toBe(0);
    const workspace = mkdtempSync(join(work, 'ws-'));
    for (const i of [1, 2]) {
      const part = gate({ ...rule, INPUT_SHARD: `${i}/2` });
      expect(part.p.status, part.p.stdout + part.p.stderr).toBe(0);
      expect(part.output('results-path')).toBeUndefined();
      expect(part.output('verdict')).toBeUndefined();
      mkdirSync(join(workspace, 'parts', String(i)), { recursive: true });
      cpSync(part.output('partial-path')!, join(workspace, 'parts', String(i), 'part.json'));
    }
    const merged = gate({ ...rule, INPUT_MERGE: 'parts', GITHUB_WORKSPACE: workspace });
    expect(merged.p.status, merged.p.stdout + merged.p.stderr).toBe(0);
    expect(readFileSync(merged.output('results-path')!, 'utf8')).toBe(readFileSync(whole.output('results-path')!, 'utf8'));
    // The same report but for the requests asked: each part asks its own, not once per run.
    const figures = (md: string) => md.replace(/ · \d+ requests for \d+ decisions · /, ' · ');
    expect(merged.summary).toMatch(/ · \d+ requests for \d+ decisions · /);
    expect(figures(merged.summary)).toBe(figures(whole.summary));
  });
});

// Every other corpus, through the production path (a command on stdio): the transformed attack
// corpora and the recorded runs. The action gets the three transforms and the default model's
// runs; the CLI one transform (with the classifiers' drop) and both recorded-run corpora, pooled
// too (each bundle's corpus code is the same for every transform; the pooled corpus adds by_model).
const TRANSFORMED = TRANSFORMS.map((t) => `attacks-${t}` as const);
const DEFAULT_MODEL = 'agentdyn-gpt-4o-2024-08-06';
const ON_CLI = ['attacks-leet', DEFAULT_MODEL, 'agentdyn'] as const;
const ON_ACTION = [...TRANSFORMED, DEFAULT_MODEL] as const;
const stdio = KINDS[0];
const isTrajectory = (name: string) => name.startsWith('agentdyn');

/** The rule in process on recorded runs: the gate's axes and the effect counts, pooled and per model (memoised). */
const recorded = new Map<string, { gate: number[]; effect: unknown; byModel: Record<string, unknown> | undefined }>();
function trajectory(name: string) {
  if (!recorded.has(name)) {
    const corpus = store.load(name as CorpusName) as TrajectoryCorpus;
    const j = { defense: 'rule', ...judgeRecorded(rule, corpus.scenarios) };
    const modelOf = new Map(corpus.scenarios.map((s, i) => [s, corpus.runs[i]!.model]));
    const groups = [...groupIndices(corpus.scenarios, (s) => modelOf.get(s))];
    recorded.set(name, {
      gate: counts(tally('rule', j.outcomes)),
      effect: trajectoryCounts(corpus.scenarios, j),
      byModel:
        corpus.models.length > 1
          ? Object.fromEntries(groups.map(([m, idx]) => [m, trajectoryCounts(corpus.scenarios, j, idx)]))
          : undefined,
    });
  }
  return recorded.get(name)!;
}

/** A results file (the CLI's --out-results, the action's results-path) holds the in-process figures. */
function checkResults(path: string, names: readonly string[]) {
  const results = resultsOf(path);
  expect(results.corpora.map((c) => c.corpus)).toEqual(names);
  for (const c of results.corpora) {
    if (!isTrajectory(c.corpus)) {
      expect(counts(c.result), c.corpus).toEqual(expected(store.load(c.corpus as CorpusName)));
      continue;
    }
    const want = trajectory(c.corpus);
    expect([counts(c.result), c.trajectory!.result], c.corpus).toEqual([want.gate, want.effect]);
    expect(c.trajectory!.by_model, c.corpus).toEqual(want.byModel);
  }
}

describe('the bundles on the transformed attack corpora and the recorded runs (a command on stdio)', () => {
  it('dist/cli/index.js: your row per attack and the drop on attacks-leet, the effect counts on agentdyn; --out-results', () => {
    const resultsFile = join(work, 'cli-more.json');
    const p = spawnSync(
      process.execPath,
      [join(ROOT, 'dist/cli/index.js'), '--corpus', ON_CLI.join(','), '--format', 'json', '--out-results', resultsFile, ...stdio[1]()],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    expect(p.status, p.stderr).toBe(0);
    const reports = JSON.parse(p.stdout) as {
      corpus: string;
      attacks?: Record<string, { comparison: { results: Result[] } }>;
      score_drop?: { transform: string };
      results?: { defense: string; gate: Result; counts: unknown }[];
      by_model?: Record<string, { defense: string; counts: unknown }[]>;
    }[];
    expect(reports.map((r) => r.corpus)).toEqual(ON_CLI);
    const [leet, ...runs] = reports;
    const corpus = store.attacks('leet');
    for (const a of corpus.attacks) {
      const row = leet!.attacks![a]!.comparison.results.find((x) => x.defense === stdio[3])!;
      expect(counts(row), a).toEqual(counts(tally('rule', judge(rule, corpus.byAttack(a)))));
    }
    expect(leet!.score_drop!.transform).toBe('leet');
    for (const report of runs) {
      const want = trajectory(report.corpus);
      const row = report.results!.find((x) => x.defense === stdio[3])!;
      expect([counts(row.gate), row.counts], report.corpus).toEqual([want.gate, want.effect]);
      for (const [m, c] of Object.entries(want.byModel ?? {}))
        expect(report.by_model![m]!.find((x) => x.defense === stdio[3])!.counts, m).toEqual(c);
    }
    expect(Object.keys(runs[1]!.by_model!)).toHaveLength(10);
    checkResults(resultsFile, ON_CLI);
  });

  it('dist/action/index.js: the same figures in its results file', () => {
    const { p, output } = gate({ ...stdio[2](), INPUT_CORPORA: ON_ACTION.join(',') });
    expect(p.status, p.stdout + p.stderr).toBe(0);
    checkResults(output('results-path')!, ON_ACTION);
  });
});

/** A bundle's step as a process that does not block this one (the fake GitHub API answers from here). */
function step(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [join(ROOT, 'dist/action/index.js'), ...args], { cwd: ROOT, env });
    let stdout = '',
      stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe("dist/action/index.js's comment and companion steps against a local GitHub API", () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub();
  });
  afterAll(() => gh?.close());
  const HEAD = 'c'.repeat(40);
  const prEvent = (fork: boolean) => ({
    pull_request: {
      number: 7,
      base: { sha: 'b'.repeat(40), repo: { full_name: 'o/r' } },
      head: { sha: HEAD, repo: { full_name: fork ? 'fork/r' : 'o/r' } },
    },
    repository: { default_branch: 'main', full_name: 'o/r' },
  });
  const prGate = (fork: boolean) =>
    gate({ ...stdio[2](), INPUT_CORPORA: 'bundled', 'INPUT_COMMENT-KEY': 'default', GITHUB_EVENT_NAME: 'pull_request' }, prEvent(fork));

  it('comment: posts the report the gate step wrote as the sticky comment, then updates it', async () => {
    const g = prGate(false);
    expect(g.p.status, g.p.stdout + g.p.stderr).toBe(0);
    const report = readFileSync(g.output('report-path')!, 'utf8');
    const env = { ...g.env, INPUT_COMMENT: 'auto', 'INPUT_GITHUB-TOKEN': 'test-token', GITHUB_API_URL: gh.url };
    for (const action of ['created', 'updated']) {
      const c = await step(['comment'], env);
      expect(c.status, c.stdout + c.stderr).toBe(0);
      expect(c.stdout).toMatch(new RegExp(`PR comment ${action}: https://github\\.example/o/r/pull/7#issuecomment-`));
    }
    const posted = (gh.comments.get(7) ?? []).filter((c) => c.user.login === BOT);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toBe(`${commentMarker('default')}\n${report}`);
    expect(report).toMatch(new RegExp(`^## ✅ Defense gate passed: ${stdio[3]}`));
  });

  it("companion: renders a fork PR's comment from its record, held to the run's conclusion, and skips another key's artifact", async () => {
    const g = prGate(true);
    expect(g.p.status, g.p.stdout + g.p.stderr).toBe(0);
    const root = mkdtempSync(join(work, 'artifacts-'));
    mkdirSync(join(root, 'defense-eval-default'));
    mkdirSync(join(root, 'defense-eval-other'));
    const record = readFileSync(g.output('record-path')!, 'utf8');
    writeFileSync(join(root, 'defense-eval-default', 'gate.json'), record);
    writeFileSync(join(root, 'defense-eval-other', 'gate.json'), record.replace('"comment_key": "default"', '"comment_key": "other"'));
    const event = join(root, '..', 'workflow-run.json');
    writeFileSync(
      event,
      JSON.stringify({
        workflow_run: { id: 1, event: 'pull_request', head_sha: HEAD, conclusion: 'failure' },
        repository: { full_name: 'o/r' },
      }),
    );
    gh.comments.clear();
    gh.pulls.set(7, HEAD);
    const c = await step(['companion'], {
      PATH: process.env['PATH'],
      GITHUB_EVENT_PATH: event,
      GITHUB_API_URL: gh.url,
      INPUT_ARTIFACTS: root,
      'INPUT_GITHUB-TOKEN': 'test-token',
      'INPUT_COMMENT-KEYS': 'default',
    });
    expect(c.status, c.stdout + c.stderr).toBe(0);
    expect(c.stdout).toContain(
      '::warning::artifact defense-eval-other skipped: comment key "other" is not one of the accepted comment-keys',
    );
    const [posted, ...more] = (gh.comments.get(7) ?? []).filter((x) => x.user.login === BOT);
    expect(more).toEqual([]);
    // The record passed, but the run failed: the companion says so, and renders the reference rows from its own corpora.
    expect(posted!.body).toMatch(new RegExp(`^${commentMarker('default')}\\n## ❌ Defense gate failed: ${stdio[3]}`));
    expect(posted!.body).toContain('The gate run concluded failure, not success.');
    expect(posted!.body).toMatch(/\n\| flow-guard \| 5\/6 83\.3% /);
  });
});

describe('dist/action/index.js checks every input before any PR code runs', () => {
  it('a bad baseline path exits 2 at once: the install never runs and a defense that would take 30 s never starts', () => {
    const dir = mkdtempSync(join(work, 'bad-base-'));
    const slow = join(dir, 'slow.mjs');
    writeFileSync(
      slow,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(join(dir, 'started'))}, '');\nsetTimeout(() => {}, 30_000);\n`,
    );
    const started = Date.now();
    const g = gate({
      INPUT_CORPORA: 'bundled',
      INPUT_BASELINE: 'baselines/nope.json',
      INPUT_INSTALL: `touch ${JSON.stringify(join(dir, 'installed'))}`,
      INPUT_DEFENSE: `"${process.execPath}" "${slow}"`,
    });
    const seconds = (Date.now() - started) / 1000;
    expect(g.p.status, g.p.stdout + g.p.stderr).toBe(2);
    expect(g.p.stdout).toContain('::error::input baseline: baselines/nope.json: cannot read: ENOENT');
    expect([existsSync(join(dir, 'installed')), existsSync(join(dir, 'started'))]).toEqual([false, false]);
    expect(seconds).toBeLessThan(10); // the defense alone would take 30 s
    expect(g.summary).toMatch(/^## ❌ Defense gate: invalid input\n/);
  });
});
