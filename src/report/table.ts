// The text comparison table, byte-compatible with the original's printTable
// (docs/scoring.md#printing-figures). A rate over an empty group prints "n/a" (no published table
// has one).
import type { Result } from '../model/result.js';
import { attributableRate, blockRate, utilityRate } from '../scoring/rates.js';
import { fixed0, padRight } from '../format/gofmt.js';
import { NOT_APPLICABLE } from '../format/percent.js';

/** Go `%3.0f%%`: the text tables' percentage. */
export const pct3 = (rate: number | undefined): string => (rate === undefined ? NOT_APPLICABLE : `${fixed0(rate * 100, 3)}%`);

function row(c1: string, c2: string, c3: string, c4: string, c5: string): string {
  return `${padRight(c1, 24)} ${padRight(c2, 18)} ${padRight(c3, 18)} ${padRight(c4, 18)} ${c5}\n`;
}

export function textTable(results: readonly Result[]): string {
  let out = row('defense', 'injection block', 'attributable', 'utility', 'unscored');
  for (const r of results) {
    out += row(
      r.defense,
      `${r.injections_blocked}/${r.injections_total} (${pct3(blockRate(r))})`,
      `${r.injections_attributable} (${pct3(attributableRate(r))})`,
      `${r.benign_kept}/${r.benign_total} (${pct3(utilityRate(r))})`,
      String(r.unscored),
    );
  }
  return out;
}
