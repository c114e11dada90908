// Runs the action's steps in process, as action.yml orders them: the cache restore step, the gate
// step, the cache save step, the comment step. The real @actions/core (inputs from INPUT_*
// variables, outputs to GITHUB_OUTPUT, the job summary to GITHUB_STEP_SUMMARY) and the real
// @actions/github client pointed at a local fake GitHub API. The cache is a stand-in: a directory
// with the same restore semantics (exact key, else the newest entry under a restore prefix). The
// integrity guard is off here (test/action/isolation.test.ts runs the real one, in the bundle).
import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/action/main.js';
import { runComment } from '../../src/action/comment-step.js';
import { CACHE_DIR, cachePrefix } from '../../src/action/base.js';
import { DECISIONS_DIR, decisionsPrefix } from '../../src/action/decisions.js';
import { CorpusStore } from '../../src/data/store.js';
import { afterAll, beforeAll } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from './github-server.js';

export const ROOT = join(import.meta.dirname, '../..');
export const POLICY = join(ROOT, 'test/fixtures/action/defenses/policy.mjs');
export const policy = (variant: string): string => `"${process.execPath}" "${POLICY}" ${variant}`;

/** The subset of @actions/cache semantics the restore and save steps have. */
export class DirCache {
  readonly root = mkdtempSync(join(tmpdir(), 'fake-cache-'));
  private seq = 0;
  readonly saved: string[] = [];

  restoreCache(paths: string[], key: string, restoreKeys: string[] = []): Promise<string | undefined> {
    const keys = readdirSync(this.root).sort((a, b) => statSync(join(this.root, b)).mtimeMs - statSync(join(this.root, a)).mtimeMs);
    const hit = keys.includes(enc(key))
      ? enc(key)
      : restoreKeys.map((p) => keys.find((k) => dec(k).startsWith(p))).find((k) => k !== undefined);
    if (!hit) return Promise.resolve(undefined);
    cpSync(join(this.root, hit, '0'), paths[0]!, { recursive: true });
    return Promise.resolve(dec(hit));
  }

  saveCache(paths: string[], key: string): Promise<number> {
    if (existsSync(join(this.root, enc(key))))
      return Promise.reject(new Error(`Unable to reserve cache with key ${key}, another job may be creating this cache.`));
    cpSync(paths[0]!, join(this.root, enc(key), '0'), { recursive: true });
    // Distinct mtimes so "newest" is well defined.
    const t = new Date(Date.now() + ++this.seq * 1000);
    utimesSync(join(this.root, enc(key)), t, t);
    this.saved.push(key);
    return Promise.resolve(1);
  }
}
const enc = (k: string) => encodeURIComponent(k);
const dec = (k: string) => decodeURIComponent(k);

export interface Event {
  name: 'push' | 'pull_request';
  sha: string;
  pr?: { number: number; base: string; head: string; fork?: boolean };
}

export interface RunOutcome {
  code: number;
  failed: string[];
  warnings: string[];
  infos: string[];
  outputs: Record<string, string>;
  summary: string;
}

const work = mkdtempSync(join(tmpdir(), 'action-e2e-'));
const summaryPath = join(work, 'summary.md');
const outputPath = join(work, 'output.txt');

export async function runAction(
  inputs: Record<string, string>,
  event: Event,
  opts: {
    apiUrl: string;
    cache: DirCache;
    env?: Record<string, string>;
    /** The job's workspace (default: a fresh temp directory; commands are given absolute paths). */
    workspace?: string;
    existsAt?: (sha: string, path: string) => Promise<boolean | undefined>;
    /** The clock of the progress lines (default: the real one). */
    now?: () => number;
  },
): Promise<RunOutcome> {
  const eventPath = join(work, 'event.json');
  const payload = event.pr
    ? {
        pull_request: {
          number: event.pr.number,
          base: { sha: event.pr.base, repo: { full_name: 'o/r' } },
          head: { sha: event.pr.head, repo: { full_name: event.pr.fork ? 'fork/r' : 'o/r' } },
        },
        repository: { default_branch: 'main', full_name: 'o/r' },
      }
    : { repository: { default_branch: 'main', full_name: 'o/r' } };
  writeFileSync(eventPath, JSON.stringify(payload));
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  const temp = join(work, 'runner-temp');
  mkdirSync(temp, { recursive: true });
  const env: Record<string, string> = {
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_EVENT_NAME: event.name,
    GITHUB_SHA: event.sha,
    GITHUB_REF: event.name === 'push' ? 'refs/heads/main' : `refs/pull/${event.pr?.number}/merge`,
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_API_URL: opts.apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '42',
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_WORKSPACE: opts.workspace ?? mkdtempSync(join(work, 'ws-')),
    RUNNER_TEMP: temp,
    ...opts.env,
  };
  const workspace = env['GITHUB_WORKSPACE']!;
  const all: Record<string, string> = { 'github-token': 'test-token', corpora: 'bundled', 'comment-key': 'default', ...inputs };
  const saved = { ...process.env };
  for (const k of Object.keys(process.env)) if (k.startsWith('INPUT_')) delete process.env[k];
  Object.assign(process.env, env);
  const input = (k: string) => `INPUT_${k.replace(/ /g, '_').toUpperCase()}`;
  // As action.yml gives them: every input to the gate step but the token, which only the comment step sees.
  for (const [k, v] of Object.entries(all)) if (k !== 'github-token') process.env[input(k)] = v;
  const out: RunOutcome = { code: -1, failed: [], warnings: [], infos: [], outputs: {}, summary: '' };
  const key = all['comment-key'] ?? 'default';
  const mode = all['baseline'] ?? 'auto';
  const cached = mode === 'auto' || mode === 'cache';
  const cacheDir = join(workspace, CACHE_DIR);
  // The decision cache's steps (docs/cache.md), when the cache-key input is set.
  const cacheKey = all['cache-key'] ?? '';
  const decisionsDir = join(workspace, DECISIONS_DIR);
  const decisionsKey = decisionsPrefix(key) + cacheKey + ':';
  try {
    let matchedDecisions: string | undefined;
    if (cacheKey !== '') {
      rmSync(decisionsDir, { recursive: true, force: true });
      mkdirSync(decisionsDir, { recursive: true });
      matchedDecisions = await opts.cache.restoreCache([decisionsDir], decisionsKey + (event.pr?.base ?? event.sha), [
        decisionsKey,
        decisionsPrefix(key),
      ]);
    }
    // Restore step (pull requests only).
    let matched: string | undefined;
    if (event.name === 'pull_request' && cached) {
      rmSync(cacheDir, { recursive: true, force: true });
      mkdirSync(cacheDir, { recursive: true });
      matched = await opts.cache.restoreCache([cacheDir], cachePrefix(key) + event.pr!.base, [cachePrefix(key)]);
    }
    out.code = await run({
      getInput: (n) => core.getInput(n),
      env: process.env,
      store: () => new CorpusStore(),
      setFailed: (m) => out.failed.push(m),
      setOutput: core.setOutput,
      writeSummary: async (md) => void (await core.summary.emptyBuffer().addRaw(md).write()),
      info: (m) => out.infos.push(m),
      warn: (m) => out.warnings.push(m),
      matchedCacheKey: matched ?? '',
      matchedDecisionsKey: matchedDecisions ?? '',
      guard: () => ({ marker: 'test', check: () => ({ tampered: [], leftovers: [] }) }),
      existsAt: opts.existsAt ?? (() => Promise.resolve(undefined)),
      ...(opts.now ? { now: opts.now } : {}),
    });
    const outputs = parseOutputs(readFileSync(outputPath, 'utf8'));
    // Save step: pushes to the default branch, when the gate left results.
    if (event.name === 'push' && cached && outputs['results-path'] && existsSync(join(cacheDir, 'results.json'))) {
      await opts.cache.saveCache([cacheDir], cachePrefix(key) + event.sha).catch((e: Error) => out.warnings.push(e.message));
    }
    if (event.name === 'push' && cacheKey !== '' && outputs['results-path'] && existsSync(join(decisionsDir, 'decisions.jsonl'))) {
      await opts.cache.saveCache([decisionsDir], decisionsKey + event.sha).catch((e: Error) => out.warnings.push(e.message));
    }
    // Comment step.
    if (outputs['record-path'] && all['comment'] !== 'never' && event.name === 'pull_request') {
      process.env[input('github-token')] = all['github-token'];
      const code = await runComment({
        getInput: (n) => core.getInput(n),
        env: process.env,
        octokit: (token, apiUrl) => getOctokit(token, { baseUrl: apiUrl }),
        info: (m) => out.infos.push(m),
        warn: (m) => out.warnings.push(m),
        setFailed: (m) => out.failed.push(m),
        retryDelaysMs: [5, 5],
      });
      if (code !== 0) out.code = code;
    }
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
  out.summary = readFileSync(summaryPath, 'utf8');
  out.outputs = parseOutputs(readFileSync(outputPath, 'utf8'));
  return out;
}

/** GITHUB_OUTPUT uses heredoc blocks: name<<DELIM / value / DELIM. */
function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const end = lines.indexOf(m[2]!, i + 1);
    out[m[1]!] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return out;
}

export function cleanup(): void {
  rmSync(work, { recursive: true, force: true });
}

/**
 * A fake GitHub API for the calling test file (or describe block): started before its tests,
 * closed after them, with the runs' temporary directories removed. The value stands for the
 * server started, so tests read `gh.url` and `gh.comments` as they would the server itself.
 */
export function useFakeGitHub(): FakeGitHub {
  let gh: FakeGitHub | undefined;
  beforeAll(async () => {
    gh = await startFakeGitHub();
  });
  afterAll(async () => {
    await gh?.close();
    cleanup();
  });
  const started = (): FakeGitHub => {
    if (!gh) throw new Error('the fake GitHub is used before its beforeAll hook ran');
    return gh;
  };
  return new Proxy({} as FakeGitHub, {
    get: (_, key) => Reflect.get(started(), key) as unknown,
    set: (_, key, value) => Reflect.set(started(), key, value),
  });
}
