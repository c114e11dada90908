// --html end to end through runCli (docs/html.md): the page's model read back from its JSON block
// holds the report's figures (the JSON report's rows, the markdown's cells), and the flag is
// refused where no defense is scored and where the file cannot be written.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScoredResult } from '../../src/model/result.js';
import type { HtmlModel, HtmlPoint } from '../../src/report/html.js';
import { metricsCells } from '../../src/report/metrics-table.js';
import { attributableRate, utilityRate } from '../../src/scoring/rates.js';
import { cli } from './run.js';

const tmp = mkdtempSync(join(tmpdir(), 'defense-eval-html-cli-'));
const MODULE = join(import.meta.dirname, '../fixtures/defenses/rule-module.mjs');
const modelOf = (file: string): HtmlModel =>
  JSON.parse(/<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(readFileSync(file, 'utf8'))![1]!) as HtmlModel;

describe('--html', () => {
  it('pairs with your defense: every row of the JSON report on the scatter and in the table, with the markdown’s cells', async () => {
    const file = join(tmp, 'pairs.html');
    const flags = ['--corpus', 'pairs', '--defense-module', MODULE];
    const r = await cli(...flags, '--html', file);
    expect(r.code, r.stderr).toBe(0);
    const json = await cli(...flags, '--format', 'json');
    const results = (JSON.parse(json.stdout) as { comparison: { results: ScoredResult[] } }).comparison.results;
    const [main] = modelOf(file).sections;
    const points = main!.charts[0]!.datasets.flatMap((d) => d.data as HtmlPoint[]);
    expect(points.map((p) => p.label).sort()).toEqual(results.map((x) => x.defense).sort());
    for (const x of results) {
      expect(points.find((p) => p.label === x.defense)).toEqual({
        x: utilityRate(x)! * 100,
        y: attributableRate(x)! * 100,
        label: x.defense,
      });
      const { su_hm: _, ...plain } = x;
      expect(main!.tables[0]!.rows.find((row) => row[0] === x.defense)).toEqual([x.defense, ...metricsCells(plain)]);
    }
    expect(main!.tables[1]!.caption).toBe('Threshold sweep, scope both');
  });

  it('without your defense: the reference rows, per suite', async () => {
    const file = join(tmp, 'agentdojo.html');
    const r = await cli('--corpus', 'agentdojo', '--html', file);
    expect(r.code, r.stderr).toBe(0);
    const [main] = modelOf(file).sections;
    expect(main!.title).toBe('Corpus: agentdojo');
    expect(main!.charts.map((c) => c.kind)).toEqual(['scatter', 'bar', 'bar']);
    expect(main!.charts[1]!.labels).toEqual(['banking', 'slack', 'travel', 'workspace']);
  });

  it('refuses a path it cannot write and a corpus that scores no defense, naming the flag', async () => {
    const unwritable = await cli('--corpus', 'bundled', '--html', '/nonexistent/dir/r.html');
    expect([unwritable.code, unwritable.stderr]).toEqual([2, 'defense-eval: --html /nonexistent/dir/r.html: cannot write: ENOENT\n']);
    const reach = await cli('--corpus', 'egress-reach', '--html', join(tmp, 'x.html'));
    expect([reach.code, reach.stderr]).toEqual([2, expect.stringMatching(/^defense-eval: --html does not apply to --corpus egress-reach/)]);
  });
});
