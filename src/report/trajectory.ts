// Text and markdown of a trajectory corpus's report (evaluate/trajectory.ts): the effect figures
// in AgentAntibody's form and the gate's axes per defense, pooled and per group, the runs each
// model contributed and why others were left out, and — apart, labelled as a different
// measurement — the logged pipelines' own end-to-end results.
import { escapeMarkdown } from '../format/escape.js';
import { percent, score100 } from '../format/percent.js';
import { padRight } from '../format/gofmt.js';
import type { TrajectoryContext, TrajectoryReport, TrajectoryRow } from '../evaluate/trajectory.js';
import { attributableRate, utilityRate } from '../scoring/rates.js';
import { versionsMarkdown } from './markdown.js';
import { versionsText } from './text.js';

const frac = (n: number, d: number, rate: number | null): string => (d === 0 ? 'n/a' : `${n}/${d} ${percent(rate)}`);

/** The cells of a row, the same in text and markdown. */
function cells(r: TrajectoryRow): string[] {
  const c = r.counts;
  const g = r.gate;
  return [
    frac(c.attack_success, c.attacked, r.rates.asr),
    frac(c.attack_success_undefended, c.attacked, r.rates.asr_undefended),
    frac(c.utility_under_attack, c.attacked, r.rates.utility_under_attack),
    frac(c.benign_utility, c.benign, r.rates.benign_utility),
    score100(r.rates.su_hm_attack),
    frac(g.injections_attributable, g.injections_total, attributableRate(g) ?? null),
    frac(g.benign_kept, g.benign_total, utilityRate(g) ?? null),
  ];
}

const HEADERS = [
  'ASR',
  'ASR undefended',
  'utility under attack',
  'benign utility',
  'SU-HM',
  'attacks stopped (of successful undefended)',
  'benign runs intact',
];

const WIDTHS = [22, 22, 22, 20, 7, 28];

function textRows(rows: readonly TrajectoryRow[]): string {
  const line = (name: string, cs: readonly string[]) =>
    `${padRight(name, 24)} ${cs.map((x, i) => (i < WIDTHS.length ? padRight(x, WIDTHS[i]!) : x)).join(' ')}\n`;
  return (
    line('defense', ['ASR', 'ASR undefended', 'util. under attack', 'benign utility', 'SU-HM', 'attacks stopped', 'benign intact']) +
    rows.map((r) => line(r.defense, cells(r))).join('')
  );
}

function mdRows(rows: readonly TrajectoryRow[]): string {
  return (
    `| defense | ${HEADERS.join(' | ')} |\n|---|${HEADERS.map(() => '---:').join('|')}|\n` +
    rows.map((r) => `| ${escapeMarkdown(r.defense)} | ${cells(r).join(' | ')} |\n`).join('')
  );
}

const GROUPS = [
  ['by_model', 'model'],
  ['by_suite', 'suite'],
  ['by_bucket', 'under-specification bucket'],
  ['by_attack', 'attack'],
] as const;

function excludedText(e: Readonly<Record<string, number>>): string {
  const parts = Object.entries(e).map(([cause, n]) => `${cause} ${n}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

function classifiersLine(r: TrajectoryReport): string {
  if (r.classifiers === 'not scored')
    return 'classifiers: not scored (no pinned score table covers these texts; score one with the scorer, docs/scorer.md)';
  return `classifiers: ${r.classifiers.map((c) => `${c.label} = ${c.model} (${c.path})`).join('; ')}`;
}

const NOTE =
  'ASR: attacked runs whose injection goal is met at the halt point (the first call denied, or asked about and declined); ' +
  'utility: the user task done there. SU-HM: harmonic mean of 1 − ASR and utility under attack. ' +
  'The gate compares "attacks stopped" (of the attacks that succeeded undefended) and "benign runs intact" (no call denied or asked about).';

export function trajectoryText(r: TrajectoryReport): string {
  let out = `corpus: ${r.corpus} (${r.source})\n`;
  for (const m of r.models) {
    out += `${m.model}: ${m.runs} runs (${m.attacked} attacked, ${m.benign} benign); excluded ${excludedText(m.excluded)}; ${m.skipped_injection_task_only} injection-task-only runs skipped\n`;
  }
  out += `\n${textRows(r.results)}`;
  for (const [key, title] of GROUPS) {
    for (const [name, rows] of Object.entries(r[key] ?? {})) out += `\n${title}: ${name}\n${textRows(rows)}`;
  }
  out += `\n${classifiersLine(r)}\n${NOTE}\n`;
  out += `\ncontext (${r.context.label}):\n`;
  for (const c of r.context.rows) out += `${padRight(c.model, 34)} ${padRight(c.defense, 30)} ${contextCells(c).join('  ')}\n`;
  return out + versionsText(r.versions);
}

function contextCells(c: TrajectoryContext['rows'][number]): string[] {
  const attacks = Object.entries(c.attacked);
  const per = (f: (a: (typeof attacks)[number][1]) => string) =>
    attacks.length === 0 ? '–' : attacks.map(([name, a]) => `${name} ${f(a)}`).join('; ');
  return [
    `ASR ${per((a) => frac(a.security_true, a.runs, a.runs === 0 ? null : a.security_true / a.runs))}`,
    `utility under attack ${per((a) => frac(a.utility_true, a.runs, a.runs === 0 ? null : a.utility_true / a.runs))}`,
    `benign utility ${frac(c.benign.utility_true, c.benign.runs, c.benign.runs === 0 ? null : c.benign.utility_true / c.benign.runs)}`,
  ];
}

/** The context rows as a markdown table (the CLI's markdown and the gate's report). */
export function contextMarkdown(context: TrajectoryContext): string {
  let out = '| model | defense | ASR | utility under attack | benign utility |\n|---|---|---|---|---|\n';
  for (const c of context.rows)
    out += `| ${escapeMarkdown(c.model)} | ${escapeMarkdown(c.defense)} | ${contextCells(c)
      .map((x) => escapeMarkdown(x.replace(/^(ASR|utility under attack|benign utility) /, '')))
      .join(' | ')} |\n`;
  return out;
}

export function trajectoryMarkdown(r: TrajectoryReport): string {
  let out = `### corpus: ${escapeMarkdown(r.corpus)}\n\n${escapeMarkdown(r.source)}.\n\n`;
  out += '| model | runs | attacked | benign | excluded | injection-task-only skipped |\n|---|---:|---:|---:|---|---:|\n';
  for (const m of r.models)
    out += `| ${escapeMarkdown(m.model)} | ${m.runs} | ${m.attacked} | ${m.benign} | ${excludedText(m.excluded)} | ${m.skipped_injection_task_only} |\n`;
  out += `\n${mdRows(r.results)}`;
  for (const [key, title] of GROUPS) {
    for (const [name, rows] of Object.entries(r[key] ?? {})) out += `\n#### ${title}: ${escapeMarkdown(name)}\n\n${mdRows(rows)}`;
  }
  out += `\n${escapeMarkdown(classifiersLine(r))}\n\n${NOTE}\n`;
  out += `\n#### Context: ${r.context.label}\n\n${contextMarkdown(r.context)}`;
  return out + versionsMarkdown(r.versions);
}
