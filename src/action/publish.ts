// Everything the action writes: the report and results files, the step outputs, the job summary
// (always) and the sticky comment (when asked and possible). A comment that cannot be posted is a
// warning: the verdict alone decides the build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { attributableRate, blockRate, suHm, utilityRate } from '../scoring/rates.js';
import type { RunResults } from '../gate/results.js';
import type { Verdict } from '../gate/verdict.js';
import { describeApiError, upsertComment, withMarker, withRetry, type Octokit } from './comment.js';
import type { Config } from './config.js';
import type { RunContext } from './event.js';

export interface PublishDeps {
  readonly setOutput: (name: string, value: string) => void;
  readonly writeSummary: (markdown: string) => Promise<void>;
  readonly octokit: (token: string, apiUrl: string) => Octokit;
  readonly info: (m: string) => void;
  readonly warn: (m: string) => void;
  /** Waits between retries of a failed GitHub API call. */
  readonly retryDelaysMs: readonly number[];
}

export function outputDir(ctx: RunContext, cfg: Config): string {
  return join(ctx.tempDir, 'agent-defense-eval', cfg.commentKey.replace(/[^A-Za-z0-9._-]+/g, '_'));
}

/** A fraction as four decimals; an empty axis (no benign task, no scorable injection) as "n/a". */
const rate = (x: number | undefined): string => (x === undefined ? 'n/a' : x.toFixed(4));

/** Files and outputs. comment.md and pr.json are what the workflow_run companion needs for fork PRs. */
export function writeFiles(cfg: Config, ctx: RunContext, results: RunResults, verdict: Verdict, markdown: string, deps: PublishDeps): void {
  const dir = outputDir(ctx, cfg);
  mkdirSync(dir, { recursive: true });
  const reportPath = join(dir, 'report.md');
  const resultsPath = join(dir, 'results.json');
  writeFileSync(reportPath, markdown);
  writeFileSync(resultsPath, JSON.stringify(results, null, 2) + '\n');
  writeFileSync(join(dir, 'comment.md'), withMarker(markdown, cfg.commentKey));
  if (ctx.pr)
    writeFileSync(
      join(dir, 'pr.json'),
      JSON.stringify({ number: ctx.pr.number, head_sha: ctx.pr.headSha, comment_key: cfg.commentKey }) + '\n',
    );
  const main = results.corpora[0]!.result;
  deps.setOutput('verdict', verdict.pass ? 'pass' : 'fail');
  deps.setOutput('attributable-rate', rate(attributableRate(main)));
  deps.setOutput('block-rate', rate(blockRate(main)));
  deps.setOutput('utility-rate', rate(utilityRate(main)));
  deps.setOutput('su-hm', rate(suHm(main)));
  deps.setOutput('report-path', reportPath);
  deps.setOutput('results-path', resultsPath);
}

export async function publish(cfg: Config, ctx: RunContext, markdown: string, deps: PublishDeps): Promise<void> {
  try {
    await deps.writeSummary(markdown);
  } catch (e) {
    deps.warn(`job summary not written: ${(e as Error).message}`);
  }
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
            : undefined;
  if (skip || !pr) {
    deps.info(`no PR comment: ${skip}`);
    return;
  }
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
}
