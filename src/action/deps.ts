// The real collaborators of the action's steps: @actions/core for inputs, outputs and logs, the
// job summary file, @actions/github for the API client (comment step only), the pinned corpora on
// disk, the integrity guard around PR code. The cache of base results is restored and saved by action.yml's
// steps (a composite action's shell step has no cache token), so no step loads @actions/cache.
import { randomBytes } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { InputError } from '../model/errors.js';
import { CorpusStore } from '../data/store.js';
import { existsAtCommit } from './base.js';
import { DECISIONS_DIR } from './decisions.js';
import type { CommentDeps } from './comment-step.js';
import type { CompanionDeps } from './companion.js';
import type { InputLookup } from './config.js';
import { actionRootOf, FileGuard, GUARD_MARKER, ProcessGuard, protectedPaths, type Leftover, type Tampering } from './isolation.js';
import type { GateOutputDeps } from './publish.js';

/** Set around the pull request's code; `check` undoes file changes, kills leftovers and reports both. */
export interface Guard {
  /** The value of GUARD_MARKER the PR code's environment carries. */
  readonly marker: string;
  check(): { tampered: Tampering[]; leftovers: Leftover[] };
}

export interface Deps extends GateOutputDeps {
  readonly getInput: InputLookup;
  readonly env: NodeJS.ProcessEnv;
  readonly store: () => CorpusStore;
  readonly setFailed: (message: string) => void;
  readonly info: (m: string) => void;
  readonly echoStderr?: ((chunk: string) => void) | undefined;
  /** The key action.yml's cache restore step matched ('' on a miss). */
  readonly matchedCacheKey: string | undefined;
  /** The key action.yml's decision cache restore step matched ('' on a miss; docs/cache.md). */
  readonly matchedDecisionsKey?: string | undefined;
  /** Start guarding (right before the first PR code runs). */
  readonly guard: () => Guard;
  readonly existsAt: (sha: string, path: string) => Promise<boolean | undefined>;
  /** The clock of the progress lines (milliseconds); performance.now unless a test gives one. */
  readonly now?: (() => number) | undefined;
}

export function realGuard(env: NodeJS.ProcessEnv, entry: string | undefined): Guard {
  const paths = protectedPaths(env, actionRootOf(entry));
  // The restored decision cache: the gate read it before PR code ran and never reads it again, but
  // a change to it is still tampering (and must not reach the save step of a default-branch push).
  const workspace = env['GITHUB_WORKSPACE'];
  if (workspace) paths.trees.push(join(workspace, DECISIONS_DIR));
  const files = new FileGuard(paths.files, paths.watched, paths.trees);
  const marker = randomBytes(12).toString('hex');
  const processes = new ProcessGuard(`${GUARD_MARKER}=${marker}`);
  return { marker, check: () => ({ tampered: files.check(), leftovers: processes.killLeftovers() }) };
}

/** The job summary, as @actions/core's summary writes it (appended to $GITHUB_STEP_SUMMARY), its failures as InputErrors naming the file. */
export async function appendSummary(env: NodeJS.ProcessEnv, markdown: string): Promise<void> {
  const path = env['GITHUB_STEP_SUMMARY'];
  if (!path) throw new InputError('GITHUB_STEP_SUMMARY is not set: this runner offers no job summary');
  try {
    await appendFile(path, markdown, 'utf8');
  } catch (e) {
    throw new InputError(`GITHUB_STEP_SUMMARY ${path}: cannot write: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

export function defaultDeps(): Deps {
  let store: CorpusStore | undefined;
  const workspace = process.env['GITHUB_WORKSPACE'] ?? process.cwd();
  return {
    getInput: (name) => core.getInput(name),
    env: process.env,
    store: () => (store ??= new CorpusStore()),
    setFailed: core.setFailed,
    setOutput: core.setOutput,
    writeSummary: (md) => appendSummary(process.env, md),
    info: core.info,
    warn: core.warning,
    echoStderr: (chunk) => process.stderr.write(chunk),
    matchedCacheKey: process.env['DEFENSE_EVAL_CACHE_MATCHED_KEY'],
    matchedDecisionsKey: process.env['DEFENSE_EVAL_DECISIONS_MATCHED_KEY'],
    guard: () => realGuard(process.env, process.argv[1]),
    existsAt: (sha, path) => existsAtCommit(workspace, sha, path, process.env),
  };
}

export function defaultCompanionDeps(): CompanionDeps {
  let store: CorpusStore | undefined;
  return { ...defaultCommentDeps(), store: () => (store ??= new CorpusStore()) };
}

export function defaultCommentDeps(): CommentDeps {
  return {
    getInput: (name) => core.getInput(name),
    env: process.env,
    octokit: (token, apiUrl) => getOctokit(token, { baseUrl: apiUrl }),
    info: core.info,
    warn: core.warning,
    setFailed: core.setFailed,
    retryDelaysMs: [2000, 8000],
  };
}
