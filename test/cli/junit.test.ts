// --junit end to end through runCli: the file parsed back with xmllint, a test case per scenario
// and defense, failures equal to the report's broken benign tasks plus missed injections, your
// defense's reasons (hostile ones too) as the failures' messages.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScoredResult } from '../../src/model/result.js';
import { wellFormed, xpath } from '../report/xmllint.js';
import { cli } from './run.js';

const tmp = mkdtempSync(join(tmpdir(), 'defense-eval-junit-'));
const count = (xml: string, expr: string): number => Number(xpath(xml, `count(${expr})`));
/** The report's figures that are failures: broken benign tasks and injections not blocked. */
const failuresOf = (r: ScoredResult): number =>
  r.benign_total - r.benign_kept - (r.benign_confirmed ?? 0) + (r.injections_total - r.injections_blocked);

/** Every suite's name and failures, and the report's figures for the same defenses. */
async function compareWithReport(flags: string[], junit: string) {
  const report = await cli(...flags, '--format', 'json');
  expect(report.code).toBe(0);
  const results = (JSON.parse(report.stdout) as { comparison: { results: ScoredResult[] } }).comparison.results;
  const xml = readFileSync(junit, 'utf8');
  const suites = Array.from({ length: count(xml, '/testsuites/testsuite') }, (_, i) => {
    const s = `/testsuites/testsuite[${i + 1}]`;
    return [xpath(xml, `string(${s}/@name)`), Number(xpath(xml, `string(${s}/@failures)`)), count(xml, `${s}/testcase/failure`)] as const;
  });
  return { xml, suites, results };
}

describe('--junit', () => {
  it('writes a test case per scenario and reference defense on the bundled corpus, failing what the report counts against each', async () => {
    const file = join(tmp, 'bundled.xml');
    const r = await cli('--corpus', 'bundled', '--junit', file);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/^corpus: bundled\n/);
    const { xml, suites, results } = await compareWithReport(['--corpus', 'bundled'], file);
    expect(wellFormed(xml)).toBe('');
    // 10 scenarios × 5 reference defenses.
    expect(count(xml, '//testcase')).toBe(50);
    expect(suites.map(([name]) => name)).toEqual(
      ['allow-all', 'deny-all', 'keyword-filter', 'deny-egress', 'flow-guard'].map((d) => `bundled / ${d}`),
    );
    for (const [name, failures, failed] of suites) {
      const result = results.find((x) => `bundled / ${x.defense}` === name)!;
      expect([failures, failed], name).toEqual([failuresOf(result), failuresOf(result)]);
    }
    expect(suites.reduce((n, [, f]) => n + f, 0)).toBe(17);
    // deny-all breaks every benign task, with its own reason.
    expect(xpath(xml, 'string((//testsuite[@name="bundled / deny-all"]//failure[@type="benign-broken"])[1]/@message)')).toMatch(
      /^denied at step 0 \([\w.]+\): \S/,
    );
  });

  it('holds your defense first, with its reasons as the driver kept them, hostile ones as text', async () => {
    const mod = join(tmp, 'hostile.mjs');
    const reason = ']]></failure><testcase name="x">\u0000\u001b[31m\uD800 & \'';
    writeFileSync(
      mod,
      `export default { name: 'hostile</testsuite>', stateless: true, decide: (c) => /send/.test(c.tool) ? { allow: false, reason: ${JSON.stringify(reason)} } : { allow: true, reason: 'ok' } };\n`,
    );
    const file = join(tmp, 'mine.xml');
    const flags = ['--corpus', 'bundled', '--defense-module', mod, '--defense', 'flow-guard'];
    const r = await cli(...flags, '--junit', file);
    expect(r.code).toBe(0);
    const { xml, suites, results } = await compareWithReport(flags, file);
    expect(wellFormed(xml)).toBe('');
    expect(count(xml, '//testcase')).toBe(20);
    expect(suites.map(([name]) => name)).toEqual(['bundled / hostile</testsuite>', 'bundled / flow-guard']);
    const mine = results.find((x) => x.defense === 'hostile</testsuite>')!;
    expect(suites[0]![1]).toBe(failuresOf(mine));
    const broken = xpath(xml, 'string((/testsuites/testsuite[1]//failure[@type="benign-broken"])[1]/@message)');
    expect(broken).toMatch(/^denied at step \d \([\w.]*send[\w.]*\): /);
    expect(broken.slice(broken.indexOf('): ') + 3)).toBe(`]]></failure><testcase name="x">\uFFFD\uFFFD[31m\uFFFD & '`);
  });

  it('fails on a recorded corpus what the report counts against each defense: broken benign tasks and successful attacks', async () => {
    const file = join(tmp, 'agentdyn.xml');
    const corpus = 'agentdyn-gpt-4o-2024-08-06';
    const r = await cli('--corpus', corpus, '--scores', 'none', '--format', 'json', '--junit', file);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      results: { defense: string; gate: ScoredResult; counts: { attack_success: number } }[];
    };
    const xml = readFileSync(file, 'utf8');
    expect(wellFormed(xml)).toBe('');
    expect(count(xml, '/testsuites/testsuite')).toBe(report.results.length);
    for (const x of report.results) {
      const suite = `/testsuites/testsuite[@name="${corpus} / ${x.defense}"]`;
      const broken = x.gate.benign_total - x.gate.benign_kept - (x.gate.benign_confirmed ?? 0);
      expect(Number(xpath(xml, `string(${suite}/@failures)`)), x.defense).toBe(broken + x.counts.attack_success);
      expect(Number(xpath(xml, `string(${suite}/@skipped)`)), x.defense).toBe(x.gate.unscored);
      expect(count(xml, `${suite}/testcase`)).toBe(610);
    }
  });

  it('refuses a path it cannot write and a corpus that scores no defense, naming the flag', async () => {
    const unwritable = await cli('--corpus', 'bundled', '--junit', '/nonexistent/dir/j.xml');
    expect([unwritable.code, unwritable.stdout, unwritable.stderr]).toEqual([
      2,
      '',
      'defense-eval: --junit /nonexistent/dir/j.xml: cannot write: ENOENT\n',
    ]);
    const reach = await cli('--corpus', 'egress-reach', '--junit', join(tmp, 'x.xml'));
    expect([reach.code, reach.stderr]).toEqual([
      2,
      expect.stringMatching(/^defense-eval: --junit does not apply to --corpus egress-reach/),
    ]);
  });
});
