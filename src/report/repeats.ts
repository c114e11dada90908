// The repetitions of a corpus (results `repeats`, docs/scoring.md#repetitions-and-paired-significance):
// how many scored scenarios flipped between good and not good. Recomputed from the outcomes the
// results hold, so a report never shows a count it was handed.
import type { CorpusResult, RunResults } from '../gate/results.js';
import { axisOf, flippedCount } from '../scoring/repeat.js';

/** "3 of 706 scored scenarios flipped across 5 repetitions", or undefined for a corpus scored once. */
export function flipText(c: Pick<CorpusResult, 'repeats'>): string | undefined {
  const r = c.repeats;
  if (!r) return undefined;
  const scoredScenarios = [...(r.outcomes[0] ?? '')].filter((o) => axisOf(Number(o)) !== undefined).length;
  return `${flippedCount(r.outcomes)} of ${scoredScenarios} scored scenarios flipped across ${r.n} repetitions`;
}

/** One line per corpus scored more than once: "pairs: 3 of 706 scored scenarios flipped across 5 repetitions". */
export function flipLines(results: RunResults): string[] {
  return results.corpora.flatMap((c) => {
    const t = flipText(c);
    return t === undefined ? [] : [`${c.corpus}: ${t}`];
  });
}
