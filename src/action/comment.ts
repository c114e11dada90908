// The sticky PR comment: found by a hidden marker (with the comment key, so matrix jobs keep
// separate comments) among comments written by the token's own identity, updated in place,
// created only when absent. Each function takes the client plus ids; the marker helpers are pure.
import type { getOctokit } from '@actions/github';

export type Octokit = ReturnType<typeof getOctokit>;

export interface IssueRef {
  readonly owner: string;
  readonly repo: string;
  readonly issue_number: number;
}

export const commentMarker = (key: string): string => `<!-- agent-defense-eval comment-key=${encodeURIComponent(key)} -->`;

export const withMarker = (body: string, key: string): string => `${commentMarker(key)}\n${body}`;

/** The installation token behind GITHUB_TOKEN cannot read /user; its comments are by this bot. */
export const ACTIONS_BOT = 'github-actions[bot]';

export async function ownLogin(octokit: Octokit): Promise<string> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch {
    return ACTIONS_BOT;
  }
}

export async function findOwnComment(octokit: Octokit, ref: IssueRef, marker: string, login: string): Promise<number | undefined> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, { ...ref, per_page: 100 });
  return comments.find((c) => c.user?.login === login && (c.body ?? '').includes(marker))?.id;
}

export interface Posted {
  readonly action: 'created' | 'updated';
  readonly url: string;
}

export async function upsertComment(octokit: Octokit, ref: IssueRef, key: string, body: string): Promise<Posted> {
  const marker = commentMarker(key);
  const id = await findOwnComment(octokit, ref, marker, await ownLogin(octokit));
  const text = withMarker(body, key);
  if (id !== undefined) {
    const r = await octokit.rest.issues.updateComment({ owner: ref.owner, repo: ref.repo, comment_id: id, body: text });
    return { action: 'updated', url: r.data.html_url };
  }
  const r = await octokit.rest.issues.createComment({ ...ref, body: text });
  return { action: 'created', url: r.data.html_url };
}

/** Why a GitHub API call failed, as one warning line; undefined for errors that are not HTTP. */
export function describeApiError(e: unknown): { status: number; message: string; transient: boolean } | undefined {
  const err = e as { status?: number; message?: string; response?: { headers?: Record<string, string | undefined> } };
  if (typeof err.status !== 'number') return undefined;
  const h = err.response?.headers ?? {};
  const limited = err.status === 429 || (err.status === 403 && h['x-ratelimit-remaining'] === '0');
  const why = limited
    ? 'rate limited'
    : err.status === 403
      ? 'the token may not write comments (a pull request from a fork gets a read-only token; see the workflow_run companion in docs/action.md)'
      : err.status === 404
        ? 'not found (is the token allowed to see this pull request?)'
        : `${err.message ?? 'error'}`;
  return { status: err.status, message: `GitHub API ${err.status}: ${why}`, transient: limited || err.status >= 500 };
}

/** Retry transient failures (5xx, rate limits) a few times, then give up with the last error. */
export async function withRetry<T>(f: () => Promise<T>, delaysMs: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await f();
    } catch (e) {
      const d = describeApiError(e);
      if (!d?.transient || attempt >= delaysMs.length) throw e;
      await new Promise((r) => setTimeout(r, delaysMs[attempt]));
    }
  }
}
