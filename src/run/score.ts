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
import { newRunSecrets, openDefense, scoreDefense, type DefenseSpec, type RunSecrets } from '../adapters/index.js';
import type { Driven } from '../scoring/drive.js';
import { Progress } from '../scoring/progress.js';
import { haltsOf } from '../scoring/trajectory.js';
import { aggregateRepeats, type Repeated } from '../scoring/repeat.js';

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
}

export interface Scored {
  /** The name reports show: the name input, else the defense's own. */
  readonly name: string;
  readonly results: RunResults;
  /** Per corpus: the outcomes and first denials, for the report's details. */
  readonly runs: ReadonlyMap<string, Pick<Driven, 'outcomes' | 'denials' | 'asks' | 'decisionOf'>>;
  /** e.g. "2215 requests for 3479 decisions". */
  readonly stats: string;
}

export async function scoreUserDefense(spec: DefenseSpec, corpora: readonly Corpus[], o: ScoreOptions): Promise<Scored> {
  const defense = await openDefense(spec, { name: o.name, timeoutMs: o.timeoutMs, cwd: o.cwd, env: o.env, echoStderr: o.echoStderr });
  try {
    const secretsOf = o.secrets ?? (() => newRunSecrets());
    const runs = new Map<string, Driven>();
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
    for (const c of corpora) runs.set(c.name, await scoreDefense(defense, c, secretsOf(c.name), progressOf(c)));
    // Further repetitions with fresh secrets, in the same process; each corpus's are aggregated.
    const reps = new Map(corpora.map((c) => [c.name, [runs.get(c.name)!]]));
    for (let k = 1; k < repeat; k++)
      for (const c of corpora) reps.get(c.name)!.push(await scoreDefense(defense, c, secretsOf(c.name), progressOf(c, k)));
    const aggregated = new Map<string, Repeated>(
      repeat > 1 ? corpora.map((c) => [c.name, aggregateRepeats(c.scenarios, reps.get(c.name)!)]) : [],
    );
    const entries = corpora.map((c) => {
      const run = aggregated.get(c.name) ?? runs.get(c.name)!;
      const halts = c.kind === 'trajectory' ? haltsOf(c.scenarios, run.decisionOf) : undefined;
      const entry = corpusResult(c, defense.name, run.outcomes, brokenBenign(c, run.outcomes, run.denials), run.asks, halts);
      if (repeat === 1) return entry;
      return { ...entry, repeats: { n: repeat, outcomes: reps.get(c.name)!.map((r) => Array.from(r.outcomes).join('')) } };
    });
    const results: RunResults = {
      schemaVersion: RESULTS_SCHEMA_VERSION,
      key: keyOf(o.keyName, TOOL_VERSION, entries),
      commit: o.commit,
      corpora: entries,
    };
    const all = [...reps.values()].flat();
    const asked = all.reduce((n, r) => n + r.asked, 0);
    const needed = all.reduce((n, r) => n + r.needed, 0);
    const times = repeat > 1 ? ` (${repeat} repetitions)` : '';
    const shown = new Map(corpora.map((c) => [c.name, aggregated.get(c.name) ?? runs.get(c.name)!]));
    return { name: defense.name, results, runs: shown, stats: `${asked} requests for ${needed} decisions${times}` };
  } finally {
    await defense.close();
  }
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
