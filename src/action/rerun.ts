// rerun: score the base commit in a git worktree, installed with the same `install` command and
// run with the same allow-listed environment as the head.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { InputError } from '../model/errors.js';
import type { Corpus } from '../corpora/corpus.js';
import type { RunResults } from '../gate/results.js';
import { scoreUserDefense } from '../run/score.js';
import type { Config } from './config.js';
import type { RunContext } from './event.js';
import { runInstall } from './install.js';

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

export interface RerunOptions {
  readonly env: NodeJS.ProcessEnv;
  readonly log: (line: string) => void;
  readonly echoStderr?: ((chunk: string) => void) | undefined;
}

export async function rerunAtBase(
  cfg: Config,
  ctx: RunContext,
  corpora: readonly Corpus[],
  sha: string,
  o: RerunOptions,
): Promise<RunResults> {
  const dir = join(mkdtempSync(join(ctx.tempDir, 'defense-eval-base-')), 'tree');
  await checkout(ctx.workspace, sha, dir);
  try {
    await runInstall(cfg.install, dir, o.env, o.log, 'install at base');
    const scored = await scoreUserDefense(cfg.defense, corpora, {
      name: cfg.name,
      keyName: cfg.keyName,
      timeoutMs: cfg.timeoutMs,
      cwd: dir,
      env: o.env,
      commit: sha,
      echoStderr: o.echoStderr,
    });
    return scored.results;
  } finally {
    await git('git', ['-C', ctx.workspace, 'worktree', 'remove', '--force', dir]).catch(() =>
      rmSync(dir, { recursive: true, force: true }),
    );
  }
}
