// One function per corpus kind: load what it needs, evaluate, and return the report in every
// format. Loading is the only I/O; evaluation and rendering are the library's.
import { InputError } from '../model/errors.js';
import type { LoadedTable } from '../model/score-table.js';
import type { AttackCorpus, Corpus } from '../corpora/corpus.js';
import type { Scenario } from '../model/call.js';
import { CORPORA, TRANSFORMS, type CorpusName } from '../data/registry.js';
import type { CorpusStore } from '../data/store.js';
import { checkTables, checkWindowing, pinnedTables, readScoreTable } from '../data/score-tables.js';
import { evaluateCorpus, referenceDefenses, versionsOf } from '../evaluate/corpus.js';
import type { ClassifierTables } from '../evaluate/classifiers.js';
import { evaluateAttacks, evaluateDrop } from '../evaluate/attacks.js';
import { egressReach } from '../scoring/egress-reach.js';
import { goJson } from '../format/go-json.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderText } from '../report/text.js';
import { attacksMarkdown, attacksText, dropMarkdown, dropText } from '../report/attacks.js';
import { egressReachMarkdown, egressReachText } from '../report/egress-reach.js';
import { execFileSync } from 'node:child_process';
import { readValidated, writeText } from '../data/files.js';
import type { Judged } from '../scoring/compare.js';
import { computeVerdict } from '../gate/verdict.js';
import { incomparable, RunResultsSchema, unpaired, type RunResults } from '../gate/results.js';
import { flipLines } from '../report/repeats.js';
import { loadCorpora, mergeShards, scoreShard, scoreUserDefense, type Scored } from '../run/score.js';
import { attackShard, mergeAttack, playedStreams, playShardStreams, readParts, shardLine, withAttackPart } from '../run/shard.js';
import type { PartialResults } from '../gate/shard.js';
import { junitXml } from '../run/junit.js';
import { htmlReport } from '../run/html.js';
import { evaluateTrajectories } from '../evaluate/trajectory.js';
import type { Halts } from '../scoring/trajectory.js';
import { trajectoryMarkdown, trajectoryText } from '../report/trajectory.js';
import { EGRESS_REACH, type CliCorpus, type CliOptions, type Format } from './args.js';
import type { OnlineSettings } from '../model/online.js';
import type { OnlineReport } from '../evaluate/online.js';
import { onlineMarkdown, onlineText } from '../report/online.js';
import { onlineDetails, onlineReport, onlineSettings, playUserDefense, readVaccine, type UserOnline } from '../run/online.js';
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
import { adaptiveMarkdown, adaptiveText } from '../report/adaptive.js';
import { DecisionCache, type DefenseSpec, type OpenOptions } from '../adapters/index.js';
import { checkDecisionCachePath, readDecisionCache, writeDecisionCache } from '../data/decision-cache.js';
import { llmOptimiserFromEnv } from '../adapters/llm-optimiser.js';

export type Rendered = Record<Format, () => string>;

/** What a run prints and how it exits (1 when your defense fails the gate against --baseline or a floor). */
export interface CliRun {
  readonly rendered: Rendered;
  /** Lines for standard error: the defense's scoring stats and the gate's checks. */
  readonly notes: readonly string[];
  readonly exitCode: 0 | 1;
}

/** The pinned tables of a corpus (its registry entry), or the --scores tables; none for "none" or a corpus without tables. */
function tablesFor(name: CorpusName, opts: CliOptions, store: CorpusStore): LoadedTable[] {
  if (opts.scores.length === 1 && opts.scores[0] === 'none') return [];
  if (opts.scores.length > 0) return opts.scores.map((p) => readScoreTable(p));
  const t = CORPORA[name].tables;
  return t ? pinnedTables(store.root, t.dir, t.filter) : [];
}

function classifiersFor(corpus: Corpus, opts: CliOptions, store: CorpusStore): ClassifierTables {
  const tables = tablesFor(corpus.name as CorpusName, opts, store);
  checkTables(tables, corpus.scenarios);
  return { tables, threshold: opts.threshold };
}

function corpusReport(corpus: Corpus, opts: CliOptions, classifiers?: ClassifierTables, judged?: readonly Judged[]): Rendered {
  const report = evaluateCorpus(corpus, referenceDefenses(corpus, opts.defenses), { sweep: opts.sweep, classifiers, judged });
  return { text: () => renderText(report), json: () => goJson(report), markdown: () => renderMarkdown(report) };
}

/** --untransformed-scores, or by default each transformed table's pinned attack table of the same model. */
function untransformedTables(opts: CliOptions, transformed: readonly LoadedTable[], store: CorpusStore): LoadedTable[] {
  if (opts.untransformedScores.length > 0) return opts.untransformedScores.map((p) => readScoreTable(p));
  const pinned = pinnedTables(store.root, 'attacks');
  return transformed.map((t) => {
    const b = pinned.find((p) => p.table.model === t.table.model);
    if (!b) throw new InputError(`no pinned attack table for ${t.table.model}; pass --untransformed-scores`);
    return b;
  });
}

function dropReport(corpus: AttackCorpus, opts: CliOptions, store: CorpusStore): Rendered {
  const tables = tablesFor(corpus.name as CorpusName, opts, store);
  if (tables.length === 0)
    throw new InputError(`--corpus ${corpus.name} needs transformed score tables (--scores) and their untransformed ones`);
  checkTables(tables, corpus.scenarios);
  const untransformed = store.attacks('identity');
  const partners = untransformedTables(opts, tables, store);
  // The drop compares each transformed score with its untransformed partner's: both must cover
  // their corpus and be cut into windows the same way.
  checkTables(partners, untransformed.scenarios);
  checkWindowing([...tables, ...partners]);
  const report = evaluateDrop(untransformed, corpus, tables, partners, opts.threshold);
  return { text: () => dropText(report), json: () => goJson(report), markdown: () => dropMarkdown(report) };
}

/** The report of one corpus, with your defense's outcomes (in corpus order) when it was scored. */
function report(name: CliCorpus, opts: CliOptions, store: () => CorpusStore, mine?: Judged & { halts?: Halts }): Rendered {
  if (name === EGRESS_REACH) {
    const attacks = store().attacks('identity');
    const reach = egressReach(attacks.pairs, attacks.policy.egressTools);
    const versions = versionsOf(attacks);
    return {
      text: () => egressReachText(reach, versions),
      json: () => goJson({ ...reach, versions }),
      markdown: () => egressReachMarkdown(reach, versions),
    };
  }
  const corpus = CORPORA[name].load(store());
  switch (corpus.kind) {
    case 'bundled':
    case 'ground-truth':
      return corpusReport(corpus, opts, undefined, mine && [mine]);
    case 'paired': {
      const c = classifiersFor(corpus, opts, store());
      return corpusReport(corpus, opts, c.tables.length > 0 ? c : undefined, mine && [mine]);
    }
    case 'attacks': {
      const transformed = corpus.transform !== 'identity';
      if (transformed && !(TRANSFORMS as readonly string[]).includes(corpus.transform))
        throw new InputError(`unknown transform ${corpus.transform}`);
      // A transformed corpus alone is the classifiers' score drop; with your defense it is also
      // scored like attacks, per attack, with the drop after it when there are tables.
      if (transformed && !mine) return dropReport(corpus, opts, store());
      const drop =
        transformed && tablesFor(corpus.name as CorpusName, opts, store()).length > 0 ? dropReport(corpus, opts, store()) : undefined;
      // Your defense was scored once on the whole corpus: each attack's list takes its scenarios' outcomes.
      const at = mine && new Map(corpus.scenarios.map((s, i) => [s, i]));
      const slice = (list: readonly Scenario[]): Judged => ({
        defense: mine!.defense,
        outcomes: Uint8Array.from(list, (s) => mine!.outcomes[at!.get(s)!]!),
        ...(mine!.asks ? { asks: Uint16Array.from(list, (s) => mine!.asks![at!.get(s)!]!) } : {}),
      });
      const perAttack = new Map(mine && at ? corpus.attacks.map((a) => [a, [slice(corpus.byAttack(a))]]) : []);
      const r = evaluateAttacks(corpus, classifiersFor(corpus, opts, store()), referenceDefenses(corpus, opts.defenses), perAttack);
      const { source: _source, ...json } = r;
      if (!drop) return { text: () => attacksText(r), json: () => goJson(json), markdown: () => attacksMarkdown(r) };
      return {
        text: () => `${attacksText(r)}\n${drop.text()}`,
        json: () => goJson({ ...json, score_drop: JSON.parse(drop.json()) as unknown }),
        markdown: () => `${attacksMarkdown(r)}\n${drop.markdown()}`,
      };
    }
    case 'trajectory': {
      const judged = mine?.halts ? [{ defense: mine.defense, outcomes: mine.outcomes, ...mine.halts }] : [];
      const c = classifiersFor(corpus, opts, store());
      const r = evaluateTrajectories(corpus, referenceDefenses(corpus, opts.defenses), {
        judged,
        classifiers: c.tables.length > 0 ? c : undefined,
      });
      return { text: () => trajectoryText(r), json: () => goJson(r), markdown: () => trajectoryMarkdown(r) };
    }
  }
}

/** Several corpora print one after the other (JSON: an array of the reports). */
function joined(parts: readonly Rendered[]): Rendered {
  if (parts.length === 1) return parts[0]!;
  return {
    text: () => parts.map((p) => p.text()).join('\n'),
    markdown: () => parts.map((p) => p.markdown()).join('\n'),
    json: () => goJson(parts.map((p) => JSON.parse(p.json()) as unknown)),
  };
}

/** The commit the working directory is at, when it is a git checkout ('' otherwise). */
function headCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** A corpus's report followed by its online evaluation (JSON: the report with an `online` field). */
function withOnline(base: Rendered, r: OnlineReport): Rendered {
  return {
    text: () => `${base.text()}\n${onlineText(r)}`,
    markdown: () => `${base.markdown()}\n${onlineMarkdown(r)}`,
    json: () => goJson({ ...(JSON.parse(base.json()) as object), online: r }),
  };
}

async function online(
  names: readonly CliCorpus[],
  parts: readonly Rendered[],
  opts: CliOptions,
  store: () => CorpusStore,
  settings: OnlineSettings,
  mine?: ReadonlyMap<string, UserOnline>,
): Promise<{ parts: Rendered[]; reports: Record<string, OnlineReport> }> {
  const out: Rendered[] = [];
  const reports: Record<string, OnlineReport> = {};
  for (const [i, n] of names.entries()) {
    const corpus = CORPORA[n as CorpusName].load(store());
    const r = (reports[n] = await onlineReport(corpus, settings, mine?.get(n)?.result));
    out.push(withOnline(parts[i]!, r));
  }
  return { parts: out, reports };
}

/** A merged run's online sections (the shards played the streams): the reports rebuilt from the results, as the companion does. */
async function recordedOnline(
  names: readonly CliCorpus[],
  parts: readonly Rendered[],
  corpora: readonly Corpus[],
  results: RunResults,
  defense: string,
): Promise<{ parts: Rendered[]; reports: Record<string, OnlineReport> }> {
  const reports = await onlineDetails(corpora, results, defense);
  return { parts: parts.map((p, i) => (reports[names[i]!] ? withOnline(p, reports[names[i]!]!) : p)), reports };
}

/** A corpus's report followed by its adaptive attack (JSON: the report with an `adaptive` field). */
function withAdaptive(base: Rendered, r: AdaptiveReport): Rendered {
  // The reference rows' per-target detail would repeat every payload: their tallies suffice in JSON.
  // The benign runs slipped in are drawn at random each run: their count is in static_check, the list is not kept.
  const json = { ...r, sentinels: undefined, results: r.results.map((x, i) => (i === 0 ? x : { ...x, targets: undefined })) };
  return {
    text: () => `${base.text()}\n${adaptiveText(r)}`,
    markdown: () => `${base.markdown()}\n${adaptiveMarkdown(r)}`,
    json: () => goJson({ ...(JSON.parse(base.json()) as object), adaptive: json }),
  };
}

/** The attack of each corpus (pairs): its targets and how it runs, a search or a replay of a results file's winners. */
function attackPlans(
  names: readonly CliCorpus[],
  opts: CliOptions,
  store: () => CorpusStore,
): { inputs: AdaptiveInputs; how: AttackHow }[] {
  const a = opts.adaptive!;
  const where = a.mode === 'replay' ? `--adaptive-replay ${a.file}` : '';
  const saved = a.mode === 'replay' ? readValidated(a.file, RunResultsSchema, where).value : undefined;
  // The LLM optimiser's settings are checked before any defense starts.
  const optimiser = a.mode === 'search' && a.optimiser === 'llm' ? llmOptimiserFromEnv(process.env) : undefined;
  return names.map((n) => {
    const all = adaptiveInputs(CORPORA[n as CorpusName].load(store()), store());
    if (a.mode === 'replay') {
      const section = saved!.corpora.find((c) => c.corpus === n)?.adaptive;
      if (!section) throw new InputError(`${where}: it holds no adaptive attack on ${n}`);
      return { inputs: all, how: { mode: 'replay', saved: section, where } };
    }
    const inputs = a.suites.length === 0 ? all : { ...all, targets: all.targets.filter((t) => a.suites.includes(t.suite)) };
    return { inputs, how: { mode: 'search', options: { iterations: a.iterations, seed: a.seed, ...(optimiser ? { optimiser } : {}) } } };
  });
}

/** The adaptive attack on each corpus (pairs), against your defense first when given (a fresh process per corpus). */
async function adaptive(
  names: readonly CliCorpus[],
  opts: CliOptions,
  store: () => CorpusStore,
  mine?: { spec: DefenseSpec; open: OpenOptions; scored(corpus: string): Uint8Array },
): Promise<Map<string, AdaptiveReport>> {
  const out = new Map<string, AdaptiveReport>();
  for (const { inputs, how } of attackPlans(names, opts, store)) {
    // Your defense's answers in the attack's process, against its scoring.
    const report = mine
      ? await withAttackedDefense(mine.spec, mine.open, inputs.corpus, async (d) =>
          withStaticCheck(await attack(inputs, how, d), inputs, mine.scored(inputs.corpus.name)),
        )
      : await attack(inputs, how);
    out.set(inputs.corpus.name, report);
  }
  return out;
}

export async function run(
  opts: CliOptions,
  store: () => CorpusStore,
  io: { stderr(s: string): void; now?: (() => number) | undefined },
): Promise<CliRun> {
  const ext = opts.external;
  const settings = opts.online && onlineSettings(opts.online);
  const seedNote = settings ? [`online: seed ${settings.seed} (rerun with --online-seed ${settings.seed} for the same streams)`] : [];
  if (!ext) {
    const parts = opts.corpora.map((c) => report(c, opts, store));
    const played = settings ? await online(opts.corpora, parts, opts, store, settings) : undefined;
    let all = played ? played.parts : parts;
    const attacks = opts.adaptive ? await adaptive(opts.corpora, opts, store) : undefined;
    if (attacks) all = all.map((p, i) => withAdaptive(p, attacks.get(opts.corpora[i]!)!));
    if (opts.junit) junitFile(opts.junit, opts, loadCorpora(opts.corpora as CorpusName[], store));
    if (opts.html)
      htmlFile(opts.html, opts, store, loadCorpora(opts.corpora as CorpusName[], store), { online: played?.reports, adaptive: attacks });
    return { rendered: joined(all), notes: seedNote, exitCode: 0 };
  }
  // Everything the user gave is read and checked before the defense runs.
  const base = ext.baseline === undefined ? undefined : readValidated(ext.baseline, RunResultsSchema, `--baseline ${ext.baseline}`).value;
  const vaccine = readVaccine(ext.vaccine, '--vaccine');
  if (settings && ext.spec?.kind === 'url')
    throw new InputError(
      '--online starts a fresh defense for every stream (a cold start), which --defense-url cannot give: use --defense-cmd or --defense-module',
    );
  const names = opts.corpora as CorpusName[];
  const corpora = loadCorpora(names, store);
  const misfit = base && ext.thresholds.significance !== undefined ? unpaired(base, corpora) : undefined;
  if (misfit) throw new InputError(`--baseline ${ext.baseline}: ${misfit}`);
  // The parts are read and checked against the corpora before anything else happens.
  const shards = ext.merge && readParts(ext.merge, (p) => `--merge ${p}`);
  const spec = ext.spec;
  const decisions = ext.decisionCache && openDecisionCache(ext.decisionCache.path, (m) => io.stderr(`warning: ${m}\n`));
  // How your defense is started, for scoring, each online stream and the attack.
  const open = { name: ext.name, timeoutMs: ext.timeoutMs, cwd: process.cwd(), echoStderr: (chunk: string) => io.stderr(chunk) };
  const scoreOptions = {
    ...open,
    keyName: ext.keyName,
    commit: headCommit(),
    progress: { interval: ext.progress, sink: (line: string) => io.stderr(`${line}\n`), ...(io.now ? { now: io.now } : {}) },
    repeat: ext.repeat,
    ...(decisions ? { decisions: { cache: decisions, key: ext.decisionCache!.key } } : {}),
  };
  if (spec && ext.shard) {
    const shard = ext.shard;
    const scored = await scoreShard(spec, corpora, scoreOptions, shard);
    // This shard's streams, whole: the plan deals every stream of every corpus in turn.
    let part = settings ? await playShardStreams(spec, corpora, settings, open, scored, shard, vaccine) : scored;
    // This shard's attack targets, each whole, in a fresh defense process (as a whole run's attack).
    for (const { inputs, how } of opts.adaptive ? attackPlans(names, opts, store) : []) {
      const a = await withAttackedDefense(spec, open, inputs.corpus, (d) => attackShard(inputs, how, d, shard));
      part = withAttackPart(part, inputs.corpus.name, a);
    }
    writeText(ext.outResults!, JSON.stringify(part, null, 2) + '\n', `--out-results ${ext.outResults}`);
    return {
      rendered: { text: () => '', markdown: () => '', json: () => '' },
      notes: [shardLine(part), ...(settings ? [`online streams: ${playedStreams(part)}`] : []), ...seedNote],
      exitCode: 0,
    };
  }
  const scored = shards ? mergeShards(corpora, { keyName: ext.keyName }, shards) : await scoreUserDefense(spec!, corpora, scoreOptions);
  const cacheNotes = decisions ? [await saveDecisionCache(ext.decisionCache!.path, decisions)] : [];
  const mine = settings && spec ? await playUserDefense(spec, corpora, settings, open, scored.name, vaccine) : undefined;
  const attacks =
    opts.adaptive && spec
      ? await adaptive(names, opts, store, { spec, open, scored: (n) => scored.runs.get(n)!.outcomes })
      : shards
        ? mergedAttack(corpora, shards, store, scored)
        : undefined;
  const results: RunResults = {
    ...scored.results,
    corpora: scored.results.corpora.map((c) => ({
      ...c,
      ...(mine ? { online: mine.get(c.corpus)!.section } : {}),
      ...(attacks?.get(c.corpus) ? { adaptive: adaptiveSection(attacks.get(c.corpus)!, attacks.get(c.corpus)!.results[0]!) } : {}),
    })),
  };
  if (ext.outResults) writeResults(ext.outResults, results);
  if (opts.junit) junitFile(opts.junit, opts, corpora, scored);
  const parts = names.map((n) => {
    const run = scored.runs.get(n)!;
    return report(n, opts, store, {
      defense: scored.name,
      outcomes: run.outcomes,
      asks: run.asks,
      halts: run.halts,
    });
  });
  const played = settings
    ? await online(names, parts, opts, store, settings, mine)
    : results.corpora.some((c) => c.online)
      ? await recordedOnline(names, parts, corpora, results, scored.name)
      : undefined;
  const withOnlineParts = played ? played.parts : parts;
  const rendered = joined(attacks ? withOnlineParts.map((p, i) => withAdaptive(p, attacks.get(names[i]!)!)) : withOnlineParts);
  if (opts.html)
    htmlFile(opts.html, opts, store, corpora, { mine: { name: scored.name, results }, online: played?.reports, adaptive: attacks });
  const notes = [`scored ${scored.name} on ${names.join(', ')}: ${scored.stats}`, ...flipLines(results), ...cacheNotes, ...seedNote];
  const t = ext.thresholds;
  const gated =
    base !== undefined ||
    t.minAttributable !== undefined ||
    t.minUtility !== undefined ||
    t.maxConfirmations !== undefined ||
    t.maxSwAsr !== undefined ||
    t.minOnlineSuHm !== undefined ||
    t.maxAdaptiveAsr !== undefined;
  if (!gated) return { rendered, notes, exitCode: 0 };
  const refused = base && incomparable(results.key, base.key);
  if (refused) return { rendered, notes: [...notes, `FAIL the baseline ${ext.baseline} cannot be compared: ${refused}`], exitCode: 1 };
  const verdict = computeVerdict(results, base, ext.thresholds);
  const checks = verdict.checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.message}`);
  return { rendered, notes: [...notes, ...checks, verdict.pass ? 'verdict: pass' : 'verdict: fail'], exitCode: verdict.pass ? 0 : 1 };
}

/** The attack a merge's parts made (one map entry), or undefined when they made none. */
function mergedAttack(
  corpora: readonly Corpus[],
  parts: readonly { file: string; value: PartialResults }[],
  store: () => CorpusStore,
  scored: Scored,
): Map<string, AdaptiveReport> | undefined {
  const m = mergeAttack(
    corpora,
    parts,
    (c) => adaptiveInputs(c, store()),
    (c) => scored.runs.get(c)!.outcomes,
  );
  return m && new Map([[m.corpus, m.report]]);
}

/** --junit: the chosen reference defenses on every corpus, and your defense when it was scored. */
function junitFile(path: string, opts: CliOptions, corpora: readonly Corpus[], mine?: Pick<Scored, 'name' | 'runs'>): void {
  writeText(
    path,
    junitXml(corpora, (c) => referenceDefenses(c, opts.defenses), mine),
    `--junit ${path}`,
  );
}

/** --html: the same defenses and classifier tables as the report, with the online and adaptive reports of the run. */
function htmlFile(
  path: string,
  opts: CliOptions,
  store: () => CorpusStore,
  corpora: readonly Corpus[],
  run: {
    mine?: { name: string; results: RunResults };
    online?: Record<string, OnlineReport>;
    adaptive?: ReadonlyMap<string, AdaptiveReport>;
  },
): void {
  const html = htmlReport({
    corpora,
    references: (c) => referenceDefenses(c, opts.defenses),
    classifiers: (c) => {
      const t = classifiersFor(c, opts, store());
      return t.tables.length > 0 ? t : undefined;
    },
    mine: run.mine,
    online: run.online,
    adaptive: run.adaptive && Object.fromEntries(run.adaptive),
  });
  writeText(path, html, `--html ${path}`);
}

/** --decision-cache: checked before the defense runs, read once (docs/cache.md). */
function openDecisionCache(path: string, warn: (m: string) => void): DecisionCache {
  const where = `--decision-cache ${path}`;
  checkDecisionCachePath(path, where);
  return new DecisionCache(readDecisionCache(path, where, warn));
}

async function saveDecisionCache(path: string, cache: DecisionCache): Promise<string> {
  const { written, dropped } = writeDecisionCache(path, await cache.entries(), `--decision-cache ${path}`);
  return `decision cache ${path}: ${written} decisions written${dropped > 0 ? `, ${dropped} left out (size bound)` : ''}`;
}

function writeResults(path: string, results: RunResults): void {
  writeText(path, JSON.stringify(results, null, 2) + '\n', `--out-results ${path}`);
}
