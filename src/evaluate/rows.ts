// The rows a gate report shows beside the defense under test on one corpus: the reference
// defenses and the classifier defenses, overall, per suite and per breakdown group, the benign
// tasks the defense broke with its first denial, and for recorded runs the logged pipelines' own
// results (context: shown apart, never compared).
import type { Corpus } from '../corpora/corpus.js';
import type { Denial } from '../model/call.js';
import type { Result } from '../model/result.js';
import type { Defense } from '../defenses/defense.js';
import { bySuite, compare, compareBy, judgeAll, type Judged } from '../scoring/compare.js';
import { breakdowns, type Breakdown } from '../scoring/buckets.js';
import { Outcome } from '../scoring/judge.js';
import { contextOf, type TrajectoryContext } from './trajectory.js';

/** The rows of one table: reference defenses, then classifier defenses, each ranked. */
export interface Rows {
  readonly references: readonly Result[];
  readonly classifiers: readonly Result[];
}

export interface CorpusRows {
  readonly overall: Rows;
  readonly bySuite: Readonly<Record<string, Rows>>;
  /** Per under-specification bucket and attack class, where the corpus has them. */
  readonly byGroup: Readonly<Partial<Record<Breakdown, Readonly<Record<string, Rows>>>>>;
  /** Recorded runs: the logged pipelines' own end-to-end results (docs/agentdyn.md#scoring), never in a comparison. */
  readonly context?: TrajectoryContext;
}

function rowsOf(
  refs: readonly Judged[],
  cls: readonly Judged[],
  group: (j: readonly Judged[]) => Map<string, Result[]>,
): Record<string, Rows> {
  const r = group(refs),
    c = group(cls);
  const keys = [...new Set([...r.keys(), ...c.keys()])].sort();
  return Object.fromEntries(keys.map((k) => [k, { references: r.get(k) ?? [], classifiers: c.get(k) ?? [] }]));
}

export function evaluateRows(corpus: Corpus, references: readonly Defense[], classifiers: readonly Defense[]): CorpusRows {
  const { scenarios } = corpus;
  const refs = judgeAll(references, scenarios);
  const cls = judgeAll(classifiers, scenarios);
  const byGroup = Object.fromEntries(
    Object.entries(breakdowns(corpus)).map(([group, key]) => [group, rowsOf(refs, cls, (j) => compareBy(j, scenarios, key))]),
  );
  return {
    overall: { references: compare(refs), classifiers: compare(cls) },
    bySuite: rowsOf(refs, cls, (j) => bySuite(j, scenarios)),
    byGroup,
    ...(corpus.kind === 'trajectory' ? { context: contextOf(corpus) } : {}),
  };
}

/** The first denial of every benign task the defense broke, in corpus order. */
export function brokenBenign(corpus: Corpus, outcomes: Uint8Array, denials: ReadonlyMap<string, Denial>): Denial[] {
  const out: Denial[] = [];
  corpus.scenarios.forEach((s, i) => {
    if (outcomes[i] !== Outcome.BenignBroken) return;
    out.push(denials.get(s.id) ?? { scenario: s.id, step: -1, tool: '?', reason: '(reason not recorded)' });
  });
  return out;
}
