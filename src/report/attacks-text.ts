// Text output of the attack-corpus analyses (spec §8.4–8.6).
import type { AttacksReport, DropReport } from '../evaluate-attacks.js';
import { fixed, formatG, padRight } from './gofmt.js';
import { textTable } from './table.js';

export function attacksText(r: AttacksReport): string {
  const thr = formatG(r.threshold);
  let out = `corpus: attacks (${r.source})\n`;
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
  return out;
}

export function dropText(r: DropReport): string {
  let out = `transform: ${r.transform} (readable), threshold ${formatG(r.threshold)}\n\n`;
  // Columns are separated by one space: the third header (25 characters) overflows its width of
  // 24, and without a separator it would run into the next column. [ambiguous in the spec]
  out += `${padRight('model', 46)} ${padRight('changed', 8)} ${padRight('score drop mean [min,max]', 24)} evaded\n`;
  for (const m of r.models) {
    const d = m.drop;
    out += `${padRight(m.model, 46)} ${padRight(String(d.N), 8)} ${padRight(`${fixed(d.Mean, 3)} [${fixed(d.Min, 3)}, ${fixed(d.Max, 3)}]`, 24)} ${d.Evaded}\n`;
  }
  return out;
}
