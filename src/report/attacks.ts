// Text and markdown of the attack-corpus analyses: attack coverage and the evasion score drop.
import type { AttacksReport, DropReport } from '../evaluate/attacks.js';
import { escapeMarkdown } from '../format/escape.js';
import { fixed, formatG, padRight } from '../format/gofmt.js';
import { NOT_APPLICABLE } from '../format/percent.js';
import type { ScoreDrop } from '../scoring/score-drop.js';
import { metricsTable } from './metrics-table.js';
import { versionsMarkdown } from './markdown.js';
import { textTable } from './table.js';
import { versionsText } from './text.js';

export function attacksText(r: AttacksReport): string {
  const thr = formatG(r.threshold);
  let out = `corpus: ${r.corpus} (${r.source})\n`;
  for (const [label, c] of Object.entries(r.benign_tool_outputs_flagged ?? {})) {
    out += `${label}: distinct tool outputs read in benign tasks scoring at or above ${thr}: ${c.detected} of ${c.total}\n`;
  }
  for (const attack of r.attack_order) {
    const a = r.attacks[attack]!;
    out += `\nattack: ${attack}\n`;
    for (const [label, c] of Object.entries(a.injected_tool_outputs_detected ?? {})) {
      out += `${label}: distinct injected tool outputs scoring at or above ${thr}: ${c.detected} of ${c.total}\n`;
    }
    out += textTable(a.comparison.results);
  }
  return out + versionsText(r.versions);
}

export function attacksMarkdown(r: AttacksReport): string {
  let out = `### corpus: ${escapeMarkdown(r.corpus)}\n\n${escapeMarkdown(r.source)}; classifier threshold ${formatG(r.threshold)}\n`;
  for (const attack of r.attack_order) {
    const rows = r.attacks[attack]!.comparison.results.map((x) => ({ label: escapeMarkdown(x.defense), result: x }));
    out += `\n#### attack: ${escapeMarkdown(attack)}\n\n${metricsTable(rows)}`;
  }
  return out + versionsMarkdown(r.versions);
}

/** "mean [min, max]", or n/a when no output changed (nothing was measured). */
const dropCell = (d: ScoreDrop): string => (d.N === 0 ? NOT_APPLICABLE : `${fixed(d.Mean, 3)} [${fixed(d.Min, 3)}, ${fixed(d.Max, 3)}]`);

export function dropText(r: DropReport): string {
  let out = `transform: ${r.transform} (readable), threshold ${formatG(r.threshold)}\n\n`;
  // Columns are separated by one space: the third header (25 characters) overflows its width of
  // 24, and without a separator it would run into the next column (the original's layout is
  // ambiguous there).
  out += `${padRight('model', 46)} ${padRight('changed', 8)} ${padRight('score drop mean [min,max]', 24)} evaded\n`;
  for (const m of r.models) {
    out += `${padRight(m.model, 46)} ${padRight(String(m.drop.N), 8)} ${padRight(dropCell(m.drop), 24)} ${m.drop.Evaded}\n`;
  }
  return out + versionsText(r.versions);
}

export function dropMarkdown(r: DropReport): string {
  let out = `### evasion: ${escapeMarkdown(r.transform)} (threshold ${formatG(r.threshold)})\n\n| model | changed outputs | score drop mean [min, max] | evaded |\n|---|---:|---|---:|\n`;
  for (const m of r.models) out += `| ${escapeMarkdown(m.model)} | ${m.drop.N} | ${dropCell(m.drop)} | ${m.drop.Evaded} |\n`;
  return out + versionsMarkdown(r.versions);
}
