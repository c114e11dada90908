// The base: the same defense's results at the pull request's base commit, which the verdict
// compares with. The `baseline` input says where they come from: a committed results file, the
// cache (saved only by pushes to the default branch, keyed by commit SHA), or scoring the base
// commit again in a worktree. Fail closed: on a pull request, results that were expected but are
// refused, incomparable, missing or failed to rerun fail the job, unless the workflow opts into
// passing (on-missing-baseline: pass) or this is the gate's first run (the base commit has no
// workflow file of it yet). All of it is decided before any of the pull request's code runs
// (main.ts): the head's comparability key is known from the configuration alone.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DefenseError, InputError } from '../model/errors.js';
import { readValidated } from '../data/files.js';
import { incomparable, RunResultsSchema, type ComparabilityKey, type RunResults } from '../gate/results.js';
import type { Config } from './config.js';
import type { RunContext } from './event.js';
import { git } from './git.js';

const short = (sha: string): string => sha.slice(0, 7);

/** action.yml's cache steps use the same key and path: keep the three in step (test/action/action-yml.test.ts). */
export const cachePrefix = (commentKey: string): string => `agent-defense-eval-v2:${commentKey}:`;
/** Relative to the workspace, so a cache entry is found whatever the runner's temp path. */
export const CACHE_DIR = '.agent-defense-eval/base';
export const cacheDir = (ctx: RunContext): string => join(ctx.workspace, CACHE_DIR);

const readResults = (path: string, where: string): RunResults => readValidated(path, RunResultsSchema, where).value;

/** What is known about the base before any PR code runs. */
export type BasePlan =
  /** Nothing to compare with, and nothing was expected (baseline: none, or not a pull request). */
  | { readonly kind: 'none'; readonly note: string }
  | { readonly kind: 'file'; readonly results: RunResults; readonly path: string }
  | {
      readonly kind: 'pr';
      readonly baseSha: string;
      /** The cache entry restored by action.yml's restore step, read now. */
      readonly cached?: { readonly results: RunResults; readonly hit: string } | undefined;
    };

export interface BaseDeps {
  /** The key action.yml's restore step matched ('' or undefined for a miss). */
  readonly matchedKey: string | undefined;
  /** Score the defense at another commit (rerun). */
  readonly rerun: (sha: string) => Promise<RunResults>;
  /** Whether a file exists at a commit (undefined when git cannot tell). */
  readonly existsAt: (sha: string, path: string) => Promise<boolean | undefined>;
  readonly info: (m: string) => void;
}

/** Read the committed file or the restored cache entry: before PR code runs, so it cannot rewrite them first. */
export function readBase(cfg: Config, ctx: RunContext, matchedKey: string | undefined): BasePlan {
  const mode = cfg.baseline.mode;
  if (cfg.baseline.mode === 'file') {
    const path = resolve(ctx.workspace, cfg.baseline.path);
    return { kind: 'file', results: readResults(path, `input baseline: ${cfg.baseline.path}`), path: cfg.baseline.path };
  }
  if (mode === 'none') return { kind: 'none', note: 'No comparison (baseline: none): only the floors were checked.' };
  if (!ctx.pr) return { kind: 'none', note: `No comparison: a ${ctx.eventName || 'local'} run has no base commit.` };
  const file = join(cacheDir(ctx), 'results.json');
  const usable = (mode === 'cache' || mode === 'auto') && matchedKey && existsSync(file);
  return {
    kind: 'pr',
    baseSha: ctx.pr.baseSha,
    cached: usable ? { results: readResults(file, `cache entry ${matchedKey}`), hit: matchedKey } : undefined,
  };
}

export interface Base {
  /** Comparable results of the base, and where they came from. */
  readonly base?: { readonly results: RunResults; readonly source: string } | undefined;
  /** Shown under the verdict: why there is no comparison, or how it was found. */
  readonly note?: string | undefined;
  /** Results were expected but cannot be had: the verdict fails with this line (fail closed). */
  readonly missing?: string | undefined;
}

/**
 * Before the head is scored (with `head`, the key its results will carry): compare keys, rerun at
 * the base where that is the way, and decide what a missing base means.
 */
export async function resolveBase(plan: BasePlan, head: ComparabilityKey, cfg: Config, ctx: RunContext, deps: BaseDeps): Promise<Base> {
  if (plan.kind === 'none') return { note: plan.note };
  const found = plan.kind === 'file' ? fromFile(plan, head) : await fromBaseCommit(plan, head, cfg, deps);
  if (found.missing === undefined) return found;
  return decideMissing(found.missing, plan, cfg, ctx, deps);
}

function fromFile(plan: Extract<BasePlan, { kind: 'file' }>, head: ComparabilityKey): Base {
  const why = incomparable(head, plan.results.key);
  if (why) return { missing: `the committed results ${plan.path} cannot be compared: ${why}` };
  return {
    base: { results: plan.results, source: `the committed results ${plan.path} (commit ${short(plan.results.commit) || 'unknown'})` },
  };
}

async function fromBaseCommit(plan: Extract<BasePlan, { kind: 'pr' }>, head: ComparabilityKey, cfg: Config, deps: BaseDeps): Promise<Base> {
  const mode = cfg.baseline.mode;
  const sha = plan.baseSha;
  let why = `no cached results for base commit ${short(sha)} or any default-branch commit`;
  if (plan.cached) {
    const c = plan.cached.results;
    const refused = incomparable(head, c.key);
    if (!refused) {
      const source =
        c.commit === sha
          ? `the cached results of base commit ${short(sha)}`
          : `the cached results of ${short(c.commit)}, the newest default-branch entry (base commit ${short(sha)} has none)`;
      return { base: { results: c, source } };
    }
    why = `the cached results of ${short(c.commit)} cannot be compared: ${refused}`;
  }
  if (mode === 'cache') return { missing: `${why} (baseline: cache does not rerun the base commit)` };
  if (cfg.defense.kind === 'url')
    return { missing: `${mode === 'auto' ? `${why}, and ` : ''}a defense served at a URL cannot be rerun at the base commit` };
  if (mode === 'auto') deps.info(`base: ${why}; scoring base commit ${short(sha)} instead`);
  let results: RunResults;
  try {
    results = await deps.rerun(sha);
  } catch (e) {
    if (!(e instanceof DefenseError) && !(e instanceof InputError)) throw e;
    return { missing: `scoring base commit ${short(sha)} failed: ${e.message.split('\n')[0]}` };
  }
  const refused = incomparable(head, results.key);
  if (refused) return { missing: `base commit ${short(sha)} was scored, but ${refused}` };
  return { base: { results, source: `base commit ${short(sha)}, scored in this run` } };
}

async function decideMissing(missing: string, plan: BasePlan, cfg: Config, ctx: RunContext, deps: BaseDeps): Promise<Base> {
  if (plan.kind === 'pr' && ctx.workflowPath && (await deps.existsAt(plan.baseSha, ctx.workflowPath)) === false) {
    return {
      note: `First run of this gate: base commit ${short(plan.baseSha)} has no ${ctx.workflowPath}, so there is nothing to compare with (${missing}). Later pull requests are compared with their base.`,
    };
  }
  if (cfg.onMissingBaseline === 'pass') return { note: `No comparison: ${missing}. Passing without one (on-missing-baseline: pass).` };
  return {
    missing: `No comparable results of the base: ${missing}. The gate fails closed; set on-missing-baseline: pass to accept a run without a comparison.`,
  };
}

/** `git cat-file -e sha:path`, fetching the one commit when a shallow checkout lacks it (hardened, git.ts). */
export async function existsAtCommit(workspace: string, sha: string, path: string, env: NodeJS.ProcessEnv): Promise<boolean | undefined> {
  const probe = () => git(workspace, ['cat-file', '-e', `${sha}:${path}`], env);
  const haveCommit = () => git(workspace, ['cat-file', '-e', `${sha}^{commit}`], env);
  try {
    await haveCommit();
  } catch {
    try {
      await git(workspace, ['fetch', '--no-tags', '--depth=1', 'origin', sha], env);
      await haveCommit();
    } catch {
      return undefined;
    }
  }
  return probe().then(
    () => true,
    () => false,
  );
}

/**
 * Pushes to the default branch leave their results where the cache save step (action.yml) picks
 * them up; nothing else ever writes the cache. Runs after PR code has ended.
 */
export function writeForCache(cfg: Config, ctx: RunContext, results: RunResults, info: (m: string) => void): void {
  if (!ctx.defaultBranchPush || (cfg.baseline.mode !== 'cache' && cfg.baseline.mode !== 'auto')) return;
  const dir = cacheDir(ctx);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), JSON.stringify(results));
  info(`results of commit ${short(ctx.sha)} left for the cache save step (key ${cachePrefix(cfg.commentKey)}${ctx.sha})`);
}
