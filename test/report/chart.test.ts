// The quadrant chart must parse in mermaid: its lexer reads coordinates as 1, 0 or 0.ddd only
// (mermaid 11: "1.000" is a lexical error that blanks the whole chart), and labels are sanitised.
import { describe, expect, it } from 'vitest';
import { quadrantChart, chartLabel } from '../../src/report/chart.js';
import { emptyResult } from '../../src/model/result.js';

const result = (attributable: number, kept: number) => ({
  ...emptyResult('x'),
  injections_total: 10,
  injections_attributable: attributable,
  injections_blocked: attributable,
  benign_total: 10,
  benign_kept: kept,
});

describe('quadrantChart', () => {
  const chart = quadrantChart('pairs: attributable vs utility', [
    { label: 'this defense', result: result(10, 10) },
    { label: 'deny-all', result: result(0, 0) },
    { label: 'protectai-both@0.5', result: result(4, 5) },
    { label: 'protectai-both@0.5', result: result(3, 5) },
  ]);
  const points = chart.split('\n').filter((l) => /: \[/.test(l));

  it('writes every coordinate in a form mermaid lexes', () => {
    expect(points).toHaveLength(4);
    for (const p of points) {
      const [, x, y] = /\[([^,]+), ([^\]]+)\]$/.exec(p)!;
      expect(x).toMatch(/^(1|0(\.\d+)?)$/);
      expect(y).toMatch(/^(1|0(\.\d+)?)$/);
    }
    expect(points[0]).toBe('  this defense: [1, 1]');
    expect(points[1]).toBe('  deny-all: [0.000, 0.000]');
  });

  it('keeps labels to a safe alphabet and unique', () => {
    expect(points[2]).toBe('  protectai-both 0.5: [0.500, 0.400]');
    expect(points[3]).toBe('  protectai-both 0.5 2: [0.500, 0.300]');
    expect(chartLabel('<img src=x onerror=alert(1)>`@you|')).toBe('img src x onerror alert 1 you');
    expect(chart).toMatch(/^```mermaid\nquadrantChart\n {2}title pairs attributable vs utility\n/);
  });
});
