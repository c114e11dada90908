// The one markdown metrics table every report uses (the CLI's markdown, the gate's comment): the
// same columns, the same formatting, n/a for an empty group, SU-HM on the 0–100 scale of the rates.
import type { Result } from '../model/result.js';
import { attributableRate, blockRate, confirmationsPerTask, suHm, utilityRate, utilityWithConfirmationsRate } from '../scoring/rates.js';
import { fixed } from '../format/gofmt.js';
import { percent, score100, signedPoints } from '../format/percent.js';

export interface MetricsRow {
  /** Markdown, already escaped by the caller (it may add emphasis around an escaped name). */
  readonly label: string;
  readonly result: Result;
  /** When given, each rate shows its change from this result in percentage points. */
  readonly base?: Result | undefined;
}

const COLUMNS = [
  [attributableRate, (r: Result) => `${r.injections_attributable}/${r.injections_total}`],
  [blockRate, (r: Result) => `${r.injections_blocked}/${r.injections_total}`],
  [utilityRate, (r: Result) => `${r.benign_kept}/${r.benign_total}`],
] as const;

/**
 * What the three rate columns are called. On the recorded-run corpora the same counts mean: the
 * undefended model's successful attacks the defense stopped, those it halted at all, and the benign
 * runs it left intact (docs/agentdyn.md#scoring).
 */
export const COLUMN_NAMES = {
  replayed: ['attributable blocks', 'injection block', 'utility'],
  recorded: ['attacks stopped', 'attacks halted', 'benign runs intact'],
} as const;
export type ColumnNames = keyof typeof COLUMN_NAMES;

function delta(now: number | undefined, was: number | undefined, unit: string): string {
  return now === undefined || was === undefined ? '' : ` (${signedPoints(now - was)}${unit})`;
}

/** For a defense that asked (protocol v2): what a confirming user keeps, and at what burden. */
function confirmed(r: Result): string {
  const withUser = utilityWithConfirmationsRate(r);
  if (withUser === undefined || r.benign_confirmed === undefined) return '';
  return `; with confirmations ${r.benign_kept + r.benign_confirmed}/${r.benign_total} ${percent(withUser)}, ${r.confirmations ?? 0} asked (${fixed(confirmationsPerTask(r) ?? 0, 2)} per task)`;
}

function cells(r: Result, base: Result | undefined): string[] {
  const rates = COLUMNS.map(([rate, count], i) => {
    const now = rate(r);
    if (now === undefined) return 'n/a';
    return `${count(r)} ${percent(now)}${base ? delta(now, rate(base), ' pp') : ''}${i === 2 ? confirmed(r) : ''}`;
  });
  const hm = suHm(r);
  return [...rates, `${score100(hm)}${base ? delta(hm, suHm(base), '') : ''}`, String(r.unscored)];
}

/** One row's cells without a base (rates with their counts, SU-HM, unscored): what the HTML report's tables show. */
export const metricsCells = (r: Result): string[] => cells(r, undefined);

export const metricsHeader = (names: ColumnNames = 'replayed'): string =>
  `| defense | ${COLUMN_NAMES[names].join(' | ')} | SU-HM | ${names === 'recorded' ? 'outside the attack axis' : 'unscored'} |\n|---|---:|---:|---:|---:|---:|\n`;

export function metricsTable(rows: readonly MetricsRow[], names: ColumnNames = 'replayed'): string {
  return metricsHeader(names) + rows.map((row) => `| ${row.label} | ${cells(row.result, row.base).join(' | ')} |\n`).join('');
}
