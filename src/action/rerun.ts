// rerun: score the base commit in a git worktree, installed with the same `install` command.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DefenseError, InputError } from '../model/errors.js';
import type { Corpus } from '../corpora/corpus.js';
import type { RunResults } from '../gate/results.js';
import type { Config } from './config.js';
import type { RunContext } from './event.js';
import { scoreUserDefense } from '../run/score.js';

const git = promisify(execFile);

async function checkout(workspace: string, sha: string, dir: string): Promise<void> {
  const add = () => git('git', ['-C', workspace, 'worktree', 'add', '--detach', dir, sha]);
  try {
    await add();
  } catch {
    // A shallow checkout lacks the base commit: fetch just that one.
    try {
      await git('git', ['-C', workspace, 'fetch', '--no-tags', '--depth=1', 'origin', sha]);
      await add();
    } catch (e) {
      throw new InputError(`rerun at the base commit: cannot check out base commit ${sha}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
}

function install(command: string, cwd: string, log: (s: string) => void): Promise<void> {
  if (command.trim() === '') return Promise.resolve();
  return new Promise((resolve, reject) => {
    // The command is the user's own input, passed as one argument to the shell, never spliced.
    const child = spawn('bash', ['-eo', 'pipefail', '-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => log(d.toString()));
    child.stderr.on('data', (d: Buffer) => log(d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new DefenseError(`rerun at the base commit: install failed with exit code ${code}`)),
    );
  });
}

export async function rerunAtBase(
  cfg: Config,
  ctx: RunContext,
  corpora: readonly Corpus[],
  sha: string,
  log: (s: string) => void,
): Promise<RunResults> {
  const dir = join(mkdtempSync(join(ctx.tempDir, 'defense-eval-base-')), 'tree');
  await checkout(ctx.workspace, sha, dir);
  try {
    await install(cfg.install, dir, log);
    const scored = await scoreUserDefense(cfg.defense, corpora, {
      name: cfg.name,
      keyName: cfg.name ?? cfg.commentKey,
      timeoutMs: cfg.timeoutMs,
      cwd: dir,
      commit: sha,
    });
    return scored.results;
  } finally {
    await git('git', ['-C', ctx.workspace, 'worktree', 'remove', '--force', dir]).catch(() =>
      rmSync(dir, { recursive: true, force: true }),
    );
  }
}
