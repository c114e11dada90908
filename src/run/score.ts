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
import { corpusResult, keyOf, RESULTS_SCHEMA_VERSION, type RunResults } from '../gate/results.js';
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
import type { Driven } from '../scoring/drive.js';
import { Progress } from '../scoring/progress.js';
import { haltsOf } from '../scoring/trajectory.js';

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
   * A decision cache (docs/cache.md) and the cache-key its digests are made under: used only when the
   * defense declares itself stateless (a stateful defense's decisions depend on its session).
   */
  readonly decisions?: UseDecisionCache | undefined;
}

export interface Scored {
  /** The name reports show: the name input, else the defense's own. */
  readonly name: string;
  readonly results: RunResults;
  /** Per corpus: the outcomes and first denials, for the report's details. */
  readonly runs: ReadonlyMap<string, Pick<Driven, 'outcomes' | 'denials' | 'asks' | 'decisionOf'>>;
  /** e.g. "2215 requests for 3479 decisions", and with a decision cache ", 1204 of 3415 distinct decisions from the decision cache". */
  readonly stats: string;
}

export async function scoreUserDefense(spec: DefenseSpec, corpora: readonly Corpus[], o: ScoreOptions): Promise<Scored> {
  const defense = await openDefense(spec, { name: o.name, timeoutMs: o.timeoutMs, cwd: o.cwd, env: o.env, echoStderr: o.echoStderr });
  try {
    const secretsOf = o.secrets ?? (() => newRunSecrets());
    const runs = new Map<string, ScoredDrive>();
    const decisions = defense.stateless ? o.decisions : undefined;
    const p = o.progress;
    const progressOf = (c: Corpus) =>
      p && p.interval > 0
        ? new Progress({ label: `${c.name}, ${defense.name}`, interval: p.interval, now: p.now ?? (() => performance.now()), sink: p.sink })
        : undefined;
    for (const c of corpora) runs.set(c.name, await scoreDefense(defense, c, secretsOf(c.name), progressOf(c), decisions));
    const entries = corpora.map((c) => {
      const run = runs.get(c.name)!;
      const halts = c.kind === 'trajectory' ? haltsOf(c.scenarios, run.decisionOf) : undefined;
      return corpusResult(c, defense.name, run.outcomes, brokenBenign(c, run.outcomes, run.denials), run.asks, halts);
    });
    const results: RunResults = {
      schemaVersion: RESULTS_SCHEMA_VERSION,
      key: keyOf(o.keyName, TOOL_VERSION, entries),
      commit: o.commit,
      corpora: entries,
    };
    const asked = [...runs.values()].reduce((n, r) => n + r.asked, 0);
    const needed = [...runs.values()].reduce((n, r) => n + r.needed, 0);
    return { name: defense.name, results, runs, stats: `${asked} requests for ${needed} decisions${cacheNote(o, decisions, runs)}` };
  } finally {
    await defense.close();
  }
}

/** How many decisions the cache gave, or why it was not used (a stateful defense: not an error). */
function cacheNote(o: ScoreOptions, used: UseDecisionCache | undefined, runs: ReadonlyMap<string, ScoredDrive>): string {
  if (!o.decisions) return '';
  if (!used) return '; decision cache off: the defense is stateful';
  const hits = [...runs.values()].reduce((n, r) => n + (r.fromCache?.hits ?? 0), 0);
  const distinct = [...runs.values()].reduce((n, r) => n + (r.fromCache?.distinct ?? 0), 0);
  return `, ${hits} of ${distinct} distinct decisions from the decision cache`;
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
