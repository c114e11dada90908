// The text comparison table, byte-compatible with the original's printTable
// (docs/scoring.md#printing-figures). A rate over an empty group prints "n/a" (no published table
// has one).
import type { Result } from '../model/result.js';
import { attributableRate, blockRate, confirmationsPerTask, utilityRate, utilityWithConfirmationsRate } from '../scoring/rates.js';
import { fixed, fixed0, padRight } from '../format/gofmt.js';
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
  // Not in the original's table: what a defense that asked (protocol v2) keeps with a confirming user.
  for (const r of results) {
    if (r.benign_confirmed === undefined) continue;
    out += `  ${r.defense}: kept with confirmations ${r.benign_kept + r.benign_confirmed}/${r.benign_total} (${pct3(utilityWithConfirmationsRate(r))}), ${r.confirmations ?? 0} confirmations (${fixed(confirmationsPerTask(r) ?? 0, 2)} per benign task)\n`;
  }
  return out;
}
