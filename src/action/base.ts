// The base: the same defense's results at the PR's base commit (the `baseline` input says where
// they come from). From a committed file, from the cache (saved only by pushes to the default
// branch, keyed by commit SHA), or by scoring the base commit again in a worktree. Results whose
// comparability key differs are refused.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DefenseError, InputError } from '../model/errors.js';
import { readValidated } from '../data/files.js';
import { incomparable, RunResultsSchema, type ComparabilityKey, type RunResults } from '../gate/results.js';
import type { Config } from './config.js';
import type { RunContext } from './event.js';

/** The cache as the gate sees it: what the restore step found, and a save the save step performs. */
export interface CacheLike {
  restoreCache(paths: string[], primaryKey: string, restoreKeys?: string[]): Promise<string | undefined>;
  saveCache(paths: string[], key: string): Promise<number>;
}

/**
 * The cache as action.yml drives it. Shell steps of a composite action get no cache service
 * token, so actions/cache/restore and actions/cache/save (both built on @actions/cache) run as
 * steps around the gate, with the same directory and keys; the gate reads what was restored and
 * leaves results.json for the save step.
 */
export function stepCache(matchedKey: string | undefined): CacheLike {
  return {
    restoreCache: () => Promise.resolve(matchedKey || undefined),
    saveCache: () => Promise.resolve(0),
  };
}

export interface Baseline {
  readonly base?: { readonly results: RunResults; readonly source: string } | undefined;
  /** Shown under the verdict when there is no comparison, or how the baseline was found. */
  readonly note?: string | undefined;
}

export interface BaseDeps {
  readonly cache: CacheLike;
  /** Score the defense at another commit (rerun mode). */
  readonly rerun: (sha: string) => Promise<RunResults>;
  readonly info: (m: string) => void;
  readonly warn: (m: string) => void;
}

const short = (sha: string): string => sha.slice(0, 7);
/** action.yml builds the same key for its cache steps: keep the two in step. */
export const cachePrefix = (commentKey: string): string => `agent-defense-eval-v1-${commentKey}-`;
export const cacheDir = (ctx: RunContext): string => join(ctx.tempDir, 'agent-defense-eval-baseline');

const readResults = (path: string, where: string): RunResults => readValidated(path, RunResultsSchema, where).value;

async function fromCache(cfg: Config, ctx: RunContext, baseSha: string, deps: BaseDeps): Promise<RunResults | string> {
  const dir = cacheDir(ctx);
  mkdirSync(dir, { recursive: true });
  const prefix = cachePrefix(cfg.commentKey);
  let hit: string | undefined;
  try {
    hit = await deps.cache.restoreCache([dir], prefix + baseSha, [prefix]);
  } catch (e) {
    deps.warn(`cache restore failed: ${(e as Error).message}`);
  }
  if (!hit || !existsSync(join(dir, 'results.json')))
    return `no cached results for base commit ${short(baseSha)} or any default-branch commit`;
  return readResults(join(dir, 'results.json'), `cache entry ${hit}`);
}

export async function findBase(cfg: Config, ctx: RunContext, head: ComparabilityKey, deps: BaseDeps): Promise<Baseline> {
  const mode = cfg.baseline.mode;
  if (mode === 'none') return { note: 'No baseline (baseline: none): drops were not checked.' };
  const refuse = (results: RunResults, from: string): string | undefined => {
    const why = incomparable(head, results.key);
    return why ? `The baseline from ${from} was refused: ${why}.` : undefined;
  };
  if (cfg.baseline.mode === 'file') {
    const path = resolve(ctx.workspace, cfg.baseline.path);
    const results = readResults(path, `input baseline: ${cfg.baseline.path}`);
    const refused = refuse(results, cfg.baseline.path);
    return refused
      ? { note: refused }
      : { base: { results, source: `the committed results ${cfg.baseline.path} (commit ${short(results.commit) || 'unknown'})` } };
  }
  if (!ctx.pr) return { note: `No baseline: a ${ctx.eventName || 'local'} run has no base commit to compare with.` };
  const baseSha = ctx.pr.baseSha;
  let why = '';
  if (mode === 'cache' || mode === 'auto') {
    const cached = await fromCache(cfg, ctx, baseSha, deps);
    if (typeof cached === 'string') why = cached;
    else {
      const refused = refuse(cached, `the cache (commit ${short(cached.commit)})`);
      if (!refused) {
        const exact = cached.commit === baseSha;
        const source = exact
          ? `the cached results of base commit ${short(baseSha)}`
          : `the cached results of ${short(cached.commit)}, the newest default-branch entry (base commit ${short(baseSha)} has none)`;
        return { base: { results: cached, source } };
      }
      why = refused;
    }
    if (mode === 'cache')
      return {
        note: typeof cached === 'string' ? `No baseline: ${why}. Run the action on pushes to the default branch to cache one.` : why,
      };
    deps.info(`baseline: ${why}; scoring base commit ${short(baseSha)} instead`);
  }
  if (cfg.defense.kind === 'url')
    return { note: `No baseline: ${why ? `${why}, and ` : ''}a defense served at a URL cannot be rerun at the base commit.` };
  let results: RunResults;
  try {
    results = await deps.rerun(baseSha);
  } catch (e) {
    if (!(e instanceof DefenseError) && !(e instanceof InputError)) throw e;
    return { note: `No baseline: scoring base commit ${short(baseSha)} failed: ${e.message.split('\n')[0]}` };
  }
  const refused = refuse(results, `base commit ${short(baseSha)}`);
  return refused ? { note: refused } : { base: { results, source: `base commit ${short(baseSha)}, scored in this run` } };
}

/** Pushes to the default branch save their results for later PRs; nothing else ever writes the cache. */
export async function saveBase(cfg: Config, ctx: RunContext, results: RunResults, deps: BaseDeps): Promise<void> {
  if (!ctx.defaultBranchPush || (cfg.baseline.mode !== 'cache' && cfg.baseline.mode !== 'auto')) return;
  const dir = cacheDir(ctx);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), JSON.stringify(results));
  try {
    await deps.cache.saveCache([dir], cachePrefix(cfg.commentKey) + ctx.sha);
    deps.info(`baseline results of commit ${short(ctx.sha)} cached as ${cachePrefix(cfg.commentKey)}${ctx.sha}`);
  } catch (e) {
    deps.warn(`cache save failed (the next PRs will rerun their base): ${(e as Error).message}`);
  }
}
