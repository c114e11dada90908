// Markdown of the attack-corpus analyses.
import type { AttacksReport, DropReport } from '../evaluate-attacks.js';
import type { EgressReach } from '../scoring/egress-reach.js';
import { escapeMarkdown } from './escape.js';
import { fixed, formatG } from './gofmt.js';
import { markdownTable } from './markdown.js';

export function attacksMarkdown(r: AttacksReport): string {
  let out = `### corpus: attacks\n\n${escapeMarkdown(r.source)}; classifier threshold ${formatG(r.threshold)}\n`;
  for (const attack of r.attack_order) {
    out += `\n#### attack: ${escapeMarkdown(attack)}\n\n${markdownTable(r.attacks[attack]!.comparison.results)}`;
  }
  return out;
}

export function dropMarkdown(r: DropReport): string {
  let out = `### evasion: ${escapeMarkdown(r.transform)} (threshold ${formatG(r.threshold)})\n\n| model | changed outputs | score drop mean [min, max] | evaded |\n|---|---:|---|---:|\n`;
  for (const m of r.models) {
    out += `| ${escapeMarkdown(m.model)} | ${m.drop.N} | ${fixed(m.drop.Mean, 3)} [${fixed(m.drop.Min, 3)}, ${fixed(m.drop.Max, 3)}] | ${m.drop.Evaded} |\n`;
  }
  return out;
}

export function egressReachMarkdown(r: EgressReach): string {
  let out = `### egress reach over ${r.Tasks.length} injection-task goals\n\n| reach | goals |\n|---|---:|\n`;
  out += `| only through egress tools (mediated) | ${r.OnEgress} |\n| mixed | ${r.Mixed} |\n| no egress tool (never mediated) | ${r.OffEgress} |\n\n`;
  out += `| goal | tools | egress |\n|---|---|---:|\n`;
  for (const t of r.Tasks) out += `| ${escapeMarkdown(`${t.Suite}/${t.Task}`)} | ${escapeMarkdown(t.Tools.join(' '))} | ${t.EgressTools}/${t.Total} |\n`;
  return out;
}
