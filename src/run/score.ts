// What both shells run for a user's defense: load the chosen corpora, score the defense on each
// (one defense process for all of them), and the rows beside it: the reference defenses
// everywhere, the classifier defenses where the registry's pinned tables cover the corpus.
import type { Corpus } from '../corpora/corpus.js';
import { InputError } from '../model/errors.js';
import { TOOL_VERSION } from '../model/version.js';
import { CORPORA, type CorpusName } from '../data/registry.js';
import type { CorpusStore } from '../data/store.js';
import { checkTables, pinnedTables } from '../data/score-tables.js';
import { DEFAULT_THRESHOLD } from '../defenses/classifier.js';
import type { Defense } from '../defenses/defense.js';
import { classifierDefenses } from '../evaluate/classifiers.js';
import { referenceDefenses } from '../evaluate/corpus.js';
import { brokenBenign, evaluateRows } from '../evaluate/rows.js';
import { corpusResult, keyOf, RESULTS_SCHEMA_VERSION, type ComparabilityKey, type RunResults } from '../gate/results.js';
import { withOnlineSections } from './online.js';
import type { CorpusDetails } from '../report/comment.js';
import {
  newRunSecrets,
  openDefense,
  scoreDefense,
  type DefenseSpec,
  type RunSecrets,
  type ScoredDrive,
  type UseDecisionCache,
} from '../adapters/index.js';
import { shardIndices, type Shard } from '../scoring/shard.js';
import { mergePartials, partialCorpus, PARTIAL_SCHEMA_VERSION, type PartialResults, type ShardRun } from '../gate/shard.js';
import { Progress } from '../scoring/progress.js';
import { haltsOf } from '../scoring/trajectory.js';
import { aggregateRepeats } from '../scoring/repeat.js';

export function loadCorpora(names: readonly CorpusName[], store: () => CorpusStore): Corpus[] {
  return names.map((n) => CORPORA[n].load(store()));
}

/**
 * The classifier defenses on a corpus, from the pinned tables its registry entry names. Tables that
 * are missing or do not cover the corpus leave the rows out with a warning; any other error is a bug
 * and fails the run.
 */
export function classifierRows(corpus: Corpus, store: () => CorpusStore, warn: (m: string) => void): Defense[] {
  const t = CORPORA[corpus.name as CorpusName]?.tables;
  if (!t) return [];
  try {
    const tables = pinnedTables(store().root, t.dir, t.filter);
    checkTables(tables, corpus.scenarios);
    return classifierDefenses({ tables, threshold: DEFAULT_THRESHOLD }).flatMap((c) => c.defenses);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    warn(`classifier rows left out on ${corpus.name}: ${e.message}`);
    return [];
  }
}

export interface ScoreOptions {
  /** The name shown in reports; the defense's own (its hello) when undefined. */
  readonly name: string | undefined;
  /**
   * The name results are compared under: the workflow's `name` input, else its comment key (the
   * CLI's --name, else "default"). Never the name a defense reports about itself, which PR code
   * controls (renaming it would switch the comparison off).
   */
  readonly keyName: string;
  readonly timeoutMs: number;
  readonly cwd: string;
  readonly commit: string;
  /** The environment a command defense runs with (the action passes an allow-listed one). */
  readonly env?: NodeJS.ProcessEnv | undefined;
  readonly echoStderr?: (chunk: string) => void;
  /**
   * The secrets of each corpus, by its name: fixed only by tests. A real run draws new ones for
   * every corpus, so the same scenario (the benign tasks recur in pairs, agentdojo and attacks)
   * gets unrelated session ids in each, and a defense cannot tell a recurring run from a new one.
   */
  readonly secrets?: ((corpus: string) => RunSecrets) | undefined;
  /**
   * Progress lines while each corpus is scored ("progress: pairs, my-defense: …", scoring/progress.ts),
   * at most one every `interval` seconds (0: none); the clock is performance.now unless a test gives one.
   */
  readonly progress?: { readonly interval: number; readonly sink: (line: string) => void; readonly now?: () => number } | undefined;
  /**
   * Runs of each corpus (1 to 100; default 1), for a defense that does not decide the same way twice:
   * the results record their aggregate and every run's outcomes (docs/scoring.md#repetitions-and-paired-significance).
   */
  readonly repeat?: number | undefined;
  /**
   * A decision cache (docs/cache.md) and the cache-key its digests are made under: used only when the
   * defense declares itself stateless (a stateful defense's decisions depend on its session).
   */
  readonly decisions?: UseDecisionCache | undefined;
}

export interface Scored {
  /** The name reports show: the name input, else the defense's own. */
  readonly name: string;
  readonly results: RunResults;
  /** Per corpus: the outcomes, first denials and confirmations, and where recorded runs halted, for the report's details. */
  readonly runs: ReadonlyMap<string, ShardRun>;
  /** e.g. "2215 requests for 3479 decisions", and with a decision cache ", 1204 of 3415 distinct decisions from the decision cache". */
  readonly stats: string;
}

/** The comparability key of a run under `keyName` on these corpora (what the base must match, what every shard's part carries). */
export function runKey(keyName: string, corpora: readonly Corpus[]): ComparabilityKey {
  return keyOf(
    keyName,
    TOOL_VERSION,
    corpora.map((c) => ({ corpus: c.name, version: c.version })),
  );
}

export async function scoreUserDefense(spec: DefenseSpec, corpora: readonly Corpus[], o: ScoreOptions): Promise<Scored> {
  return scoredOf(corpora, o.keyName, o.commit, await driveUserDefense(spec, corpora, o, undefined));
}

/**
 * Score one shard's part of every corpus (docs/shards.md): the same drive as a whole run, over the
 * scenarios the plan gives this shard, written down per scenario for the merge.
 */
export async function scoreShard(spec: DefenseSpec, corpora: readonly Corpus[], o: ScoreOptions, shard: Shard): Promise<PartialResults> {
  const d = await driveUserDefense(spec, corpora, o, shard);
  return {
    schemaVersion: PARTIAL_SCHEMA_VERSION,
    shard: { index: shard.index, count: shard.count },
    key: runKey(o.keyName, corpora),
    commit: o.commit,
    defense: d.defense,
    requests: { asked: d.asked, needed: d.needed },
    corpora: corpora.map((c) => partialCorpus(c, d.indices.get(c.name)!, d.runs.get(c.name)!)),
  };
}

/** The parts of a sharded run put back together: the results an unsharded run of the same defense gives. */
export function mergeShards(
  corpora: readonly Corpus[],
  o: Pick<ScoreOptions, 'keyName'>,
  parts: readonly { file: string; value: PartialResults }[],
): Scored {
  const m = mergePartials(corpora, runKey(o.keyName, corpora), parts);
  const scored = scoredOf(corpora, o.keyName, m.commit, m);
  return m.online.size === 0 ? scored : { ...scored, results: withOnlineSections(scored.results, (c) => m.online.get(c)) };
}

/** Your defense driven over each corpus, or over one shard's scenarios of each (one defense process for all of them). */
async function driveUserDefense(spec: DefenseSpec, corpora: readonly Corpus[], o: ScoreOptions, shard: Shard | undefined) {
  const defense = await openDefense(spec, { name: o.name, timeoutMs: o.timeoutMs, cwd: o.cwd, env: o.env, echoStderr: o.echoStderr });
  try {
    const secretsOf = o.secrets ?? (() => newRunSecrets());
    const runs = new Map<string, ShardRun>();
    const indices = new Map<string, number[]>();
    let asked = 0;
    let needed = 0;
    const decisions = defense.stateless ? o.decisions : undefined;
    const fromCache = { hits: 0, distinct: 0 };
    const p = o.progress;
    const repeat = o.repeat ?? 1;
    const progressOf = (c: Corpus, k = 0) =>
      p && p.interval > 0
        ? new Progress({
            label: `${c.name}${repeat > 1 ? ` (repetition ${k + 1} of ${repeat})` : ''}, ${defense.name}`,
            interval: p.interval,
            now: p.now ?? (() => performance.now()),
            sink: p.sink,
          })
        : undefined;
    const repeats = new Map<string, string[]>();
    for (const c of corpora) {
      const mine = shard ? shardIndices(c.scenarios, shard) : c.scenarios.map((_, i) => i);
      const part = shard ? { ...c, scenarios: mine.map((i) => c.scenarios[i]!) } : c;
      // Further repetitions with fresh secrets, in the same process, aggregated scenario by scenario.
      const reps: ScoredDrive[] = [];
      for (let k = 0; k < repeat; k++) reps.push(await scoreDefense(defense, part, secretsOf(c.name), progressOf(c, k), decisions));
      for (const r of reps) {
        asked += r.asked;
        needed += r.needed;
        fromCache.hits += r.fromCache?.hits ?? 0;
        fromCache.distinct += r.fromCache?.distinct ?? 0;
      }
      const run = repeat > 1 ? aggregateRepeats(part.scenarios, reps) : reps[0]!;
      if (repeat > 1)
        repeats.set(
          c.name,
          reps.map((r) => Array.from(r.outcomes).join('')),
        );
      indices.set(c.name, mine);
      const halts = c.kind === 'trajectory' ? haltsOf(part.scenarios, run.decisionOf) : undefined;
      runs.set(c.name, { outcomes: run.outcomes, asks: run.asks, denials: run.denials, halts });
    }
    const cache = !o.decisions
      ? ''
      : !decisions
        ? '; decision cache off: the defense is stateful'
        : `, ${fromCache.hits} of ${fromCache.distinct} distinct decisions from the decision cache`;
    return { defense: defense.name, runs, indices, asked, needed, repeats, cache };
  } finally {
    await defense.close();
  }
}

/** The results file and the report's inputs from what the defense did on every scenario of every corpus. */
function scoredOf(
  corpora: readonly Corpus[],
  keyName: string,
  commit: string,
  d: {
    defense: string;
    runs: ReadonlyMap<string, ShardRun>;
    asked: number;
    needed: number;
    repeats?: ReadonlyMap<string, string[]>;
    cache?: string;
  },
): Scored {
  const entries = corpora.map((c) => {
    const run = d.runs.get(c.name)!;
    const entry = corpusResult(c, d.defense, run.outcomes, brokenBenign(c, run.outcomes, run.denials), run.asks, run.halts);
    const repeats = d.repeats?.get(c.name);
    return repeats ? { ...entry, repeats: { n: repeats.length, outcomes: repeats } } : entry;
  });
  const results: RunResults = {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    key: keyOf(keyName, TOOL_VERSION, entries),
    commit,
    corpora: entries,
  };
  const times = d.repeats && d.repeats.size > 0 ? ` (${[...d.repeats.values()][0]!.length} repetitions)` : '';
  return { name: d.defense, results, runs: d.runs, stats: `${d.asked} requests for ${d.needed} decisions${times}${d.cache ?? ''}` };
}

/**
 * What the report shows beside each corpus's head results: the reference and classifier rows
 * (recomputed from the pinned corpora), the scenario ids and the broken tasks the results record.
 * The companion renders from a results file the same way, so a corpus must be the version scored.
 */
export function reportDetails(
  corpora: readonly Corpus[],
  results: RunResults,
  store: () => CorpusStore,
  warn: (m: string) => void,
): Record<string, CorpusDetails> {
  return Object.fromEntries(
    corpora.map((c) => {
      const entry = results.corpora.find((e) => e.corpus === c.name);
      const rows = evaluateRows(c, referenceDefenses(c), classifierRows(c, store, warn));
      return [c.name, { rows, scenarioIds: c.scenarios.map((s) => s.id), brokenBenign: entry?.broken ?? [] }];
    }),
  );
}
