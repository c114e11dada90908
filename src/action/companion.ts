// The fork-PR companion, run by a workflow_run workflow in the base repository after a gate run
// whose token was read-only. It trusts nothing the run left: each artifact's gate.json is
// validated against the record schema; the comment key must be one the workflow accepts; the pull
// request must be at the run's head commit; the verdict is recomputed from the results and the
// thresholds and held to the run's own conclusion; and the comment is rendered here, with the
// project's renderer and escaping, never taken from the artifact. A bad artifact is skipped with a
// warning and the others are handled.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { exitCodeOf, InputError } from '../model/errors.js';
import { TOOL_VERSION } from '../model/version.js';
import { readValidated } from '../data/files.js';
import type { CorpusStore } from '../data/store.js';
import { isCorpusName } from '../data/registry.js';
import { GateRecordSchema, thresholdsOf, verdictOf, type GateRecord } from '../gate/record.js';
import { renderReport } from '../report/comment.js';
import { loadCorpora, reportDetails } from '../run/score.js';
import { onlineDetails } from '../run/online.js';
import { adaptiveInputs, reportFromSection } from '../run/adaptive.js';
import { describeApiError, upsertComment, withRetry, type Octokit } from './comment.js';
import type { InputLookup } from './config.js';

const Payload = z.object({
  workflow_run: z.object({
    id: z.number().int(),
    event: z.string(),
    head_sha: z.string(),
    conclusion: z.string().nullable(),
  }),
  repository: z.object({ full_name: z.string() }),
});

export interface CompanionDeps {
  readonly getInput: InputLookup;
  readonly env: NodeJS.ProcessEnv;
  readonly octokit: (token: string, apiUrl: string) => Octokit;
  readonly store: () => CorpusStore;
  readonly info: (m: string) => void;
  readonly warn: (m: string) => void;
  readonly setFailed: (m: string) => void;
  readonly retryDelaysMs: readonly number[];
}

function keys(raw: string): Set<string> {
  const list = raw.split(/[\s,]+/).filter((k) => k !== '');
  return new Set(list.length > 0 ? list : ['default']);
}

/** The report rows come from this action's own pinned corpora, when the run scored the same versions. */
async function detailsFor(record: GateRecord, deps: CompanionDeps): Promise<Parameters<typeof renderReport>[0]['details']> {
  const names = record.head.corpora.map((c) => c.corpus);
  if (!names.every(isCorpusName)) return {};
  try {
    const corpora = loadCorpora(names, deps.store);
    if (corpora.some((c, i) => c.version !== record.head.corpora[i]!.version)) return {};
    const details = reportDetails(corpora, record.head, deps.store, deps.warn);
    const online = await onlineDetails(corpora, record.head, record.name);
    const adaptive = (name: string) => {
      const entry = record.head.corpora.find((c) => c.corpus === name);
      const corpus = corpora.find((c) => c.name === name);
      return entry?.adaptive && corpus ? reportFromSection(adaptiveInputs(corpus, deps.store()), entry.adaptive, record.name) : undefined;
    };
    return Object.fromEntries(
      Object.entries(details).map(([k, d]) => {
        const a = adaptive(k);
        return [k, { ...d, ...(online[k] ? { online: online[k] } : {}), ...(a ? { adaptive: a } : {}) }];
      }),
    );
  } catch (e) {
    if (e instanceof InputError) return {};
    throw e;
  }
}

/** One artifact: validated, checked against the run and the pull request, rendered, posted. Returns why it was skipped. */
async function handle(
  dir: string,
  run: z.infer<typeof Payload>['workflow_run'],
  accepted: Set<string>,
  octokit: Octokit,
  owner: string,
  repo: string,
  deps: CompanionDeps,
): Promise<string | undefined> {
  const file = join(dir, 'gate.json');
  if (!existsSync(file)) return 'no gate.json';
  let record: GateRecord;
  try {
    record = readValidated(file, GateRecordSchema, 'gate.json').value;
  } catch (e) {
    // A bad artifact is skipped; anything else is a bug and fails the step.
    if (!(e instanceof InputError)) throw e;
    return e.message;
  }
  if (!accepted.has(record.comment_key)) return `comment key ${JSON.stringify(record.comment_key)} is not one of the accepted comment-keys`;
  if (!record.pr) return 'the record names no pull request';
  if (record.pr.head_sha !== run.head_sha)
    return `the record is for commit ${record.pr.head_sha.slice(0, 7)}, not the run's ${run.head_sha.slice(0, 7)}`;
  const { data: pull } = await octokit.rest.pulls.get({ owner, repo, pull_number: record.pr.number });
  if (pull.head.sha !== run.head_sha) return `pull request #${record.pr.number} is not at the run's commit ${run.head_sha.slice(0, 7)}`;
  // The verdict is recomputed, and held to the run's conclusion: a record cannot pass a failed run.
  const recomputed = verdictOf(record.head, record.base?.results, thresholdsOf(record), record.missing);
  const ranOk = run.conclusion === 'success';
  const extra = ranOk ? [] : [`The gate run concluded ${run.conclusion ?? 'without a conclusion'}, not success.`];
  if (ranOk && !recomputed.pass) extra.push('The gate run succeeded, but its recorded results fail the thresholds it recorded.');
  const verdict = { ...recomputed, pass: recomputed.pass && ranOk, reasons: [...extra, ...recomputed.reasons] };
  const details = await detailsFor(record, deps);
  const markdown = renderReport({
    defense: record.name,
    verdict,
    head: record.head,
    base: record.base,
    baseNote:
      [
        record.note,
        Object.keys(details).length === 0
          ? "The reference and classifier rows are not shown: this run scored corpus versions other than this action's."
          : undefined,
      ]
        .filter(Boolean)
        .join(' ') || undefined,
    details,
    toolVersion: TOOL_VERSION,
    runUrl: undefined,
    scoring: record.scoring,
  });
  const posted = await withRetry(
    () => upsertComment(octokit, { owner, repo, issue_number: record.pr!.number }, record.comment_key, markdown),
    deps.retryDelaysMs,
  );
  deps.info(`PR comment ${posted.action} on #${record.pr.number} (comment key ${record.comment_key}): ${posted.url}`);
  return undefined;
}

export async function runCompanion(deps: CompanionDeps): Promise<number> {
  try {
    const path = deps.env['GITHUB_EVENT_PATH'];
    if (!path) throw new InputError('GITHUB_EVENT_PATH is not set: the companion runs in a workflow_run workflow');
    const event = readValidated(path, Payload, `GITHUB_EVENT_PATH ${path} (a workflow_run payload)`).value;
    if (event.workflow_run.event !== 'pull_request') {
      deps.info(`not a pull request run (${event.workflow_run.event}): nothing to comment`);
      return 0;
    }
    const root = deps.getInput('artifacts').trim() || 'artifacts';
    if (!existsSync(root)) {
      deps.info(`no artifacts in ${root}`);
      return 0;
    }
    const token = deps.getInput('github-token');
    if (token === '') throw new InputError('input github-token: empty');
    const [owner = '', repo = ''] = event.repository.full_name.split('/');
    const octokit = deps.octokit(token, deps.env['GITHUB_API_URL'] ?? 'https://api.github.com');
    const accepted = keys(deps.getInput('comment-keys'));
    for (const name of readdirSync(root).sort()) {
      const dir = join(root, name);
      try {
        const skipped = await handle(dir, event.workflow_run, accepted, octokit, owner, repo, deps);
        if (skipped) deps.warn(`artifact ${name} skipped: ${skipped}`);
      } catch (e) {
        const d = describeApiError(e);
        if (!d) throw e;
        deps.warn(`artifact ${name}: ${d.message}`);
      }
    }
    return 0;
  } catch (e) {
    const message = e instanceof InputError ? e.message : `internal error: ${(e as Error)?.stack ?? String(e)}`;
    deps.setFailed(`companion: ${message}`);
    return exitCodeOf(e);
  }
}
