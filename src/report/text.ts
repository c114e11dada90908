// Text output of a corpus run, line for line as the original CLI prints it, plus one closing
// line naming the versions the figures came from.
import type { Result } from '../model/result.js';
import { blockRate, utilityRate } from '../scoring/rates.js';
import type { SweepPoint } from '../scoring/sweep.js';
import type { CorpusReport, Versions } from '../evaluate/corpus.js';
import { fixed, fixed0, padRight } from '../format/gofmt.js';
import { BREAKDOWN_TITLES } from '../scoring/buckets.js';
import { pct3, textTable } from './table.js';

const pct0 = (rate: number | undefined): string => pct3(rate).trimStart();

function blockUtility(r: Result): string {
  return `block ${r.injections_blocked}/${r.injections_total} (${pct0(blockRate(r))}), utility ${r.benign_kept}/${r.benign_total} (${pct0(utilityRate(r))})`;
}

function sweepTable(title: string, points: readonly SweepPoint[]): string {
  const cell = (mean: number, min: number, max: number): string =>
    `${fixed0(mean * 100, 3)}% [${fixed0(min * 100, 3)}-${fixed0(max * 100, 3)}]`;
  let out = `\n${title}\n${padRight('rate', 6)} ${padRight('block mean [min-max]', 24)} ${padRight('utility mean [min-max]', 24)}\n`;
  for (const p of points) {
    out += `${padRight(fixed(p.rate, 2), 6)} ${padRight(cell(p.block_mean, p.block_min, p.block_max), 24)} ${padRight(cell(p.utility_mean, p.utility_min, p.utility_max), 24)}\n`;
  }
  return out;
}

/** The closing lines every text output ends with: the tool, the corpus and each file and table hash. */
export function versionsText(v: Versions): string {
  let out = `\nversions: defense-eval ${v.tool}, corpus ${v.corpus} sha256 ${v.corpus_sha256}, benchmark ${v.benchmark}\n`;
  for (const [path, sha] of Object.entries(v.corpus_files ?? {})) out += `corpus file ${path} sha256 ${sha}\n`;
  for (const [path, sha] of Object.entries(v.score_tables ?? {})) out += `score table ${path} sha256 ${sha}\n`;
  return out;
}

export function renderText(report: CorpusReport): string {
  let out = `corpus: ${report.corpus}\n\n${textTable(report.comparison.results)}`;
  for (const [suite, results] of Object.entries(report.by_suite ?? {})) {
    out += `\nsuite: ${suite}\n${textTable(results)}`;
  }
  for (const c of report.classifiers ?? []) {
    out += `\n${c.name}: ${c.model} (revision ${c.revision}, positive label ${c.positive_label})\n`;
    out += `distinct tool outputs read in benign tasks scoring at or above the threshold: ${c.benign_tool_outputs_flagged} of ${c.benign_tool_outputs_total}\n`;
    out += `distinct injected tool outputs scoring at or above the threshold: ${c.injected_tool_outputs_detected} of ${c.injected_tool_outputs_total}\n`;
    out += `threshold sweep, scope both:\n${textTable(c.threshold_sweep)}`;
  }
  const d = report.provenance_diagnostics;
  if (d) {
    out += `\nprovenance labels on benign calls: ${d.benign_untrusted_args} untrusted; ${d.untrusted_in_environment} found in environment data, ${d.untrusted_in_neither} in neither prompt nor environment\n`;
  }
  if (report.flow_guard_corrected_labels) {
    out += `flow-guard with agent-generated values relabeled trusted: ${blockUtility(report.flow_guard_corrected_labels)}\n`;
  }
  const s = report.flow_guard_label_sweep;
  if (s) {
    out += `\nflow-guard label sweep: base = corrected labels, ${s.trials} trials per rate, seed ${s.seed}\n`;
    out += sweepTable('missed taint (untrusted labeled trusted)', s.missed_taint);
    out += sweepTable('over-taint (trusted labeled untrusted)', s.over_taint);
    out += `\nlabels stripped (no provenance tracking): ${blockUtility(s.labels_stripped)}\n`;
  }
  if (report.unscorable) {
    out += `unscorable injection tasks (no tool call in ground truth): ${report.unscorable.length}\n`;
  }
  for (const [key, groups] of [
    ['by_bucket', report.under_specification],
    ['by_attack_class', report.attack_classes],
  ] as const) {
    for (const [name, results] of Object.entries(groups ?? {})) out += `\n${BREAKDOWN_TITLES[key]}: ${name}\n${textTable(results)}`;
  }
  return out + versionsText(report.versions);
}
