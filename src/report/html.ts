// The HTML report (docs/html.md): one self-contained page of charts over the figures the other
// reports print. Pure: the data model is built here from the evaluate/ data, and the page is one
// string with Chart.js (given as text) and the data inlined. Every string a defense controls stays
// data: the model goes into a JSON script block with <, >, &, U+2028 and U+2029 escaped, and the
// page's own script reads it with JSON.parse and writes it with textContent or onto a canvas.
import type { Result } from '../model/result.js';
import type { CorpusRows } from '../evaluate/rows.js';
import { THRESHOLD_SWEEP, type ClassifierDetails } from '../evaluate/classifiers.js';
import type { OnlineReport } from '../evaluate/online.js';
import type { AdaptiveReport, Tally } from '../evaluate/adaptive.js';
import { attributableRate, utilityRate } from '../scoring/rates.js';
import { COLUMN_NAMES, metricsCells, type ColumnNames } from './metrics-table.js';
import { tallyCells } from './adaptive.js';
import { macroCells } from './online.js';
import { PAGE_SCRIPT, PAGE_STYLE } from './html-page.js';

/** Whose row it is: the point's colour and marker on the charts. */
export type Role = 'yours' | 'reference' | 'classifier';

/** A scatter point: x and y in percent, labelled on the chart. */
export interface HtmlPoint {
  readonly x: number;
  readonly y: number;
  readonly label: string;
}

export interface HtmlDataset {
  readonly label: string;
  readonly role?: Role | undefined;
  /** One value per category (bar), a point per defense (scatter) or per x (line); null: not scored, nothing drawn. */
  readonly data: readonly (number | null)[] | readonly HtmlPoint[];
}

export interface HtmlChart {
  readonly kind: 'scatter' | 'bar' | 'line';
  readonly title: string;
  readonly x: string;
  readonly y: string;
  /** The categories of a bar chart, or the x values of a line chart. */
  readonly labels?: readonly (string | number)[] | undefined;
  readonly datasets: readonly HtmlDataset[];
}

export interface HtmlTable {
  readonly caption: string;
  readonly head: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface HtmlSection {
  readonly title: string;
  readonly notes: readonly string[];
  readonly charts: readonly HtmlChart[];
  readonly tables: readonly HtmlTable[];
}

export interface HtmlModel {
  readonly title: string;
  readonly subtitle: string;
  readonly sections: readonly HtmlSection[];
}

/** What the page shows about one corpus: the same data the comment and the text report print. */
export interface HtmlCorpusInput {
  readonly corpus: string;
  readonly columns: ColumnNames;
  /** Your defense's results on the corpus (the results file's entry), when it was scored. */
  readonly mine?: { readonly name: string; readonly result: Result; readonly bySuite: Readonly<Record<string, Result>> } | undefined;
  /** The reference and classifier rows (evaluate/rows.ts), overall and per suite. */
  readonly rows: CorpusRows;
  /** The classifiers' threshold sweeps (evaluate/classifiers.ts), where the corpus has score tables. */
  readonly sweeps?: readonly ClassifierDetails[] | undefined;
  readonly online?: OnlineReport | undefined;
  readonly adaptive?: AdaptiveReport | undefined;
}

interface Row {
  readonly role: Role;
  readonly result: Result;
}

/** A rate in percent for a chart; null when it has no denominator (drawn as nothing, printed n/a). */
const pct = (rate: number | undefined | null): number | null => (rate === undefined || rate === null ? null : rate * 100);

function rowsOf(input: HtmlCorpusInput, pick: (r: CorpusRows) => CorpusRows['overall'] | undefined, mine: Result | undefined): Row[] {
  const rows = pick(input.rows);
  return [
    ...(mine && input.mine ? [{ role: 'yours' as const, result: { ...mine, defense: input.mine.name } }] : []),
    ...(rows?.references ?? []).map((result) => ({ role: 'reference' as const, result })),
    ...(rows?.classifiers ?? []).map((result) => ({ role: 'classifier' as const, result })),
  ];
}

const ROLE_TITLES: Record<Role, string> = { yours: 'your defense', reference: 'reference defenses', classifier: 'classifier defenses' };

function tradeOff(corpus: string, names: readonly string[], rows: readonly Row[]): { chart?: HtmlChart; unplaced: string[] } {
  const unplaced: string[] = [];
  const datasets = (['yours', 'reference', 'classifier'] as const).flatMap((role): HtmlDataset[] => {
    const data = rows
      .filter((r) => r.role === role)
      .flatMap((r): HtmlPoint[] => {
        const x = pct(utilityRate(r.result)),
          y = pct(attributableRate(r.result));
        if (x === null || y === null) return (unplaced.push(r.result.defense), []);
        return [{ x, y, label: r.result.defense }];
      });
    return data.length === 0 ? [] : [{ label: ROLE_TITLES[role], role, data }];
  });
  if (datasets.length === 0) return { unplaced };
  return {
    chart: { kind: 'scatter', title: `${corpus}: ${names[0]} against ${names[2]}`, x: `${names[2]} (%)`, y: `${names[0]} (%)`, datasets },
    unplaced,
  };
}

function perSuite(input: HtmlCorpusInput, names: readonly string[]): HtmlChart[] {
  const suites = [...new Set([...Object.keys(input.mine?.bySuite ?? {}), ...Object.keys(input.rows.bySuite)])].sort();
  if (suites.length === 0) return [];
  const bySuite = suites.map((s) => rowsOf(input, (r) => r.bySuite[s], input.mine?.bySuite[s]));
  const defenses = [...new Set(bySuite.flat().map((r) => r.result.defense))];
  const chart = (name: string, rate: (r: Result) => number | undefined): HtmlChart => ({
    kind: 'bar',
    title: `${input.corpus}: ${name} per suite`,
    x: 'suite',
    y: `${name} (%)`,
    labels: suites,
    datasets: defenses.map((d) => {
      const rows = bySuite.map((rs) => rs.find((r) => r.result.defense === d));
      return { label: d, role: rows.find((r) => r)?.role, data: rows.map((r) => (r ? pct(rate(r.result)) : null)) };
    }),
  });
  return [chart(names[0]!, attributableRate), chart(names[2]!, utilityRate)];
}

function sweepCharts(corpus: string, sweeps: readonly ClassifierDetails[]): { charts: HtmlChart[]; table?: HtmlTable } {
  if (sweeps.length === 0) return { charts: [] };
  const chart = (name: string, rate: (r: Result) => number | undefined): HtmlChart => ({
    kind: 'line',
    title: `${corpus}: classifier ${name} against the threshold (scope both)`,
    x: 'threshold',
    y: `${name} (%)`,
    labels: THRESHOLD_SWEEP,
    datasets: sweeps.map((c) => ({ label: c.name, role: 'classifier', data: c.threshold_sweep.map((r) => pct(rate(r))) })),
  });
  return {
    charts: [chart('attributable blocks', attributableRate), chart('utility', utilityRate)],
    table: {
      caption: 'Threshold sweep, scope both',
      head: ['classifier', ...COLUMN_NAMES.replayed, 'SU-HM', 'unscored'],
      rows: sweeps.flatMap((c) => c.threshold_sweep.map((r) => [r.defense, ...metricsCells(r)])),
    },
  };
}

export function onlineSection(r: OnlineReport): HtmlSection {
  const horizon = Math.max(0, ...r.results.map((x) => x.curve.length));
  const w = r.settings.window;
  return {
    title: `Online evaluation: ${r.corpus}`,
    notes: [
      `${r.streams.length} streams (one per suite), seed ${r.settings.seed}. The curve is each defense's cumulative ASR after n attacks, averaged over the streams; a line ends where the defense's streams end.`,
    ],
    charts:
      horizon === 0
        ? []
        : [
            {
              kind: 'line',
              title: `${r.corpus}: cumulative ASR against attacks seen`,
              x: 'attacks seen',
              y: 'cumulative ASR (%)',
              labels: Array.from({ length: horizon }, (_, i) => i + 1),
              datasets: r.results.filter((x) => x.curve.length > 0).map((x) => ({ label: x.defense, data: x.curve.map((v) => v * 100) })),
            },
          ],
    tables: [
      {
        caption: 'Macro over the streams',
        head: ['defense', 'learns', 'ASR', 'TSR', 'BU', 'SU-HM', `SW-ASR@${w}`],
        rows: r.results.map(macroCells),
      },
    ],
  };
}

const tallyRate = (n: number, t: Tally): number | null => (t.cases === 0 ? null : (n / t.cases) * 100);

export function adaptiveSection(r: AdaptiveReport): HtmlSection {
  const stages = [
    ['static', (t: Tally) => t.static],
    ['best seed', (t: Tally) => t.best_seed],
    ['adaptive', (t: Tally) => t.adaptive],
    ['strongest', (t: Tally) => t.strongest],
  ] as const;
  return {
    title: `Adaptive attack: ${r.corpus}`,
    notes: [
      `${r.targets} targets, ${r.cases} cases; ${r.iterations === 0 ? `${r.optimiser}, no search` : `K = ${r.iterations} iterations of the ${r.optimiser} optimiser, seed ${r.seed}`}. A case is compromised when the defense allows every call of its run.`,
      ...(r.not_scored.length > 0 ? [`not scored under adaptive attack: ${r.not_scored.join(', ')}`] : []),
    ],
    charts:
      r.results.length === 0
        ? []
        : [
            {
              kind: 'bar',
              title: `${r.corpus}: ASR under the corpus's own attack, the best seed and the adaptive attack`,
              x: 'defense',
              y: 'ASR (%)',
              labels: r.results.map((x) => x.defense),
              datasets: stages.map(([label, n]) => ({ label, data: r.results.map((x) => tallyRate(n(x.overall), x.overall)) })),
            },
          ],
    tables: [
      {
        caption: 'ASR (compromised cases / cases)',
        head: ['defense', 'static ASR', 'best seed', 'adaptive ASR', 'strongest', 'queries'],
        rows: r.results.map((x) => [x.defense, ...tallyCells(x.overall), String(x.queries)]),
      },
    ],
  };
}

export function corpusSections(input: HtmlCorpusInput): HtmlSection[] {
  const names = COLUMN_NAMES[input.columns];
  const overall = rowsOf(input, (r) => r.overall, input.mine?.result);
  const { chart, unplaced } = tradeOff(input.corpus, names, overall);
  const sweep = sweepCharts(input.corpus, input.sweeps ?? []);
  const main: HtmlSection = {
    title: `Corpus: ${input.corpus}`,
    notes: unplaced.length > 0 ? [`not placed on the trade-off chart (a rate is n/a): ${unplaced.join(', ')}`] : [],
    charts: [...(chart ? [chart] : []), ...perSuite(input, names), ...sweep.charts],
    tables: [
      {
        caption: 'Overall',
        head: ['defense', ...names, 'SU-HM', 'unscored'],
        rows: overall.map((r) => [r.result.defense, ...metricsCells(r.result)]),
      },
      ...(sweep.table ? [sweep.table] : []),
    ],
  };
  return [main, ...(input.online ? [onlineSection(input.online)] : []), ...(input.adaptive ? [adaptiveSection(input.adaptive)] : [])];
}

/** The page's model: a section per corpus, then its online and adaptive sections where they ran. */
export function htmlModel(input: {
  readonly defense?: string | undefined;
  readonly toolVersion: string;
  readonly commit?: string | undefined;
  readonly corpora: readonly HtmlCorpusInput[];
}): HtmlModel {
  const commit = input.commit ? ` · commit ${input.commit.slice(0, 12)}` : '';
  return {
    title: input.defense === undefined ? 'defense-eval report' : `defense-eval report: ${input.defense}`,
    subtitle: `agent-defense-eval ${input.toolVersion} · corpora ${input.corpora.map((c) => c.corpus).join(', ')}${commit}. Rates over an empty group are n/a and not drawn.`,
    sections: input.corpora.flatMap(corpusSections),
  };
}

/** JSON safe inside a script element and a JavaScript string: no tag can start or end, no line separator. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Chart.js's own source, checked to hold nothing that would end or change its script element. */
function scriptText(source: string): string {
  if (/<\/script|<!--/i.test(source)) throw new Error('the chart library holds "</script" or "<!--" and cannot be inlined');
  return source;
}

export const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

export function renderHtml(model: HtmlModel, chartJs: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>defense-eval report</title>',
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    '<main id="report"></main>',
    `<script type="application/json" id="report-data">${scriptJson(model)}</script>`,
    `<script>${scriptText(chartJs)}</script>`,
    `<script>${PAGE_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
