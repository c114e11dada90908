// The gate step as one straight pipeline: refuse to start while the step holds a credential, parse
// every input, load the corpora, read the base's results; find the base (the cache, a committed
// file, or the base commit scored again) and whether this is the gate's first run, all before any
// of the pull request's code runs; then run that code (install, defense) under the guard, with a
// HOME and TMPDIR of its own; then, with no PR code left, decide, render and write. The comment is
// posted by a later step (comment-step.ts), the only one that sees the token. Collaborators come in
// through `deps`, so tests run it against a local GitHub API without module mocks.
import { DefenseError, exitCodeOf, InputError, OptimiserError } from '../model/errors.js';
import { TOOL_VERSION } from '../model/version.js';
import { escapeMarkdown } from '../format/escape.js';
import { verdictOf } from '../gate/record.js';
import { renderReport, type CorpusDetails } from '../report/comment.js';
import { onlineDetails, onlineSettings, playUserDefense, readVaccine, withOnlineSections } from '../run/online.js';
import type { OnlineReport } from '../evaluate/online.js';
import type { Corpus } from '../corpora/corpus.js';
import type { Config } from './config.js';
import { relative, resolve } from 'node:path';
import {
  adaptiveInputs,
  adaptiveSection,
  attack,
  withAttackedDefense,
  withStaticCheck,
  type AdaptiveInputs,
  type AttackHow,
} from '../run/adaptive.js';
import type { AdaptiveReport } from '../evaluate/adaptive.js';
import { RunResultsSchema, type AdaptiveSection } from '../gate/results.js';
import { readValidated } from '../data/files.js';
import type { CorpusStore } from '../data/store.js';
import type { OpenOptions } from '../adapters/index.js';
import {
  loadCorpora,
  mergeShards,
  reportDetails,
  scoreShard,
  scoreUserDefense,
  runKey,
  type Scored,
  type ScoreOptions,
} from '../run/score.js';
import { attackShard, mergeAttack, playedStreams, withAttackPart, playShardStreams, readParts, shardLine } from '../run/shard.js';
import type { RunContext } from './event.js';
import { readBase, resolveBase, writeForCache } from './base.js';
import { parseActionConfig } from './config.js';
import type { Deps } from './deps.js';
import { readRunContext } from './event.js';
import { runInstall } from './install.js';
import { defenseEnv, freshHome, refuseCredentials, type Leftover, type Tampering } from './isolation.js';
import { htmlArtifact, writeGateFiles, writeJunitFile, writePartialFile, writeWorkspaceFile } from './publish.js';
import { junitXml } from '../run/junit.js';
import { htmlReport, pinnedClassifierTables } from '../run/html.js';
import { referenceDefenses } from '../evaluate/corpus.js';
import { rerunAtBase } from './rerun.js';
import { flipLines } from '../report/repeats.js';
import { openDecisions, saveDecisions } from './decisions.js';

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

/**
 * One phase of PR code (the base commit's, then the head's): a HOME and TMPDIR of its own, and the
 * guard's check once it ended. If the code touched what it must not, nothing it produced is
 * trusted, whatever else happened: the refusal replaces the phase's own outcome, failure included.
 */
async function guardedPhase<T>(
  guard: ReturnType<Deps['guard']>,
  env: NodeJS.ProcessEnv,
  tempDir: string,
  label: 'base' | 'head',
  body: (env: NodeJS.ProcessEnv) => Promise<T>,
): Promise<T> {
  const home = freshHome(env, tempDir, label);
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
}

/** Returns the exit code: 0 pass, 1 regression, failed defense or refused integrity, 2 bad input. */
export async function run(deps: Deps): Promise<number> {
  try {
    refuseCredentials(deps.env);
    const cfg = parseActionConfig(deps.getInput);
    const ctx = readRunContext(deps.env);
    const corpora = loadCorpora(cfg.corpora, deps.store);
    if (cfg.shard) return await runShard(cfg, ctx, corpora, deps);
    // The merge job's parts are read and checked before anything else, and no PR code scores the head.
    const merged = cfg.merge && mergedRun(cfg, ctx, corpora, deps);
    const online = !cfg.merge && cfg.online && onlinePlan(cfg, corpora, ctx.workspace);
    const toAttack = cfg.adaptive && !cfg.merge ? adaptivePlan(cfg, corpora, ctx.workspace, deps.store()) : undefined;
    const plan = readBase(cfg, ctx, deps.matchedCacheKey);
    // Read once, now, while none of the pull request's code has run; never read again.
    const decisions = openDecisions(cfg, ctx, deps.matchedDecisionsKey, { info: deps.info, warn: deps.warn });
    // The key the head's results will carry, known before the head runs: what the base must match.
    const headKey = runKey(cfg.keyName, corpora);
    const guard = deps.guard();
    const env = defenseEnv(deps.env, cfg.defenseEnv, guard.marker);
    const phase = <T>(label: 'base' | 'head', body: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> =>
      guardedPhase(guard, env, ctx.tempDir, label, body);
    // The base first, while none of the pull request's code has run: that code could otherwise
    // prepare the repository (replace the base commit, plant a hook) or the home the rerun uses.
    const base = await resolveBase(plan, headKey, cfg, ctx, {
      matchedKey: deps.matchedCacheKey,
      rerun: (sha) =>
        phase('base', (env) =>
          rerunAtBase(cfg, ctx, corpora, sha, {
            env,
            gateEnv: deps.env,
            log: deps.info,
            echoStderr: deps.echoStderr,
            now: deps.now,
            decisions,
          }),
        ),
      existsAt: deps.existsAt,
      info: deps.info,
    });
    const { scored, mine, attacked } = merged
      ? { scored: merged.scored, mine: undefined, attacked: merged.attacked }
      : await phase('head', async (env) => {
          await runInstall(cfg.install, ctx.workspace, env, deps.info);
          const scored = await scoreUserDefense(cfg.defense, corpora, {
            ...headScoring(cfg, ctx, env, deps),
            repeat: cfg.repeat,
            decisions: decisions?.head,
          });
          deps.info(`scored ${scored.name} on ${corpora.map((c) => c.name).join(', ')}: ${scored.stats}`);
          for (const line of flipLines(scored.results)) deps.info(line);
          const attacked =
            toAttack && (await runAttack(toAttack, cfg, ctx.workspace, env, deps, scored.runs.get(toAttack.inputs.corpus.name)!.outcomes));
          if (!online) return { scored, mine: undefined, attacked };
          // The vaccine is the pull request's file, read once the install ran (it may build it).
          const vaccine = readVaccine(online.vaccine, 'input vaccine');
          deps.info(`online: seed ${online.settings.seed} on ${online.corpora.map((c) => c.name).join(', ')}`);
          const open = openOptions(cfg, ctx.workspace, env, deps);
          return {
            scored,
            mine: await playUserDefense(cfg.defense, online.corpora, online.settings, open, scored.name, vaccine),
            attacked,
          };
        });
    const withOnline = mine ? withOnlineSections(scored.results, (c) => mine.get(c)?.section) : scored.results;
    const results = attacked
      ? { ...withOnline, corpora: withOnline.corpora.map((c) => (c.corpus === attacked.corpus ? { ...c, adaptive: attacked.section } : c)) }
      : withOnline;
    const verdict = verdictOf(results, base.base?.results, cfg.thresholds, base.missing);
    const details = withAttack(
      withOnlineDetails(reportDetails(corpora, results, deps.store, deps.warn), await onlineDetails(corpora, results, scored.name)),
      attacked,
    );
    const markdown = renderReport({
      defense: scored.name,
      verdict,
      head: results,
      base: base.base,
      baseNote: base.note,
      details,
      toolVersion: TOOL_VERSION,
      runUrl: ctx.runUrl,
      htmlArtifact: cfg.html === undefined ? undefined : htmlArtifact(cfg.commentKey),
      scoring: scored.stats,
    });
    await writeGateFiles(cfg, ctx, { scored: { ...scored, results }, base, verdict, markdown }, deps);
    writeForCache(cfg, ctx, results, deps.info);
    if (decisions) await saveDecisions(decisions, cfg, ctx, deps.info);
    // After the cache: a JUnit path that cannot be written fails the step, but leaves the results saved.
    if (cfg.junit) {
      const xml = junitXml(corpora, (c) => referenceDefenses(c), scored);
      deps.info(`JUnit XML: ${writeJunitFile(ctx.workspace, cfg.junit, xml)}`);
    }
    // Like the JUnit file, from the rows and reports the comment shows (the sweeps are computed here).
    if (cfg.html) {
      const html = htmlReport({
        corpora,
        references: (c) => referenceDefenses(c),
        classifiers: (c) => pinnedClassifierTables(c, deps.store),
        rows: (c) => details[c.name]?.rows,
        mine: { name: scored.name, results },
        online: pick(details, (d) => d.online),
        adaptive: pick(details, (d) => d.adaptive),
      });
      const file = writeWorkspaceFile(ctx.workspace, 'html', cfg.html, html);
      deps.setOutput('html-path', file);
      deps.setOutput('html-artifact', htmlArtifact(cfg.commentKey));
      deps.info(`HTML report: ${file}`);
    }
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

/** How the head's defense is started for an online stream or an attack: in the workspace, under the guarded environment. */
function openOptions(cfg: Config, workspace: string, env: NodeJS.ProcessEnv, deps: Deps) {
  return { name: cfg.name, timeoutMs: cfg.timeoutMs, cwd: workspace, env, echoStderr: deps.echoStderr } satisfies OpenOptions;
}

/** How the head's defense is scored, whole or one shard of it: started as above, at the run's commit, with progress lines in the log. */
function headScoring(cfg: Config, ctx: RunContext, env: NodeJS.ProcessEnv, deps: Deps): ScoreOptions {
  return {
    ...openOptions(cfg, ctx.workspace, env, deps),
    keyName: cfg.keyName,
    commit: ctx.sha,
    progress: { interval: cfg.progress, sink: deps.info, ...(deps.now ? { now: deps.now } : {}) },
  };
}

/**
 * A matrix job (`shard: i/n`): install and score this shard's part under the same guard as a whole
 * run, then write the part for the merge job. No base, no verdict, no comment: the merge job has them.
 */
async function runShard(cfg: Config, ctx: RunContext, corpora: readonly Corpus[], deps: Deps): Promise<number> {
  const shard = cfg.shard!;
  const online = cfg.online && onlinePlan(cfg, corpora, ctx.workspace);
  const toAttack = cfg.adaptive && adaptivePlan(cfg, corpora, ctx.workspace, deps.store());
  const guard = deps.guard();
  const part = await guardedPhase(guard, defenseEnv(deps.env, cfg.defenseEnv, guard.marker), ctx.tempDir, 'head', async (env) => {
    await runInstall(cfg.install, ctx.workspace, env, deps.info);
    let part = await scoreShard(cfg.defense, corpora, headScoring(cfg, ctx, env, deps), shard);
    if (online) {
      // This shard's streams, whole, under a seed this job drew (recorded; the merge keeps each stream's).
      const vaccine = readVaccine(online.vaccine, 'input vaccine');
      const open = openOptions(cfg, ctx.workspace, env, deps);
      part = await playShardStreams(cfg.defense, online.corpora, online.settings, open, part, shard, vaccine);
      deps.info(`online: seed ${online.settings.seed}, streams ${playedStreams(part)}`);
    }
    if (toAttack) {
      // This shard's attack targets, each whole, in a fresh defense process (as a whole run's attack).
      const a = await withAttackedDefense(cfg.defense, openOptions(cfg, ctx.workspace, env, deps), toAttack.inputs.corpus, (mine) =>
        attackShard(toAttack.inputs, toAttack.how, mine, shard),
      );
      part = withAttackPart(part, toAttack.inputs.corpus.name, a);
    }
    return part;
  });
  const path = writePartialFile(cfg, ctx, part);
  deps.info(shardLine(part));
  deps.info(`partial results: ${path} (upload it for the merge job: docs/shards.md)`);
  deps.setOutput('partial-path', path);
  await deps
    .writeSummary(
      `## Defense gate: shard ${shard.index}/${shard.count} scored\n\nThe merge job compares, gates and comments on the whole run.\n`,
    )
    .catch((e: unknown) => deps.warn(`job summary: ${(e as Error).message}`));
  return 0;
}

/** The merge job's run: the parts read from the workspace, checked and put back together, with the attack they made. */
function mergedRun(
  cfg: Config,
  ctx: RunContext,
  corpora: readonly Corpus[],
  deps: Deps,
): { scored: Scored; attacked: Attacked | undefined } {
  const parts = readParts(
    cfg.merge!.map((p) => resolve(ctx.workspace, p)),
    (p) => `input merge ${relative(ctx.workspace, p) || '.'}`,
  );
  const scored = mergeShards(corpora, { keyName: cfg.keyName }, parts);
  const played = scored.results.corpora.some((c) => c.online);
  if (played !== Boolean(cfg.online))
    throw new InputError(
      played
        ? 'input merge: the parts played online streams: set online: true on the merge job too (the same inputs as the shard jobs)'
        : 'input online: the parts played no online streams: set online: true on the shard jobs too',
    );
  const settings = scored.results.corpora.find((c) => c.online)?.online?.settings;
  if (settings && cfg.online && (settings.attacks !== cfg.online.attacks || settings.benign !== cfg.online.benign))
    throw new InputError(
      `input merge: the parts' streams have ${settings.attacks} attacks and ${settings.benign} benign tasks, not online-attacks ${cfg.online.attacks} and online-benign ${cfg.online.benign}`,
    );
  if (ctx.sha !== '' && scored.results.commit !== ctx.sha)
    throw new InputError(`input merge: the parts were scored at commit ${scored.results.commit || '(unknown)'}, this run is at ${ctx.sha}`);
  // The attack the parts made, under the merge job's own attack inputs (max-adaptive-asr gates it here).
  const plan = cfg.adaptive && adaptivePlan(cfg, corpora, ctx.workspace, deps.store());
  const merged = mergeAttack(
    corpora,
    parts,
    (c) => adaptiveInputs(c, deps.store()),
    (c) => scored.runs.get(c)!.outcomes,
    plan ? { where: `input ${cfg.adaptive!.mode === 'replay' ? 'adaptive-replay' : 'adaptive'}`, ...plan } : undefined,
  );
  if (merged && !plan)
    throw new InputError('input merge: the parts made an adaptive attack: give the merge job the same adaptive inputs as the shard jobs');
  return { scored, attacked: merged && attackedOf(merged.report, deps) };
}

/**
 * What an online run needs, checked before any PR code runs: corpora it can be built from, a
 * defense the gate can start afresh per stream, a seed drawn for this run (recorded in the results).
 */
function onlinePlan(cfg: Config, corpora: readonly Corpus[], workspace: string) {
  const usable = corpora.filter((c) => c.kind === 'paired' || c.kind === 'trajectory');
  if (usable.length === 0)
    throw new InputError(
      `input online: none of the corpora (${corpora.map((c) => c.name).join(', ')}) supports it: pairs and agentdyn… do`,
    );
  if (cfg.defense.kind === 'url')
    throw new InputError(
      'input online: a fresh defense is started for every stream, which defense-url cannot give: use defense or defense-module',
    );
  return {
    corpora: usable,
    settings: onlineSettings(cfg.online!),
    vaccine: cfg.vaccine === undefined ? undefined : resolve(workspace, cfg.vaccine),
  };
}

/** An adaptive attack needs the paired corpus among the corpora; a replay file is read before any PR code runs. */
function adaptivePlan(
  cfg: Config,
  corpora: readonly Corpus[],
  workspace: string,
  store: CorpusStore,
): { inputs: AdaptiveInputs; how: AttackHow } {
  const pairs = corpora.find((c) => c.kind === 'paired');
  if (!pairs)
    throw new InputError(
      `input adaptive: it attacks the paired corpus (pairs), which corpora (${corpora.map((c) => c.name).join(', ')}) does not include`,
    );
  const a = cfg.adaptive!;
  const inputs = adaptiveInputs(pairs, store);
  if (a.mode === 'replay') {
    const where = `input adaptive-replay ${a.file}`;
    const saved = readValidated(resolve(workspace, a.file), RunResultsSchema, where).value.corpora.find(
      (c) => c.corpus === pairs.name,
    )?.adaptive;
    if (!saved) throw new InputError(`${where}: it holds no adaptive attack on ${pairs.name}`);
    return { inputs, how: { mode: 'replay', saved, where } };
  }
  const targets = a.suites.length === 0 ? inputs.targets : inputs.targets.filter((t) => a.suites.includes(t.suite));
  return { inputs: { ...inputs, targets }, how: { mode: 'search', options: { iterations: a.iterations, seed: a.seed } } };
}

/** The attack on your defense, with its answers to the corpus's own attack in this process checked against its scoring. */
async function runAttack(
  plan: ReturnType<typeof adaptivePlan>,
  cfg: Config,
  workspace: string,
  env: NodeJS.ProcessEnv,
  deps: Deps,
  scoredOutcomes: Uint8Array,
): Promise<Attacked> {
  const report = await withAttackedDefense(cfg.defense, openOptions(cfg, workspace, env, deps), plan.inputs.corpus, async (mine) =>
    withStaticCheck(await attack(plan.inputs, plan.how, mine), plan.inputs, scoredOutcomes),
  );
  return attackedOf(report, deps);
}

type Attacked = { corpus: string; section: AdaptiveSection; report: AdaptiveReport };

function attackedOf(report: AdaptiveReport, deps: Pick<Deps, 'info'>): Attacked {
  const section = adaptiveSection(report, report.results[0]!);
  deps.info(`adaptive: ${section.queries} queries on ${report.targets} targets (${report.optimiser})`);
  return { corpus: report.corpus, section, report };
}

function withAttack(
  details: Record<string, CorpusDetails>,
  attacked: { corpus: string; report: AdaptiveReport } | undefined,
): Record<string, CorpusDetails> {
  if (!attacked || !details[attacked.corpus]) return details;
  return { ...details, [attacked.corpus]: { ...details[attacked.corpus]!, adaptive: attacked.report } };
}

function pick<T>(details: Record<string, CorpusDetails>, of: (d: CorpusDetails) => T | undefined): Record<string, T> {
  return Object.fromEntries(Object.entries(details).flatMap(([k, d]) => (of(d) === undefined ? [] : [[k, of(d)!]])));
}

function withOnlineDetails(details: Record<string, CorpusDetails>, online: Record<string, OnlineReport>): Record<string, CorpusDetails> {
  return Object.fromEntries(Object.entries(details).map(([k, d]) => [k, online[k] ? { ...d, online: online[k] } : d]));
}

async function fail(e: unknown, deps: Deps): Promise<number> {
  const known = e instanceof InputError || e instanceof DefenseError || e instanceof IntegrityError || e instanceof OptimiserError;
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
