// What the action needs to know about the run, read once from the runner's environment and the
// event payload file (validated: raw JSON never reaches the rest of the action).
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { z } from 'zod';
import { InputError } from '../model/errors.js';

const Payload = z.object({
  pull_request: z
    .object({
      number: z.number().int(),
      base: z.object({ sha: z.string(), repo: z.object({ full_name: z.string() }).optional() }),
      head: z.object({ sha: z.string(), repo: z.object({ full_name: z.string() }).nullable().optional() }),
    })
    .optional(),
  repository: z.object({ default_branch: z.string().optional(), full_name: z.string().optional() }).optional(),
});

export interface PullRequest {
  readonly number: number;
  readonly baseSha: string;
  readonly headSha: string;
  /** Opened from a fork: the token is read-only and caches of the PR cannot be saved. */
  readonly fork: boolean;
}

export interface RunContext {
  readonly eventName: string;
  readonly owner: string;
  readonly repo: string;
  /** The commit scored: the PR's head, or the pushed commit. */
  readonly sha: string;
  readonly pr: PullRequest | undefined;
  /** A push to the default branch: the only run that saves its results to the cache. */
  readonly defaultBranchPush: boolean;
  readonly apiUrl: string;
  readonly runUrl: string | undefined;
  readonly workspace: string;
  readonly tempDir: string;
  /** The running workflow's file in the repository (from GITHUB_WORKFLOW_REF), to tell a first adoption. */
  readonly workflowPath: string | undefined;
}

export function readRunContext(env: NodeJS.ProcessEnv): RunContext {
  const [owner = '', repo = ''] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
  let payload: z.infer<typeof Payload> = {};
  const path = env['GITHUB_EVENT_PATH'];
  if (path) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new InputError(`GITHUB_EVENT_PATH ${path}: cannot read the event payload: ${(e as Error).message}`);
    }
    const r = Payload.safeParse(json);
    if (!r.success) throw new InputError(`GITHUB_EVENT_PATH ${path}: unexpected event payload: ${r.error.issues[0]?.message ?? 'invalid'}`);
    payload = r.data;
  }
  const eventName = env['GITHUB_EVENT_NAME'] ?? '';
  if (eventName === 'pull_request_target') {
    throw new InputError(
      "GITHUB_EVENT_NAME pull_request_target: this gate runs the pull request's code, and pull_request_target gives that code a write token and secrets. Run it on pull_request (docs/action.md#the-comment-and-fork-pull-requests shows how fork PRs still get their comment).",
    );
  }
  const p = payload.pull_request;
  const pr =
    p && eventName === 'pull_request'
      ? {
          number: p.number,
          baseSha: p.base.sha,
          headSha: p.head.sha,
          fork: p.head.repo?.full_name !== (p.base.repo?.full_name ?? `${owner}/${repo}`),
        }
      : undefined;
  const defaultBranch = payload.repository?.default_branch;
  const server = env['GITHUB_SERVER_URL'] ?? 'https://github.com';
  return {
    eventName,
    owner,
    repo,
    sha: pr?.headSha ?? env['GITHUB_SHA'] ?? '',
    pr,
    defaultBranchPush: eventName === 'push' && defaultBranch !== undefined && env['GITHUB_REF'] === `refs/heads/${defaultBranch}`,
    apiUrl: env['GITHUB_API_URL'] ?? 'https://api.github.com',
    runUrl: env['GITHUB_RUN_ID'] && owner ? `${server}/${owner}/${repo}/actions/runs/${env['GITHUB_RUN_ID']}` : undefined,
    workspace: env['GITHUB_WORKSPACE'] ?? process.cwd(),
    tempDir: env['RUNNER_TEMP'] ?? tmpdir(),
    // owner/repo/.github/workflows/gate.yml@refs/pull/7/merge → .github/workflows/gate.yml
    workflowPath: /^[^/]+\/[^/]+\/(.+)@[^@]*$/.exec(env['GITHUB_WORKFLOW_REF'] ?? '')?.[1],
  };
}
