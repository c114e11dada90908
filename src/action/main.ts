// The action as one straight pipeline: parse config, load, evaluate, render, publish, gate.
// Collaborators come in through `deps`, so tests run it with real @actions libraries against a
// local GitHub API without module mocks.
import { DefenseError, exitCodeOf, InputError } from '../model/errors.js';
import { TOOL_VERSION } from '../model/version.js';
import { escapeMarkdown } from '../format/escape.js';
import { computeVerdict } from '../gate/verdict.js';
import { renderReport } from '../report/comment.js';
import { findBase, saveBase, type BaseDeps } from './base.js';
import { parseActionConfig } from './config.js';
import type { Deps } from './deps.js';
import { readRunContext } from './event.js';
import { publish, writeFiles } from './publish.js';
import { rerunAtBase } from './rerun.js';
import { loadCorpora, reportDetails, scoreUserDefense } from '../run/score.js';

/** Returns the exit code: 0 pass, 1 regression or failed defense, 2 bad input. */
export async function run(deps: Deps): Promise<number> {
  try {
    const cfg = parseActionConfig(deps.getInput);
    const ctx = readRunContext(deps.env);
    const corpora = loadCorpora(cfg.corpora, deps.store);
    const opts = {
      name: cfg.name,
      keyName: cfg.name ?? cfg.commentKey,
      timeoutMs: cfg.timeoutMs,
      cwd: ctx.workspace,
      commit: ctx.sha,
      echoStderr: deps.echoStderr,
    };
    const scored = await scoreUserDefense(cfg.defense, corpora, opts);
    deps.info(`scored ${scored.name} on ${corpora.map((c) => c.name).join(', ')}: ${scored.stats}`);
    const b: BaseDeps = {
      cache: deps.cache,
      rerun: (sha) => rerunAtBase(cfg, ctx, corpora, sha, deps.info),
      info: deps.info,
      warn: deps.warn,
    };
    const baseline = await findBase(cfg, ctx, scored.results.key, b);
    const verdict = computeVerdict(scored.results, baseline.base?.results, cfg.thresholds);
    const markdown = renderReport({
      defense: scored.name,
      verdict,
      head: scored.results,
      base: baseline.base,
      baseNote: baseline.note,
      details: reportDetails(corpora, scored, deps.store, deps.warn),
      toolVersion: TOOL_VERSION,
      runUrl: ctx.runUrl,
    });
    writeFiles(cfg, ctx, scored.results, verdict, markdown, deps);
    await publish(cfg, ctx, markdown, deps);
    await saveBase(cfg, ctx, scored.results, b);
    for (const c of verdict.checks) deps.info(`${c.ok ? 'ok  ' : 'FAIL'} ${c.message}`);
    if (baseline.note) deps.info(baseline.note);
    if (verdict.pass) return 0;
    deps.setFailed(`defense gate failed: ${verdict.reasons.join('; ')}`);
    return 1;
  } catch (e) {
    return fail(e, deps);
  }
}

async function fail(e: unknown, deps: Deps): Promise<number> {
  const known = e instanceof InputError || e instanceof DefenseError;
  const message = known ? (e as Error).message : `internal error: ${(e as Error)?.stack ?? String(e)}`;
  deps.setFailed(e instanceof DefenseError ? `defense failed: ${message}` : message);
  // The summary says what went wrong, and never shows a table from a failed run.
  const title = e instanceof DefenseError ? 'the defense failed' : e instanceof InputError ? 'invalid input' : 'internal error';
  await deps
    .writeSummary(`## ❌ Defense gate: ${title}\n\n${message.split('\n').map(escapeMarkdown).join('<br>\n')}\n`)
    .catch(() => undefined);
  return exitCodeOf(e);
}
