// The three shipped examples gated end to end through the action, a baseline rerun at the base
// commit in a git worktree, and the entry point as a real process (exit code and outputs).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirCache, POLICY, ROOT, runAction, useFakeGitHub } from './harness.js';

const gh = useFakeGitHub();

const pr = { name: 'pull_request' as const, sha: 'm'.repeat(40), pr: { number: 3, base: 'b'.repeat(40), head: 'c'.repeat(40) } };
// The examples run from the repository (their commands use relative paths).
const act = (inputs: Record<string, string>, env?: Record<string, string>) =>
  runAction({ baseline: 'none', ...inputs }, pr, { apiUrl: gh.url, cache: new DirCache(), workspace: ROOT, ...(env ? { env } : {}) });

describe('examples gated by the action', () => {
  it('python stdio', async () => {
    const r = await act({ defense: 'python3 examples/python-stdio/defense.py', 'min-utility': '100' });
    expect(r.failed).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.summary).toMatch(/^## ✅ Defense gate passed: example-python-provenance/);
  });

  it('node stdio (TypeScript SDK), failing a floor it cannot meet', async () => {
    const r = await act({ defense: `"${process.execPath}" --import tsx examples/node-stdio/defense.ts`, 'min-attributable': '100' });
    expect(r.code).toBe(1);
    expect(r.failed[0]).toMatch(/bundled: attributable block rate \d+\.\d% is below the floor of 100\.0%/);
  });

  it('HTTP', async () => {
    const server = spawn('python3', ['examples/http/server.py', '0'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve) =>
        server.stderr
          .setEncoding('utf8')
          .on('data', (s: string) => /listening on (\S+)/.exec(s) && resolve(/listening on (\S+)/.exec(s)![1]!)),
      );
      const r = await act({ 'defense-url': url });
      expect(r.code).toBe(0);
      expect(r.summary).toMatch(/^## ✅ Defense gate passed: example-http-destination/);
    } finally {
      server.kill();
    }
  });
});

describe('baseline rerun', () => {
  it('scores the base commit in a worktree, installed with the same command, and compares', async () => {
    // A repository whose base commit has the guard policy and whose head weakens it.
    const repo = mkdtempSync(join(tmpdir(), 'rerun-repo-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { encoding: 'utf8' }).trim();
    git('init', '-q');
    mkdirSync(join(repo, 'd'));
    cpSync(POLICY, join(repo, 'd', 'policy.mjs'));
    writeFileSync(join(repo, 'd', 'variant'), 'guard');
    git('add', '.');
    git('commit', '-qm', 'base');
    const base = git('rev-parse', 'HEAD');
    writeFileSync(join(repo, 'd', 'variant'), 'weak');
    git('commit', '-qam', 'head');
    const inputs = {
      // install proves it ran in the worktree: the defense reads the file it writes
      install: 'cp d/variant d/installed',
      defense: `"${process.execPath}" d/policy.mjs "$(cat d/installed)"`,
      baseline: 'rerun',
    };
    execFileSync('bash', ['-c', inputs.install], { cwd: repo });
    const r = await runAction(
      inputs,
      { ...pr, pr: { ...pr.pr, base } },
      { apiUrl: gh.url, cache: new DirCache(), env: { GITHUB_WORKSPACE: repo } },
    );
    expect(r.code).toBe(1);
    expect(r.failed[0]).toMatch(/attributable block rate fell 83\.3 pp/);
    expect(r.summary.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))).toContain(
      `Compared with base commit ${base.slice(0, 7)}, scored in this run.`,
    );
    expect(git('worktree', 'list').split('\n')).toHaveLength(1); // cleaned up
  });
});

describe('the entry point as a process', () => {
  it('exits 1 on a regression against a committed baseline file, with outputs and summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'entry-'));
    // A committed baseline made by a first run of the guard policy.
    const first = await act({ defense: `"${process.execPath}" "${POLICY}" guard` });
    cpSync(first.outputs['results-path']!, join(dir, 'baseline.json'));
    const summary = join(dir, 'summary.md');
    const output = join(dir, 'output.txt');
    writeFileSync(summary, '');
    writeFileSync(output, '');
    const env = {
      ...process.env,
      GITHUB_EVENT_NAME: 'push',
      GITHUB_SHA: 'd'.repeat(40),
      GITHUB_REPOSITORY: 'o/r',
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      GITHUB_WORKSPACE: dir,
      RUNNER_TEMP: dir,
      INPUT_DEFENSE: `"${process.execPath}" "${POLICY}" weak`,
      INPUT_CORPORA: 'bundled',
      INPUT_BASELINE: 'baseline.json',
    };
    const p = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/action/index.ts')], { cwd: ROOT, env, encoding: 'utf8' });
    expect(p.status).toBe(1);
    expect(p.stdout).toMatch(/::error::defense gate failed: bundled: attributable block rate fell 83\.3 pp/);
    expect(readFileSync(output, 'utf8')).toMatch(/^verdict<<.*\nfail\n/m);
    expect(readFileSync(summary, 'utf8')).toMatch(/^## ❌ Defense gate failed: policy/);
  });
});
