// The action's decision cache (docs/cache.md#in-the-action): action.yml restores an entry before
// the gate runs and saves one after pushes to the default branch; the gate reads it before any of
// the pull request's code runs, never again, and writes it only on such a push, after that code
// ended. The base's rerun and the head share its decisions when their keys match.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DecisionCache, type UseDecisionCache } from '../adapters/index.js';
import { readDecisionCache, writeDecisionCache } from '../data/decision-cache.js';
import type { Decision } from '../model/call.js';
import type { Config } from './config.js';
import type { RunContext } from './event.js';

/** action.yml's decision cache steps use the same prefix and path: keep them in step (test/action/action-yml.test.ts). */
export const decisionsPrefix = (commentKey: string): string => `agent-defense-eval-decisions-v1:${commentKey}:`;
/** Relative to the workspace, like the base results' cache (base.ts). */
export const DECISIONS_DIR = '.agent-defense-eval/decisions';
const FILE = 'decisions.jsonl';

export interface ActionDecisions {
  /** The head's cache, under the cache-key input. */
  readonly head: UseDecisionCache;
  /**
   * The base's rerun: a cache of its own, under the base commit's cache-key, when the restored entry
   * shows it (it was saved at the base commit); undefined when the base's key is unknown.
   */
  readonly base: UseDecisionCache | undefined;
  /** Once the base's rerun succeeded: the head may reuse its answers (those under the same key and hello). */
  adoptBase(): void;
}

/**
 * The entry's cache-key and commit, from the key the restore step matched:
 * `agent-defense-eval-decisions-v1:<comment-key>:<cache-key>:<sha>` (neither key may hold ":").
 */
export function parseDecisionsKey(matched: string, commentKey: string): { cacheKey: string; sha: string } | undefined {
  const prefix = decisionsPrefix(commentKey);
  if (!matched.startsWith(prefix)) return undefined;
  const m = /^([^:]+):([0-9a-f]{40,64})$/.exec(matched.slice(prefix.length));
  return m ? { cacheKey: m[1]!, sha: m[2]! } : undefined;
}

/** Read the restored entry (before any PR code runs): undefined when the cache-key input is blank. */
export function openDecisions(
  cfg: Config,
  ctx: RunContext,
  matchedKey: string | undefined,
  log: { info(m: string): void; warn(m: string): void },
): ActionDecisions | undefined {
  if (cfg.cacheKey === undefined) return undefined;
  const entry = matchedKey ? parseDecisionsKey(matchedKey, cfg.commentKey) : undefined;
  const loaded: Map<string, Decision> = entry
    ? readDecisionCache(join(ctx.workspace, DECISIONS_DIR, FILE), `decision cache entry ${matchedKey}`, log.warn)
    : new Map();
  log.info(
    entry
      ? `decision cache: ${loaded.size} decisions restored from ${matchedKey}`
      : `decision cache: no entry restored (key ${decisionsPrefix(cfg.commentKey)}${cfg.cacheKey}:…); every request is asked`,
  );
  const head = new DecisionCache(loaded);
  // The workflow computed the cache-key for the head's checkout only. The entry's key was computed
  // for its own commit's checkout; only when that commit is the base is the base's key known.
  const atBase = entry !== undefined && ctx.pr !== undefined && entry.sha === ctx.pr.baseSha;
  const base = atBase ? { cache: new DecisionCache(loaded), key: entry.cacheKey } : undefined;
  if (ctx.pr && cfg.baseline.mode !== 'none' && cfg.baseline.mode !== 'file')
    log.info(
      base
        ? `decision cache: a rerun at the base uses the entry saved at base commit ${entry!.sha.slice(0, 7)} (its cache-key ${entry!.cacheKey}${entry!.cacheKey === cfg.cacheKey ? ', the same as the head' : ''})`
        : 'decision cache: a rerun at the base asks its defense everything (no entry saved at the base commit, so its cache-key is unknown)',
    );
  return { head: { cache: head, key: cfg.cacheKey }, base, adoptBase: () => base && head.adopt(base.cache) };
}

/** Pushes to the default branch leave the decisions where action.yml's save step picks them up; nothing else writes them. */
export async function saveDecisions(decisions: ActionDecisions, cfg: Config, ctx: RunContext, info: (m: string) => void): Promise<void> {
  if (!ctx.defaultBranchPush) return;
  const path = join(ctx.workspace, DECISIONS_DIR, FILE);
  mkdirSync(join(ctx.workspace, DECISIONS_DIR), { recursive: true });
  const { written, dropped } = writeDecisionCache(path, await decisions.head.cache.entries(), `decision cache ${path}`);
  info(
    `decision cache: ${written} decisions left for the cache save step (key ${decisionsPrefix(cfg.commentKey)}${cfg.cacheKey}:${ctx.sha})${dropped > 0 ? `, ${dropped} left out (size bound)` : ''}`,
  );
}
