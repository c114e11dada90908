// The gate's report markdown: verdict first, deltas against base, reference and classifier rows,
// chart, details, and every defense-controlled string inert.
import { describe, expect, it } from 'vitest';
import { bundledCorpus, CorpusStore } from '../../src/data/store.js';
import type { TrajectoryCorpus } from '../../src/corpora/corpus.js';
import { escapeMarkdown } from '../../src/format/escape.js';
import { judgeRecorded } from '../../src/scoring/trajectory.js';
import { flowGuard } from '../../src/defenses/egress.js';
import { referenceDefenses } from '../../src/evaluate/corpus.js';
import { judge } from '../../src/scoring/judge.js';
import { computeVerdict } from '../../src/gate/verdict.js';
import { brokenBenign, evaluateRows } from '../../src/evaluate/rows.js';
import { MAX_REPORT_CHARS, renderReport, type ReportInput } from '../../src/report/comment.js';
import { corpusResult, keyOf, RESULTS_SCHEMA_VERSION, type RunResults } from '../../src/gate/results.js';
import type { Defense } from '../../src/defenses/defense.js';

const HOSTILE = 'evil<img src=x onerror=alert(1)> @octocat `rm -rf` | col [x](javascript:alert(1))';
const corpus = bundledCorpus;
/** The text GitHub shows: numeric entities decoded (our own sentences are escaped like any other). */
const shown = (md: string): string =>
  md
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&(quot|lt|gt|amp);/g, (_, e: string) => ({ quot: '"', lt: '<', gt: '>', amp: '&' })[e]!);

function runOf(d: Defense, name: string, commit: string): { results: RunResults; outcomes: Uint8Array } {
  const outcomes = judge(d, corpus.scenarios);
  const c = corpusResult(corpus, name, outcomes);
  return { outcomes, results: { schemaVersion: RESULTS_SCHEMA_VERSION, key: keyOf(name, '0.1.0', [c]), commit, corpora: [c] } };
}

function input(head: Defense, base: Defense | undefined, name = 'my-defense'): ReportInput {
  const h = runOf(head, name, 'a'.repeat(40));
  const b = base ? runOf(base, name, 'b'.repeat(40)) : undefined;
  const denials = new Map(
    corpus.scenarios.map((s) => [s.id, { scenario: s.id, step: 0, tool: s.trace[0]?.call.tool ?? '', reason: HOSTILE }]),
  );
  const details = {
    rows: evaluateRows(
      corpus,
      referenceDefenses(corpus),
      [flowGuard(corpus.policy)].map((d) => ({ ...d, name: 'classifier-x' })),
    ),
    scenarioIds: corpus.scenarios.map((s) => s.id),
    brokenBenign: brokenBenign(corpus, h.outcomes, denials),
  };
  return {
    defense: name,
    verdict: computeVerdict(h.results, b?.results, { maxAttributableDrop: 0, maxUtilityDrop: 0 }),
    head: h.results,
    base: b ? { results: b.results, source: `base commit ${'b'.repeat(7)}` } : undefined,
    baseNote: b ? undefined : 'No baseline: first run.',
    details: { bundled: details },
    toolVersion: '0.1.0',
    runUrl: 'https://github.com/o/r/actions/runs/1',
  };
}

const guard = flowGuard(corpus.policy);
const allowAll: Defense = { name: 'x', decide: () => ({ allowed: true, reason: '' }) };
const denyAll: Defense = { name: 'x', decide: () => ({ allowed: false, reason: HOSTILE }) };

describe('renderReport', () => {
  it('puts a failing verdict first, naming the metric and the points', () => {
    const md = shown(renderReport(input(allowAll, guard)));
    const first = md.split('\n').slice(0, 3).join('\n');
    expect(first).toMatch(/^## ❌ Defense gate failed: my-defense\n\n- \*\*bundled: attributable block rate fell \d+\.\d pp/);
    expect(md).toContain('Compared with base commit bbbbbbb.');
    expect(md).toMatch(/\| \*\*my-defense\*\* \(head aaaaaaa\) \| 0\/6 0\.0% \(−\d+\.\d pp\)/);
    expect(md).toMatch(/\| my-defense \(base bbbbbbb\) \|/);
    for (const ref of ['allow-all', 'deny-all', 'keyword-filter', 'deny-egress', 'flow-guard', 'classifier-x'])
      expect(md).toMatch(new RegExp(`^\\| ${ref} \\|`, 'm'));
    // References first, then the classifier rows.
    expect(md.indexOf('| allow-all |')).toBeLessThan(md.indexOf('| classifier-x |'));
    expect(md).toContain('```mermaid\nquadrantChart\n');
    expect(md).toMatch(/^ {2}this defense: \[1, 0\.000\]$/m);
    expect(md).toContain('<details><summary>Per suite</summary>');
    expect(md).toContain('Scenarios whose outcome changed from base');
    expect(md).toMatch(/corpora bundled `[0-9a-f]{12}`/);
    expect(md).toContain('Static corpora are a regression test, not a security proof');
  });

  it('passes an improvement and says so', () => {
    const md = shown(renderReport(input(guard, allowAll)));
    expect(md).toMatch(/^## ✅ Defense gate passed: my-defense\n\nNo metric fell past its threshold\./);
    expect(md).toMatch(/attributable block rate rose/);
  });

  it('without a baseline passes with the note', () => {
    const md = shown(renderReport(input(guard, undefined)));
    expect(md).toMatch(/^## ✅ Defense gate passed/);
    expect(md).toContain('> No baseline: first run.');
    expect(md).not.toContain('(base ');
  });

  it('renders a hostile defense name and reason inert', () => {
    const md = renderReport(input(denyAll, undefined, HOSTILE));
    // No raw HTML, mention, code span, link or extra table cell from the defense's strings.
    expect(md).not.toMatch(/<img/i);
    expect(md).not.toMatch(/@octocat/);
    expect(md).not.toContain('`rm -rf`');
    expect(md).not.toContain('](javascript');
    expect(md).toContain('evil&lt;img src=x onerror=alert&#40;1&#41;&gt; &#64;octocat &#96;rm -rf&#96; &#124; col');
    // Every table row keeps exactly its columns.
    const rows = md.split('\n').filter((l) => l.startsWith('| '));
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      const cells = r.split('|').length - 2;
      // Metrics rows have 6 cells, the broken-task list 4.
      expect([4, 6]).toContain(cells);
    }
    // The broken-task list shows the reason escaped, and the chart never sees the raw name.
    expect(md).toContain('Benign tasks broken, with the first denial (4)');
    const chart = md.slice(md.indexOf('```mermaid'), md.indexOf('```', md.indexOf('```mermaid') + 3));
    for (const l of chart.split('\n').filter((x) => x.includes(': [')))
      expect(l).toMatch(/^ {2}[A-Za-z0-9 .-]+: \[(1|0\.\d{3}), (1|0\.\d{3})\]$/);
  });

  it('lists at most 40 broken tasks and says how many more', () => {
    const big = input(denyAll, undefined);
    const x = big.details['bundled']!;
    const many = Array.from({ length: 5000 }, (_, i) => ({ scenario: `s${i}`, step: 0, tool: 't', reason: 'r'.repeat(300) }));
    const md = renderReport({ ...big, details: { bundled: { ...x, brokenBenign: many } } });
    expect(md).toContain('Benign tasks broken, with the first denial (5000)');
    expect(md).toContain('| s39 | 0 | t |');
    expect(md).not.toContain('| s40 |');
    expect(md).toContain('…and 4960 more.');
    // Reasons are cut at 200 characters.
    expect(md).toContain(`${'r'.repeat(200)}…`);
    expect(md).not.toContain('r'.repeat(201));
  });

  it('stays under the comment limit by dropping details, never the verdict or the main table', () => {
    const big = input(allowAll, guard);
    const x = big.details['bundled']!;
    const ref = x.rows.overall.references[0]!;
    const wide = { references: Array(200).fill(ref), classifiers: [] };
    const rows = { ...x.rows, overall: wide, bySuite: Object.fromEntries(Object.keys(x.rows.bySuite).map((k) => [k, wide])) };
    const md = renderReport({ ...big, details: { bundled: { ...x, rows } } });
    expect(md.length).toBeLessThanOrEqual(MAX_REPORT_CHARS);
    // The full report would not fit: the per-suite tables (level 1 and up) are gone, the rest stays.
    expect(renderReport({ ...big, details: { bundled: { ...x, rows: { ...rows, bySuite: {} } } } })).toContain(
      'Scenarios whose outcome changed',
    );
    expect(md).not.toContain('<summary>Per suite</summary>');
    expect(md).not.toContain('Scenarios whose outcome changed');
    expect(shown(md)).toMatch(/^## ❌ Defense gate failed: my-defense\n\n- \*\*bundled: attributable block rate fell/);
    expect(md).toMatch(/\| \*\*my-defense\*\* \(head aaaaaaa\) \|/);
    expect(md).toContain('```mermaid\nquadrantChart\n');
    expect(md).toContain('Static corpora are a regression test');
  });
});

describe('renderReport on recorded runs', () => {
  const dyn = new CorpusStore().load('agentdyn-gpt-4o-2024-08-06') as TrajectoryCorpus;
  function report(): string {
    const j = judgeRecorded(flowGuard(dyn.policy), dyn.scenarios);
    const c = corpusResult(dyn, 'my-defense', j.outcomes, [], undefined, j);
    const head: RunResults = {
      schemaVersion: RESULTS_SCHEMA_VERSION,
      key: keyOf('my-defense', '0.1.0', [c]),
      commit: 'a'.repeat(40),
      corpora: [c],
    };
    return renderReport({
      defense: 'my-defense',
      verdict: computeVerdict(head, undefined, { maxAttributableDrop: 0, maxUtilityDrop: 0 }),
      head,
      details: {
        [dyn.name]: {
          rows: evaluateRows(dyn, referenceDefenses(dyn), []),
          scenarioIds: dyn.scenarios.map((s) => s.id),
          brokenBenign: [],
        },
      },
      toolVersion: '0.1.0',
    });
  }

  it("shows the logged pipelines' own results collapsed, labelled as a different measurement, apart from every comparison", () => {
    const md = report();
    const summary =
      "<details><summary>Context: live end to end, measured by AgentDyn's authors — a different measurement " +
      `(${dyn.context.length} logged pipelines; never compared, never in the verdict)</summary>`;
    expect(dyn.context.map((r) => r.defense)).toEqual([
      'none',
      'drift',
      'piguard_detector',
      'progent',
      'prompt_guard_2_detector',
      'repeat_user_prompt',
      'spotlighting_with_delimiting',
      'tool_filter',
      'transformers_pi_detector',
    ]);
    const start = md.indexOf(summary);
    expect(start).toBeGreaterThan(0);
    const section = md.slice(start, md.indexOf('</details>', start));
    // Every row, inside the collapsed section, with the logs' counts.
    for (const r of dyn.context) expect(section).toContain(`| ${escapeMarkdown(r.model)} | ${escapeMarkdown(r.defense)} |`);
    expect(section).toContain(
      '| gpt-4o-2024-08-06 | drift | important&#95;instructions 5/560 0.9% | important&#95;instructions 152/560 27.1% | 18/60 30.0% |',
    );
    expect(shown(section)).toContain("live end to end, measured by AgentDyn's authors: the utility/security labels their benchmark wrote");
    // Nowhere else: not in the tables compared with the defense, the chart, the checks or the verdict.
    const outside = md.slice(0, start) + md.slice(md.indexOf('</details>', start));
    for (const r of dyn.context.filter((x) => x.defense !== 'none')) expect(outside).not.toContain(escapeMarkdown(r.defense));
  });

  it('has no context section on corpora without recorded runs', () => {
    expect(renderReport(input(guard, undefined))).not.toContain('<summary>Context');
  });
});
