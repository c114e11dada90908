// The gate step as one straight pipeline: parse every input, load the corpora, read the base's
// results, then run the pull request's code (install, defense, the base commit's rerun) under the
// guard, then, with no PR code left, decide, render and write. The comment is posted by a later
// step (comment-step.ts), the only one that sees the token. Collaborators come in through `deps`,
// so tests run it against a local GitHub API without module mocks.
import { DefenseError, exitCodeOf, InputError } from '../model/errors.js';
import { TOOL_VERSION } from '../model/version.js';
import { escapeMarkdown } from '../format/escape.js';
import { verdictOf } from '../gate/record.js';
import { renderReport } from '../report/comment.js';
import { loadCorpora, reportDetails, scoreUserDefense, type Scored } from '../run/score.js';
import { readBase, resolveBase, writeForCache, type Base } from './base.js';
import { parseActionConfig } from './config.js';
import type { Deps } from './deps.js';
import { readRunContext } from './event.js';
import { runInstall } from './install.js';
import { defenseEnv, type Leftover, type Tampering } from './isolation.js';
import { writeGateFiles } from './publish.js';
import { rerunAtBase } from './rerun.js';

/** What PR code did that the gate will not give a verdict over. */
export class IntegrityError extends Error {
  override name = 'IntegrityError';
}

function integrityMessage(tampered: readonly Tampering[], leftovers: readonly Leftover[]): string | undefined {
  const lines = [
    ...tampered.map((t) => `${t.path} was ${t.what} while the pull request's code ran (undone)`),
    ...leftovers.map((p) => `the pull request's code left process ${p.pid} running (${p.command}) (killed)`),
  ];
  return lines.length === 0 ? undefined : `the gate refuses to give a verdict: ${lines.join('; ')}`;
}

/** Returns the exit code: 0 pass, 1 regression, failed defense or refused integrity, 2 bad input. */
export async function run(deps: Deps): Promise<number> {
  try {
    const cfg = parseActionConfig(deps.getInput);
    const ctx = readRunContext(deps.env);
    const corpora = loadCorpora(cfg.corpora, deps.store);
    const plan = readBase(cfg, ctx, deps.matchedCacheKey);
    const guard = deps.guard();
    const env = defenseEnv(deps.env, cfg.defenseEnv, guard.marker);
    let ran: { scored: Scored; base: Base } | { error: unknown };
    try {
      await runInstall(cfg.install, ctx.workspace, env, deps.info);
      const scored = await scoreUserDefense(cfg.defense, corpora, {
        name: cfg.name,
        keyName: cfg.keyName,
        timeoutMs: cfg.timeoutMs,
        cwd: ctx.workspace,
        env,
        commit: ctx.sha,
        echoStderr: deps.echoStderr,
      });
      deps.info(`scored ${scored.name} on ${corpora.map((c) => c.name).join(', ')}: ${scored.stats}`);
      const base = await resolveBase(plan, scored.results.key, cfg, ctx, {
        matchedKey: deps.matchedCacheKey,
        rerun: (sha) => rerunAtBase(cfg, ctx, corpora, sha, { env, log: deps.info, echoStderr: deps.echoStderr }),
        existsAt: deps.existsAt,
        info: deps.info,
      });
      ran = { scored, base };
    } catch (e) {
      ran = { error: e };
    }
    // With no PR code left: if it touched what it must not, nothing it produced is trusted, whatever
    // else happened (this refusal replaces the run's own outcome, failure included).
    const { tampered, leftovers } = guard.check();
    const refused = integrityMessage(tampered, leftovers);
    if (refused) throw new IntegrityError(refused);
    if ('error' in ran) throw ran.error;
    const { scored, base } = ran;
    const verdict = verdictOf(scored.results, base.base?.results, cfg.thresholds, base.missing);
    const markdown = renderReport({
      defense: scored.name,
      verdict,
      head: scored.results,
      base: base.base,
      baseNote: base.note,
      details: reportDetails(corpora, scored.results, deps.store, deps.warn),
      toolVersion: TOOL_VERSION,
      runUrl: ctx.runUrl,
    });
    await writeGateFiles(cfg, ctx, { scored, base, verdict, markdown }, deps);
    writeForCache(cfg, ctx, scored.results, deps.info);
    for (const c of verdict.checks) deps.info(`${c.ok ? 'ok  ' : 'FAIL'} ${c.message}`);
    if (base.missing) deps.info(`FAIL ${base.missing}`);
    if (base.note) deps.info(base.note);
    if (verdict.pass) return 0;
    deps.setFailed(`defense gate failed: ${verdict.reasons.join('; ')}`);
    return 1;
  } catch (e) {
    return fail(e, deps);
  }
}

async function fail(e: unknown, deps: Deps): Promise<number> {
  const known = e instanceof InputError || e instanceof DefenseError || e instanceof IntegrityError;
  const message = known ? (e as Error).message : `internal error: ${(e as Error)?.stack ?? String(e)}`;
  deps.setFailed(e instanceof DefenseError ? `defense failed: ${message}` : message);
  // The summary says what went wrong, and never shows a table from a failed run.
  const title =
    e instanceof DefenseError
      ? 'the defense failed'
      : e instanceof InputError
        ? 'invalid input'
        : e instanceof IntegrityError
          ? 'no verdict'
          : 'internal error';
  await deps
    .writeSummary(`## ❌ Defense gate: ${title}\n\n${message.split('\n').map(escapeMarkdown).join('<br>\n')}\n`)
    .catch(() => undefined);
  return exitCodeOf(e);
}
