// Load the chosen corpora, score the user's defense on each (one defense process for all of
// them), and the baselines beside it: reference defenses everywhere, classifier tables where
// pinned tables cover the corpus.
import type { Corpus } from '../corpora/corpus.js';
import { bundledCorpus, CorpusStore } from '../corpora/registry.js';
import { checkTables, pinnedTables } from '../corpora/score-tables.js';
import type { Defense } from '../defenses/defense.js';
import { classifierDefenses, referenceDefenses } from '../evaluate.js';
import { openDefense, scoreDefense, type DefenseSpec } from '../adapters/index.js';
import { corpusExtras } from '../gate/extras.js';
import type { CorpusExtras } from '../gate/render.js';
import { corpusResult, keyOf, RESULTS_SCHEMA_VERSION, type RunResults } from '../gate/results.js';
import { TOOL_VERSION } from '../version.js';
import type { CorpusChoice } from './config.js';

export const CLASSIFIER_THRESHOLD = 0.5;

export function loadCorpora(choices: readonly CorpusChoice[], store: () => CorpusStore): Corpus[] {
  return choices.map((c): Corpus => {
    switch (c) {
      case 'bundled':
        return bundledCorpus;
      case 'agentdojo':
        return store().groundTruth();
      case 'pairs':
        return store().pairs();
      case 'attacks': {
        // Every attack's pairs, then the paired corpus's benign tasks once.
        const a = store().attacks();
        return { name: 'attacks', source: a.source, version: a.version, policy: a.policy, scenarios: [...a.pairs, ...store().pairs().benign] };
      }
    }
  });
}

/** Reference defenses, plus the pinned classifiers on the paired corpus (refused, with a warning, if they do not cover it). */
export function baselineDefenses(corpus: Corpus, store: () => CorpusStore, warn: (m: string) => void): Defense[] {
  const refs = referenceDefenses(corpus);
  if (corpus.name !== 'pairs') return refs;
  try {
    const tables = pinnedTables(store().root, 'pairs');
    checkTables(tables, corpus.scenarios);
    return [...refs, ...classifierDefenses({ tables, threshold: CLASSIFIER_THRESHOLD }).flatMap((c) => c.defenses)];
  } catch (e) {
    warn(`classifier baselines left out: ${(e as Error).message}`);
    return refs;
  }
}

export interface ScoreOptions {
  readonly name: string | undefined;
  readonly timeoutMs: number;
  readonly cwd: string;
  readonly commit: string;
  readonly echoStderr?: (chunk: string) => void;
}

export interface Scored {
  readonly results: RunResults;
  /** Per corpus: the outcomes and first denials, for the report's details. */
  readonly runs: ReadonlyMap<string, { outcomes: Uint8Array; denials: ReadonlyMap<string, { scenario: string; step: number; tool: string; reason: string }> }>;
  readonly stats: string;
}

export async function scoreUserDefense(spec: DefenseSpec, corpora: readonly Corpus[], o: ScoreOptions): Promise<Scored> {
  const defense = await openDefense(spec, { name: o.name, timeoutMs: o.timeoutMs, cwd: o.cwd, echoStderr: o.echoStderr });
  try {
    const runs = new Map<string, Awaited<ReturnType<typeof scoreDefense>>>();
    for (const c of corpora) runs.set(c.name, await scoreDefense(defense, c.scenarios));
    const entries = corpora.map((c) => corpusResult(c, defense.name, runs.get(c.name)!.outcomes));
    const results: RunResults = { schemaVersion: RESULTS_SCHEMA_VERSION, key: keyOf(defense.name, TOOL_VERSION, entries), commit: o.commit, corpora: entries };
    const stats = 'stats' in defense ? `${defense.stats.requests} requests, ${defense.stats.deduplicated} answered from the dedup cache` : 'in process';
    return { results, runs, stats };
  } finally {
    await defense.close();
  }
}

export function reportExtras(corpora: readonly Corpus[], scored: Scored, store: () => CorpusStore, warn: (m: string) => void): Record<string, CorpusExtras> {
  return Object.fromEntries(
    corpora.map((c) => {
      const run = scored.runs.get(c.name)!;
      return [c.name, corpusExtras(c, baselineDefenses(c, store, warn), run.outcomes, run.denials)];
    }),
  );
}
