// The gate's git commands, against a repository that code run earlier in the job prepared: a
// replaced base commit, a post-checkout hook and an fsmonitor command planted in .git. None of it
// takes effect, and git gets only PATH and HOME of the gate's environment.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { existsAtCommit } from '../../src/action/base.js';
import { git, gitEnv } from '../../src/action/git.js';

function prepared() {
  const dir = mkdtempSync(join(tmpdir(), 'gate-git-'));
  const repo = join(dir, 'repo');
  const sh = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { encoding: 'utf8' }).trim();
  mkdirSync(join(repo, '.github/workflows'), { recursive: true });
  sh('init', '-q');
  writeFileSync(join(repo, '.github/workflows/gate.yml'), 'on: pull_request\n');
  sh('add', '.');
  sh('commit', '-qm', 'base');
  const base = sh('rev-parse', 'HEAD');
  // The base commit replaced by one with an empty tree: the workflow file would look absent.
  sh('replace', '-f', base, sh('commit-tree', sh('mktree', '--missing'), '-m', 'forged'));
  // A hook and an fsmonitor that record that they ran, and with which environment.
  const ran = join(dir, 'ran');
  const spy = `#!/bin/sh\nenv >> '${ran}'\n`;
  mkdirSync(join(repo, '.git/hooks'), { recursive: true });
  writeFileSync(join(repo, '.git/hooks/post-checkout'), spy, { mode: 0o755 });
  writeFileSync(join(dir, 'fsmonitor'), spy, { mode: 0o755 });
  sh('config', 'core.fsmonitor', join(dir, 'fsmonitor'));
  return { dir, repo, base, ran };
}

describe("the gate's git", () => {
  it('gets PATH and HOME of the environment, nothing else, and ignores replace refs', () => {
    expect(
      gitEnv({ PATH: '/bin', HOME: '/h', INPUT_INSTALL: 'x', GITHUB_OUTPUT: '/o', GH_TOKEN: 't', GIT_DIR: '/elsewhere', TMPDIR: '/t' }),
    ).toEqual({ PATH: '/bin', HOME: '/h', GIT_NO_REPLACE_OBJECTS: '1', GIT_TERMINAL_PROMPT: '0' });
  });

  it('sees the real base commit through a replace ref: the workflow file exists at it', async () => {
    const p = prepared();
    // Plain git is fooled (the control), the gate's is not.
    expect(() =>
      execFileSync('git', ['-C', p.repo, 'cat-file', '-e', `${p.base}:.github/workflows/gate.yml`], { stdio: 'ignore' }),
    ).toThrow();
    expect(await existsAtCommit(p.repo, p.base, '.github/workflows/gate.yml', process.env)).toBe(true);
  });

  it('runs no hook and no fsmonitor while it checks out the base commit', async () => {
    const p = prepared();
    const env = { ...process.env, INPUT_INSTALL: 'marker-input' };
    await git(p.repo, ['worktree', 'add', '--detach', join(p.dir, 'tree'), p.base], env);
    expect(existsSync(join(p.dir, 'tree/.github/workflows/gate.yml'))).toBe(true);
    await git(p.repo, ['worktree', 'remove', '--force', join(p.dir, 'tree')], env);
    expect(existsSync(p.ran)).toBe(false);
    // The control: plain git runs both.
    execFileSync('git', ['-C', p.repo, 'worktree', 'add', '-q', '--detach', join(p.dir, 'tree2'), 'HEAD'], { env, stdio: 'ignore' });
    expect(existsSync(p.ran)).toBe(true);
  });
});
