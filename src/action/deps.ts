// The real collaborators of run(): @actions/core for inputs, outputs, logs and the summary,
// @actions/github for the API client, the pinned corpora on disk. The cache of base results is
// restored and saved by action.yml's steps (a composite action's shell step has no cache token),
// so the gate never loads @actions/cache.
import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { CorpusStore } from '../data/store.js';
import { stepCache, type CacheLike } from './base.js';
import type { InputLookup } from './config.js';
import type { PublishDeps } from './publish.js';

export interface Deps extends PublishDeps {
  readonly getInput: InputLookup;
  readonly env: NodeJS.ProcessEnv;
  readonly cache: CacheLike;
  readonly store: () => CorpusStore;
  readonly setFailed: (message: string) => void;
  readonly echoStderr?: ((chunk: string) => void) | undefined;
}

export function defaultDeps(): Deps {
  let store: CorpusStore | undefined;
  return {
    getInput: (name) => core.getInput(name),
    env: process.env,
    cache: stepCache(process.env['DEFENSE_EVAL_CACHE_MATCHED_KEY']),
    store: () => (store ??= new CorpusStore()),
    setFailed: core.setFailed,
    setOutput: core.setOutput,
    writeSummary: async (md) => void (await core.summary.addRaw(md).write()),
    octokit: (token, apiUrl) => getOctokit(token, { baseUrl: apiUrl }),
    info: core.info,
    warn: core.warning,
    retryDelaysMs: [2000, 8000],
    echoStderr: (chunk) => process.stderr.write(chunk),
  };
}
