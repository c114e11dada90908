// The gate step as one straight pipeline: refuse to start while the step holds a credential, parse
// every input, load the corpora, read the base's results; find the base (the cache, a committed
// file, or the base commit scored again) and whether this is the gate's first run, all before any
// of the pull request's code runs; then run that code (install, defense) under the guard, with a
// HOME and TMPDIR of its own; then, with no PR code left, decide, render and write. The comment is
// posted by a later step (comment-step.ts), the only one that sees the token. Collaborators come in
// through `deps`, so tests run it against a local GitHub API without module mocks.
import { DefenseError, exitCodeOf, InputError } from '../model/errors.js';
import { TOOL_VERSION } from '../model/version.js';
import { escapeMarkdown } from '../format/escape.js';
import { verdictOf } from '../gate/record.js';
import { keyOf } from '../gate/results.js';
import { renderReport } from '../report/comment.js';
import { loadCorpora, reportDetails, scoreUserDefense } from '../run/score.js';
import { readBase, resolveBase, writeForCache } from './base.js';
import { parseActionConfig } from './config.js';
import type { Deps } from './deps.js';
import { readRunContext } from './event.js';
import { runInstall } from './install.js';
import { defenseEnv, freshHome, refuseCredentials, type Leftover, type Tampering } from './isolation.js';
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
    refuseCredentials(deps.env);
    const cfg = parseActionConfig(deps.getInput);
    const ctx = readRunContext(deps.env);
    const corpora = loadCorpora(cfg.corpora, deps.store);
    const plan = readBase(cfg, ctx, deps.matchedCacheKey);
    // The key the head's results will carry, known before the head runs: what the base must match.
    const headKey = keyOf(
      cfg.keyName,
      TOOL_VERSION,
      corpora.map((c) => ({ corpus: c.name, version: c.version })),
    );
    const guard = deps.guard();
    const env = defenseEnv(deps.env, cfg.defenseEnv, guard.marker);
    /**
     * One phase of PR code (the base commit's, then the head's): a HOME and TMPDIR of its own, and
     * the guard's check once it ended. If the code touched what it must not, nothing it produced is
     * trusted, whatever else happened: the refusal replaces the phase's own outcome, failure included.
     */
    const phase = async <T>(label: 'base' | 'head', body: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> => {
      const home = freshHome(env, ctx.tempDir, label);
      let out: { value: T } | { error: unknown };
      try {
        out = { value: await body(home.env) };
      } catch (e) {
        out = { error: e };
      }
      const { tampered, leftovers } = guard.check();
      home.dispose();
      const refused = integrityMessage(tampered, leftovers);
      if (refused) throw new IntegrityError(refused);
      if ('error' in out) throw out.error;
      return out.value;
    };
    // The base first, while none of the pull request's code has run: that code could otherwise
    // prepare the repository (replace the base commit, plant a hook) or the home the rerun uses.
    const base = await resolveBase(plan, headKey, cfg, ctx, {
      matchedKey: deps.matchedCacheKey,
      rerun: (sha) =>
        phase('base', (env) =>
          rerunAtBase(cfg, ctx, corpora, sha, { env, gateEnv: deps.env, log: deps.info, echoStderr: deps.echoStderr }),
        ),
      existsAt: deps.existsAt,
      info: deps.info,
    });
    const scored = await phase('head', async (env) => {
      await runInstall(cfg.install, ctx.workspace, env, deps.info);
      return scoreUserDefense(cfg.defense, corpora, {
        name: cfg.name,
        keyName: cfg.keyName,
        timeoutMs: cfg.timeoutMs,
        cwd: ctx.workspace,
        env,
        commit: ctx.sha,
        echoStderr: deps.echoStderr,
      });
    });
    deps.info(`scored ${scored.name} on ${corpora.map((c) => c.name).join(', ')}: ${scored.stats}`);
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
