// Text and markdown of the egress-reach analysis.
import type { EgressReach } from '../scoring/egress-reach.js';
import type { Versions } from '../evaluate/corpus.js';
import { escapeMarkdown } from '../format/escape.js';
import { versionsMarkdown } from './markdown.js';
import { versionsText } from './text.js';

export function egressReachText(r: EgressReach, v: Versions): string {
  let out = `egress reach over ${r.Tasks.length} injection-task goals\n\n`;
  out += `  reachable only through egress tools (mediated): ${r.OnEgress}\n`;
  out += `  mixes egress and non-egress tools:              ${r.Mixed}\n`;
  out += `  reachable with no egress tool (never mediated): ${r.OffEgress}\n\n`;
  out += 'goals a flow-and-destination defense never inspects:\n';
  for (const t of r.Tasks) if (t.EgressTools === 0) out += `  ${t.Suite}/${t.Task}: [${t.Tools.join(' ')}]\n`;
  return out + versionsText(v);
}

export function egressReachMarkdown(r: EgressReach, v: Versions): string {
  let out = `### egress reach over ${r.Tasks.length} injection-task goals\n\n| reach | goals |\n|---|---:|\n`;
  out += `| only through egress tools (mediated) | ${r.OnEgress} |\n| mixed | ${r.Mixed} |\n| no egress tool (never mediated) | ${r.OffEgress} |\n\n`;
  out += `| goal | tools | egress |\n|---|---|---:|\n`;
  for (const t of r.Tasks)
    out += `| ${escapeMarkdown(`${t.Suite}/${t.Task}`)} | ${escapeMarkdown(t.Tools.join(' '))} | ${t.EgressTools}/${t.Total} |\n`;
  return out + versionsMarkdown(v);
}
