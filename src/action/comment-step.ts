// The comment step: after the gate step, with the token (the only step that sees it), post the
// report the gate wrote as the pull request's sticky comment. No PR code runs in this step or
// after the gate's own check; a comment that cannot be posted is a warning (the gate's verdict
// alone decides the build).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exitCodeOf } from '../model/errors.js';
import { readValidated } from '../data/files.js';
import { GateRecordSchema } from '../gate/record.js';
import { describeApiError, upsertComment, withRetry, type Octokit } from './comment.js';
import { parseCommentConfig, type InputLookup } from './config.js';
import { readRunContext } from './event.js';
import { outputDir } from './publish.js';

export interface CommentDeps {
  readonly getInput: InputLookup;
  readonly env: NodeJS.ProcessEnv;
  readonly octokit: (token: string, apiUrl: string) => Octokit;
  readonly info: (m: string) => void;
  readonly warn: (m: string) => void;
  readonly setFailed: (m: string) => void;
  /** Waits between retries of a failed GitHub API call. */
  readonly retryDelaysMs: readonly number[];
}

export async function runComment(deps: CommentDeps): Promise<number> {
  try {
    const cfg = parseCommentConfig(deps.getInput);
    const ctx = readRunContext(deps.env);
    const dir = outputDir(ctx.tempDir, cfg.commentKey);
    const pr = ctx.pr;
    const skip =
      cfg.comment === 'never'
        ? 'comment: never'
        : !pr
          ? 'not a pull request'
          : cfg.comment === 'auto' && pr.fork
            ? 'a pull request from a fork gets a read-only token (see the workflow_run companion in docs/action.md)'
            : cfg.token === ''
              ? 'no github-token'
              : !existsSync(join(dir, 'report.md'))
                ? 'the gate step wrote no report'
                : undefined;
    if (skip || !pr) {
      deps.info(`no PR comment: ${skip}`);
      return 0;
    }
    // The record names the pull request the report was made for.
    const record = readValidated(join(dir, 'gate.json'), GateRecordSchema, 'gate.json').value;
    if (record.pr?.number !== pr.number) {
      deps.warn(
        `no PR comment: the report in ${dir} is for ${record.pr ? `pull request #${record.pr.number}` : 'no pull request'}, not #${pr.number}`,
      );
      return 0;
    }
    const markdown = readFileSync(join(dir, 'report.md'), 'utf8');
    const octokit = deps.octokit(cfg.token, ctx.apiUrl);
    const ref = { owner: ctx.owner, repo: ctx.repo, issue_number: pr.number };
    try {
      const posted = await withRetry(() => upsertComment(octokit, ref, cfg.commentKey, markdown), deps.retryDelaysMs);
      deps.info(`PR comment ${posted.action}: ${posted.url}`);
    } catch (e) {
      const d = describeApiError(e);
      if (!d) throw e;
      deps.warn(`PR comment not posted: ${d.message}. The verdict still decides the build; the report is in the job summary.`);
    }
    return 0;
  } catch (e) {
    deps.setFailed(`comment step: ${(e as Error)?.message ?? String(e)}`);
    return exitCodeOf(e);
  }
}
