// The HTML report's model and page (docs/html.md): the same figures as the other reports, n/a
// never drawn as 0, every defense-controlled string kept as data (no script or tag can break
// out), a policy that forbids the network, and Chart.js inlined as it is.
import { describe, expect, it } from 'vitest';
import { emptyResult, type Result } from '../../src/model/result.js';
import { CSP, corpusSections, htmlModel, renderHtml, scriptJson, type HtmlCorpusInput, type HtmlPoint } from '../../src/report/html.js';
import { metricsCells } from '../../src/report/metrics-table.js';
import { attributableRate, utilityRate } from '../../src/scoring/rates.js';
import { chartJsSource } from '../../src/run/html.js';

const EVIL = '</script><script>alert(1)</script>';
const res = (defense: string, a: number, b: number, k: number, t: number): Result => ({
  ...emptyResult(defense),
  injections_total: t,
  injections_blocked: b,
  injections_attributable: a,
  benign_total: t,
  benign_kept: k,
});

const input: HtmlCorpusInput = {
  corpus: 'pairs',
  columns: 'replayed',
  mine: { name: EVIL, result: res('x', 3, 4, 8, 10), bySuite: { banking: res('x', 1, 1, 2, 2), slack: res('x', 0, 0, 0, 0) } },
  rows: {
    overall: {
      references: [res('allow-all', 0, 0, 10, 10), { ...res('empty', 0, 0, 0, 0) }],
      classifiers: [res('cls-both@0.5', 5, 6, 7, 10)],
    },
    bySuite: { banking: { references: [res('allow-all', 0, 0, 2, 2)], classifiers: [] } },
    byGroup: {},
  },
};

describe('the HTML model', () => {
  const [main] = corpusSections(input);

  it('places every defense with both rates at (utility, attributable) in percent, yours named as given', () => {
    const scatter = main!.charts.find((c) => c.kind === 'scatter')!;
    const points = scatter.datasets.flatMap((d) => d.data as HtmlPoint[]);
    expect(points.map((p) => p.label)).toEqual([EVIL, 'allow-all', 'cls-both@0.5']);
    const r = res('cls', 5, 6, 7, 10);
    expect(points[2]).toEqual({ x: utilityRate(r)! * 100, y: attributableRate(r)! * 100, label: 'cls-both@0.5' });
    expect(scatter.datasets.map((d) => d.role)).toEqual(['yours', 'reference', 'classifier']);
  });

  it('leaves a rate with no denominator out (n/a), never 0', () => {
    expect(main!.notes).toEqual(['not placed on the trade-off chart (a rate is n/a): empty']);
    const table = main!.tables[0]!;
    expect(table.rows.find((r) => r[0] === 'empty')).toEqual(['empty', 'n/a', 'n/a', 'n/a', 'n/a', '0']);
    const perSuite = main!.charts.filter((c) => c.kind === 'bar');
    expect(perSuite.map((c) => c.labels)).toEqual([
      ['banking', 'slack'],
      ['banking', 'slack'],
    ]);
    const mine = perSuite[0]!.datasets.find((d) => d.label === EVIL)!;
    expect(mine.data).toEqual([50, null]);
    // allow-all has no slack row at all: nothing drawn there either.
    expect(perSuite[1]!.datasets.find((d) => d.label === 'allow-all')!.data).toEqual([100, null]);
  });

  it('prints the markdown tables’ cells', () => {
    const table = main!.tables[0]!;
    expect(table.head).toEqual(['defense', 'attributable blocks', 'injection block', 'utility', 'SU-HM', 'unscored']);
    expect(table.rows[0]).toEqual([EVIL, ...metricsCells(input.mine!.result)]);
  });

  it('names the recorded-run axes on agentdyn', () => {
    const [s] = corpusSections({ ...input, corpus: 'agentdyn-x', columns: 'recorded' });
    expect(s!.charts[0]!.x).toBe('benign runs intact (%)');
    expect(s!.charts[0]!.y).toBe('attacks stopped (%)');
  });
});

describe('the HTML page', () => {
  const model = htmlModel({ defense: EVIL, toolVersion: '1.0.0', corpora: [input] });

  it('escapes <, >, & and the line separators in its JSON, which still reads back the same', () => {
    const s = scriptJson({ a: '</script><!-- & \u2028\u2029' });
    expect(s).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(s)).toEqual({ a: '</script><!-- & \u2028\u2029' });
  });

  it('holds no defense string in markup: three script elements, closed only by themselves', () => {
    const html = renderHtml(model, '/* chart */');
    expect(html).not.toContain(EVIL);
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html.match(/<script/g)).toHaveLength(3);
    const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(model)));
  });

  it('forbids the network with its Content-Security-Policy', () => {
    const html = renderHtml(model, '');
    expect(CSP).toBe("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:");
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${CSP}">`);
    expect(html).not.toMatch(/\b(src|href)=/);
  });

  it('inlines the kept Chart.js as it is, and refuses a library text that would end its script', () => {
    const chart = chartJsSource();
    expect(chart).toMatch(/^\/\*!\n \* Chart\.js v4\.6\.2/);
    expect(renderHtml(model, chart)).toContain(chart);
    expect(() => renderHtml(model, 'x="</SCRIPT>"')).toThrow(/cannot be inlined/);
    expect(() => renderHtml(model, 'x="<!--"')).toThrow(/cannot be inlined/);
  });
});
