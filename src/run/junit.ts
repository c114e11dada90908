// The JUnit XML both shells write on request (docs/junit.md): every defense scored on the chosen
// corpora, your defense first (its outcomes and first denials from the driver), then the reference
// defenses, judged here with their first denials.
import type { Corpus } from '../corpora/corpus.js';
import type { Defense } from '../defenses/defense.js';
import { renderJunit, type JunitRun } from '../report/junit.js';
import { judgeWithDenials } from '../scoring/judge.js';
import type { Scored } from './score.js';

export function junitXml(
  corpora: readonly Corpus[],
  references: (c: Corpus) => readonly Defense[],
  mine?: Pick<Scored, 'name' | 'runs'>,
): string {
  const runs = corpora.flatMap((c): JunitRun[] => {
    const own = mine?.runs.get(c.name);
    if (mine && !own) throw new Error(`junit: ${mine.name} was not scored on ${c.name}`);
    const base = { corpus: c.name, scenarios: c.scenarios };
    return [
      ...(own ? [{ ...base, defense: mine!.name, outcomes: own.outcomes, asks: own.asks, denials: own.denials }] : []),
      ...references(c).map((d) => ({ ...base, defense: d.name, ...judgeWithDenials(d, c.scenarios) })),
    ];
  });
  return renderJunit(runs);
}
