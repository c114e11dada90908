// The report markdown: verdict first, deltas against base, baselines, chart, details, and every
// defense-controlled string inert.
import { describe, expect, it } from 'vitest';
import { bundledCorpus } from '../../src/corpora/registry.js';
import { flowGuard } from '../../src/defenses/egress.js';
import { referenceDefenses } from '../../src/evaluate.js';
import { judge } from '../../src/scoring/judge.js';
import { decide } from '../../src/gate/gate.js';
import { corpusExtras } from '../../src/gate/extras.js';
import { MAX_REPORT_CHARS, renderReport, type ReportInput } from '../../src/gate/render.js';
import { corpusResult, keyOf, RESULTS_SCHEMA_VERSION, type RunResults } from '../../src/gate/results.js';
import type { Defense } from '../../src/defenses/defense.js';

const HOSTILE = 'evil<img src=x onerror=alert(1)> @octocat `rm -rf` | col [x](javascript:alert(1))';
const corpus = bundledCorpus;
/** The text GitHub shows: numeric entities decoded (our own sentences are escaped like any other). */
const shown = (md: string): string => md.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&(quot|lt|gt|amp);/g, (_, e: string) => ({ quot: '"', lt: '<', gt: '>', amp: '&' })[e]!);

function runOf(d: Defense, name: string, commit: string): { results: RunResults; outcomes: Uint8Array } {
  const outcomes = judge(d, corpus.scenarios);
  const c = corpusResult(corpus, name, outcomes);
  return { outcomes, results: { schemaVersion: RESULTS_SCHEMA_VERSION, key: keyOf(name, '0.1.0', [c]), commit, corpora: [c] } };
}

function input(head: Defense, base: Defense | undefined, name = 'my-defense'): ReportInput {
  const h = runOf(head, name, 'a'.repeat(40));
  const b = base ? runOf(base, name, 'b'.repeat(40)) : undefined;
  const denials = new Map(corpus.scenarios.map((s) => [s.id, { scenario: s.id, step: 0, tool: s.trace[0]?.call.tool ?? '', reason: HOSTILE }]));
  return {
    defense: name,
    verdict: decide(h.results, b?.results, { maxAttributableDrop: 0, maxUtilityDrop: 0 }),
    head: h.results,
    base: b ? { results: b.results, source: `base commit ${'b'.repeat(7)}` } : undefined,
    baselineNote: b ? undefined : 'No baseline: first run.',
    extras: { bundled: corpusExtras(corpus, referenceDefenses(corpus), h.outcomes, denials) },
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
    for (const ref of ['allow-all', 'deny-all', 'keyword-filter', 'deny-egress', 'flow-guard']) expect(md).toMatch(new RegExp(`^\\| ${ref} \\|`, 'm'));
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
      expect([4, 5]).toContain(cells);
    }
    // The broken-task list shows the reason escaped, and the chart never sees the raw name.
    expect(md).toContain('Benign tasks broken, with the first denial (4)');
    const chart = md.slice(md.indexOf('```mermaid'), md.indexOf('```', md.indexOf('```mermaid') + 3));
    for (const l of chart.split('\n').filter((x) => x.includes(': ['))) expect(l).toMatch(/^ {2}[A-Za-z0-9 .-]+: \[(1|0\.\d{3}), (1|0\.\d{3})\]$/);
  });

  it('stays under the comment limit by dropping details', () => {
    const big = input(denyAll, undefined);
    const many = Array.from({ length: 5000 }, (_, i) => ({ scenario: `s${i}`, step: 0, tool: 't', reason: 'r'.repeat(200) }));
    const x = big.extras['bundled']!;
    const md = renderReport({ ...big, extras: { bundled: { ...x, brokenBenign: many, baselines: Array(300).fill(x.baselines[0]!) } } });
    expect(md.length).toBeLessThanOrEqual(MAX_REPORT_CHARS);
    expect(md).toMatch(/^## ❌|^## ✅/);
  });
});
