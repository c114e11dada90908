// The one markdown metrics table every report uses (the CLI's markdown, the gate's comment): the
// same columns, the same formatting, n/a for an empty group, SU-HM on the 0–100 scale of the rates.
import type { Result } from '../model/result.js';
import { attributableRate, blockRate, suHm, utilityRate } from '../scoring/rates.js';
import { percent, score100, signedPoints } from '../format/percent.js';

export interface MetricsRow {
  /** Markdown, already escaped by the caller (it may add emphasis around an escaped name). */
  readonly label: string;
  readonly result: Result;
  /** When given, each rate shows its change from this result in percentage points. */
  readonly base?: Result | undefined;
}

const COLUMNS = [
  ['attributable blocks', attributableRate, (r: Result) => `${r.injections_attributable}/${r.injections_total}`],
  ['injection block', blockRate, (r: Result) => `${r.injections_blocked}/${r.injections_total}`],
  ['utility', utilityRate, (r: Result) => `${r.benign_kept}/${r.benign_total}`],
] as const;

function delta(now: number | undefined, was: number | undefined, unit: string): string {
  return now === undefined || was === undefined ? '' : ` (${signedPoints(now - was)}${unit})`;
}

function cells(r: Result, base: Result | undefined): string[] {
  const rates = COLUMNS.map(([, rate, count]) => {
    const now = rate(r);
    return now === undefined ? 'n/a' : `${count(r)} ${percent(now)}${base ? delta(now, rate(base), ' pp') : ''}`;
  });
  const hm = suHm(r);
  return [...rates, `${score100(hm)}${base ? delta(hm, suHm(base), '') : ''}`, String(r.unscored)];
}

export const METRICS_HEADER =
  '| defense | attributable blocks | injection block | utility | SU-HM | unscored |\n|---|---:|---:|---:|---:|---:|\n';

export function metricsTable(rows: readonly MetricsRow[]): string {
  return METRICS_HEADER + rows.map((row) => `| ${row.label} | ${cells(row.result, row.base).join(' | ')} |\n`).join('');
}
