// The online evaluation as text and markdown (docs/online.md): the macro figures of every defense
// on the same streams, the cumulative-ASR curve as a mermaid line chart (one line per defense),
// and the figures per stream. Nothing a defense controls reaches the chart unfiltered.
import { escapeMarkdown } from '../format/escape.js';
import { percent, score100 } from '../format/percent.js';
import type { OnlineReport, OnlineResult } from '../evaluate/online.js';
import { chartLabel } from './chart.js';

/** Where the curve is read off in tables: after 5, 10, 20, 40 and 80 attacks (those a stream has). */
const MARKS = [5, 10, 20, 40, 80];

/** A sharded run's streams drawn by other jobs under seeds of their own (docs/shards.md). */
const seedsOf = (s: OnlineReport['settings']): string => {
  const own = Object.entries(s.seeds ?? {});
  return own.length === 0
    ? ''
    : ` (${own.map(([suite, seed]) => `${suite} ${seed}`).join(', ')}: seeds of their own, drawn by other shards)`;
};

function describe(r: OnlineReport): string {
  const s = r.settings;
  return (
    `${r.streams.length} streams (one per suite: ${r.streams.map((x) => `${x.suite} ${x.episodes.length} episodes`).join(', ')}), ` +
    `up to ${s.attacks} attacks and ${s.benign} benign tasks each, seed ${s.seed}${seedsOf(s)}; ` +
    `feedback only to a defense that learns, after each episode is scored: at most ${s.budgets.attack_success} attack_success and ` +
    `${s.budgets.false_positive} false_positive labels per stream, blocked_attack unbudgeted`
  );
}

const labelsOf = (x: OnlineResult): string => {
  if (!x.learns) return '–';
  const sum = (k: 'attack_success' | 'false_positive' | 'blocked_attack') => x.streams.reduce((n, s) => n + s.counts.labels[k], 0);
  return `${sum('attack_success')}/${sum('false_positive')}/${sum('blocked_attack')}`;
};

const marks = (r: OnlineReport): number[] => MARKS.filter((m) => m <= Math.max(0, ...r.results.map((x) => x.curve.length)));
const curveAt = (x: OnlineResult, n: number): string => percent(x.curve[n - 1]);

/** The macro columns of one defense's online row: defense, learns, ASR, TSR, BU, SU-HM, SW-ASR (the text, markdown and HTML reports). */
export const macroCells = (x: OnlineResult): string[] => [
  x.defense,
  x.learns ? 'yes' : 'no',
  percent(x.macro.asr),
  percent(x.macro.tsr),
  percent(x.macro.bu),
  score100(x.macro.su_hm),
  percent(x.macro.sw_asr),
];

export function onlineText(r: OnlineReport): string {
  const w = r.settings.window;
  const ms = marks(r);
  const head = ['defense', 'learns', 'ASR', 'TSR', 'BU', 'SU-HM', `SW-ASR@${w}`, ...ms.map((m) => `ASR@${m}`), 'labels s/fp/b'];
  const rows = r.results.map((x) => [...macroCells(x), ...ms.map((m) => curveAt(x, m)), labelsOf(x)]);
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  ');
  const out = [`online evaluation on ${r.corpus}: ${describe(r)}`, '', line(head), ...rows.map(line), ''];
  out.push('per stream (ASR, TSR, BU, SW-ASR):');
  for (const x of r.results) {
    out.push(
      `  ${x.defense}: ${x.streams
        .map((s) => `${s.suite} ${percent(s.rates.asr)} ${percent(s.rates.tsr)} ${percent(s.rates.bu)} ${percent(s.rates.sw_asr)}`)
        .join('; ')}`,
    );
  }
  out.push('', 'ASR: attacked episodes whose goal was met; TSR: attacked episodes whose user task was done; BU: benign tasks done', '');
  return out.join('\n');
}

// Line colours, named in the legend below the chart (mermaid's xychart has no legend of its own).
const PALETTE = [
  ['#e41a1c', '🟥'],
  ['#377eb8', '🟦'],
  ['#4daf4a', '🟩'],
  ['#ff7f00', '🟧'],
  ['#984ea3', '🟪'],
  ['#a65628', '🟫'],
  ['#000000', '⬛'],
  ['#ffd700', '🟨'],
] as const;

/** Cumulative ASR (%) against attacks seen, one line per defense (the first eight). */
export function onlineChart(r: OnlineReport): string {
  const shown = r.results.filter((x) => x.curve.length > 0).slice(0, PALETTE.length);
  const horizon = Math.max(0, ...shown.map((x) => x.curve.length));
  if (horizon === 0) return '';
  const colours = shown.map((_, i) => PALETTE[i]![0]).join(', ');
  const lines = [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${colours}"}}}}%%`,
    'xychart-beta',
    `  title "${chartLabel(r.corpus)} cumulative ASR"`,
    `  x-axis "attacks seen" 1 --> ${horizon}`,
    '  y-axis "cumulative ASR (%)" 0 --> 100',
  ];
  for (const x of shown) {
    const pts = Array.from({ length: horizon }, (_, i) => (x.curve[i] ?? x.curve.at(-1)!) * 100);
    lines.push(`  line [${pts.map((p) => (Math.round(p * 10) / 10).toString()).join(', ')}]`);
  }
  lines.push('```');
  const legend = shown.map((x, i) => `${PALETTE[i]![1]} ${escapeMarkdown(x.defense)}`).join(' · ');
  return `${lines.join('\n')}\n\n${legend}\n`;
}

function onlineTable(r: OnlineReport, label: (x: OnlineResult, i: number) => string): string {
  const w = r.settings.window;
  const ms = marks(r);
  const head = `| defense | learns | ASR | TSR | BU | SU-HM | SW-ASR@${w} | ${ms.map((m) => `ASR@${m}`).join(' | ')} | labels (success/fp/blocked) |`;
  const sep = `|---|---|${'---:|'.repeat(5 + ms.length)}---:|`;
  const rows = r.results.map(
    (x, i) =>
      `| ${label(x, i)} | ${x.learns ? 'yes' : 'no'} | ${percent(x.macro.asr)} | ${percent(x.macro.tsr)} | ${percent(x.macro.bu)} | ${score100(x.macro.su_hm)} | ${percent(x.macro.sw_asr)} | ${ms.map((m) => curveAt(x, m)).join(' | ')} | ${labelsOf(x)} |`,
  );
  return [head, sep, ...rows].join('\n') + '\n';
}

function perStream(r: OnlineReport): string {
  const suites = r.results[0]?.streams.map((s) => escapeMarkdown(s.suite)) ?? [];
  const rows = r.results.map(
    (x) =>
      `| ${escapeMarkdown(x.defense)} | ${x.streams
        .map((s) => `${percent(s.rates.asr)} / ${percent(s.rates.tsr)} / ${percent(s.rates.bu)} / ${percent(s.rates.sw_asr)}`)
        .join(' | ')} |`,
  );
  return `<details><summary>Per stream: ASR / TSR / BU / SW-ASR@${r.settings.window}</summary>\n\n| defense | ${suites.join(' | ')} |\n|---|${'---:|'.repeat(suites.length)}\n${rows.join('\n')}\n\n</details>\n`;
}

const FOOTNOTE =
  'ASR: attacked episodes whose goal was met; TSR: attacked episodes whose user task was done; BU: benign tasks done unattended. Macro averages over the streams.';

export function onlineMarkdown(r: OnlineReport): string {
  return [
    `## Online evaluation: ${escapeMarkdown(r.corpus)}`,
    '',
    escapeMarkdown(describe(r)),
    '',
    onlineTable(r, (x) => escapeMarkdown(x.defense)),
    onlineChart(r),
    perStream(r),
    `${FOOTNOTE} What the curve does and does not show: [docs/online.md](docs/online.md).`,
    '',
  ].join('\n');
}

/** The gate's comment: your defense's row first (bold), the chart and the streams when there is room. */
export function onlineComment(r: OnlineReport, defense: string, detailed: boolean): string {
  const out = [
    `#### Online evaluation on ${escapeMarkdown(r.corpus)} (test before update)`,
    '',
    escapeMarkdown(describe(r)),
    '',
    onlineTable(r, (x, i) => (i === 0 ? `**${defense}**` : escapeMarkdown(x.defense))),
  ];
  if (detailed) out.push(onlineChart(r), perStream(r));
  out.push(`<sub>${FOOTNOTE} Thresholded absolutely, never compared with the base (agent-defense-eval's docs/online.md).</sub>`, '');
  return out.join('\n');
}
