// rerun: score the base commit in a git worktree, installed with the same `install` command and
// run the way the head is (an allow-listed environment with a HOME and TMPDIR of its own, under the
// guard: main.ts). It runs before any of the pull request's code, and git runs hardened (git.ts),
// so that code can neither replace the base commit nor run a hook during the checkout.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../model/errors.js';
import type { Corpus } from '../corpora/corpus.js';
import type { RunResults } from '../gate/results.js';
import { scoreUserDefense } from '../run/score.js';
import type { Config } from './config.js';
import type { ActionDecisions } from './decisions.js';
import type { RunContext } from './event.js';
import { git } from './git.js';
import { runInstall } from './install.js';

async function checkout(workspace: string, sha: string, dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const add = () => git(workspace, ['worktree', 'add', '--detach', dir, sha], env);
  try {
    await add();
  } catch {
    // A shallow checkout lacks the base commit: fetch just that one.
    try {
      await git(workspace, ['fetch', '--no-tags', '--depth=1', 'origin', sha], env);
      await add();
    } catch (e) {
      throw new InputError(`rerun at the base commit: cannot check out base commit ${sha}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
}

export interface RerunOptions {
  /** The environment the base's install and defense run with. */
  readonly env: NodeJS.ProcessEnv;
  /** The gate's own environment, from which git takes PATH and HOME (git.ts). */
  readonly gateEnv: NodeJS.ProcessEnv;
  readonly log: (line: string) => void;
  readonly echoStderr?: ((chunk: string) => void) | undefined;
  /** The clock of the progress lines; performance.now when undefined. */
  readonly now?: (() => number) | undefined;
  /** The decision cache (decisions.ts): the base's own, when its key is known; the head adopts its answers once this succeeded. */
  readonly decisions?: ActionDecisions | undefined;
}

export async function rerunAtBase(
  cfg: Config,
  ctx: RunContext,
  corpora: readonly Corpus[],
  sha: string,
  o: RerunOptions,
): Promise<RunResults> {
  const dir = join(mkdtempSync(join(ctx.tempDir, 'defense-eval-base-')), 'tree');
  await checkout(ctx.workspace, sha, dir, o.gateEnv);
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
      progress: { interval: cfg.progress, sink: (line) => o.log(`base ${line}`), ...(o.now ? { now: o.now } : {}) },
      // The base is scored as the head is: its aggregate is what the head's is compared with.
      repeat: cfg.repeat,
      decisions: o.decisions?.base,
    });
    if (o.decisions?.base) o.log(`base: scored ${scored.name}: ${scored.stats}`);
    o.decisions?.adoptBase();
    return scored.results;
  } finally {
    await git(ctx.workspace, ['worktree', 'remove', '--force', dir], o.gateEnv).catch(() => rmSync(dir, { recursive: true, force: true }));
  }
}
