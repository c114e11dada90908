// A mermaid quadrant chart placing the defense among the reference and classifier defenses: attributable block rate (up)
// against utility (right). Labels are ours or sanitised to a safe alphabet: nothing a defense
// controls reaches the mermaid source unfiltered.
import { attributableRate, utilityRate } from '../scoring/rates.js';
import type { Result } from '../model/result.js';

export interface ChartPoint {
  readonly label: string;
  readonly result: Result;
}

/** Letters, digits, space, dot and hyphen only; at most 40 characters. */
export function chartLabel(s: string): string {
  const clean = s
    .replace(/[^A-Za-z0-9 .-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
  return clean === '' ? 'unnamed' : clean;
}

// Mermaid's lexer reads a coordinate as `1`, `0` or `0.ddd`: "1.000" is a lexical error that
// breaks the whole chart (checked with mermaid 11's parser), so a full rate is written "1".
const coord = (x: number): string => {
  const r = Math.round(x * 1000) / 1000;
  return r >= 1 ? '1' : r.toFixed(3);
};

export function quadrantChart(title: string, points: readonly ChartPoint[]): string {
  const lines = [
    '```mermaid',
    'quadrantChart',
    `  title ${chartLabel(title)}`,
    '  x-axis Low utility --> High utility',
    '  y-axis Few attributable blocks --> Many attributable blocks',
    '  quadrant-1 Blocks attacks, keeps tasks',
    '  quadrant-2 Blocks attacks, breaks tasks',
    '  quadrant-3 Neither',
    '  quadrant-4 Keeps tasks, misses attacks',
  ];
  const seen = new Set<string>();
  for (const p of points) {
    const x = utilityRate(p.result),
      y = attributableRate(p.result);
    // A point needs both rates: an empty axis (no benign task, no scorable injection) has no place.
    if (x === undefined || y === undefined) continue;
    let label = chartLabel(p.label);
    for (let n = 2; seen.has(label); n++) label = `${chartLabel(p.label)} ${n}`;
    seen.add(label);
    lines.push(`  ${label}: [${coord(x)}, ${coord(y)}]`);
  }
  lines.push('```');
  return lines.join('\n') + '\n';
}
