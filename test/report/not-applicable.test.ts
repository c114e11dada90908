// An empty group prints "n/a", never a rate of 0/0 or an SU-HM of 0.0, in every output: the CLI's
// text (the original's "count (rate)" cells keep their counts; the rate is n/a) and markdown, the
// recorded-run tables, the gate's comment and the action's rate outputs. The empty groups are real:
// agentdojo's under-specification buckets with no injection task, pairs' attack classes (no benign
// task), and gpt-5-mini's recorded runs (no attack succeeded undefended, so the gate's attack axis
// is empty for the whole corpus).
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { BOT } from '../action/github-server.js';
import { DirCache, policy, runAction, useFakeGitHub } from '../action/harness.js';

async function cli(...argv: string[]) {
  let stdout = '',
    stderr = '';
  const code = await runCli(argv, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  expect(code, stderr).toBe(0);
  return stdout;
}

/** The rows of every markdown table whose cells include n/a. */
/** The metrics tables' rows with an n/a cell (six cells: defense, the three rates, SU-HM, the last count; the context rows have other shapes). */
const naRows = (md: string) => md.split('\n').filter((l) => l.startsWith('| ') && l.includes(' n/a ') && l.split(' | ').length === 6);
const NO_MODEL = 'agentdyn-gpt-5-mini-2025-08-07';

describe('n/a for an empty group', () => {
  it('text: an empty group keeps its 0/0 count and prints its rate n/a, never 0%', async () => {
    const text = (await cli('--corpus', 'agentdojo')) + (await cli('--corpus', 'pairs'));
    const empty = text.split('\n').filter((l) => / 0\/0 /.test(l));
    expect(empty.length).toBeGreaterThan(10);
    for (const l of empty) expect(l, l).toMatch(/ 0\/0 \(n\/a\) /);
    // agentdojo's buckets without an injection task: nothing blocked, nothing attributable, both n/a.
    expect(text).toMatch(/\nflow-guard {15}0\/0 \(n\/a\) {10}0 \(n\/a\) {12}13\/17 \( 76%\)/);
    expect(text).not.toMatch(/0\/0 \( *\d+%\)/);
  });

  it('markdown: n/a for the rate and the SU-HM, never 0/0 or 0.0', async () => {
    const md = (await cli('--corpus', 'agentdojo', '--format', 'markdown')) + (await cli('--corpus', 'pairs', '--format', 'markdown'));
    expect(md).not.toContain('0/0');
    const rows = naRows(md);
    expect(rows.length).toBeGreaterThan(10);
    // | defense | attributable | block | utility | SU-HM | unscored |: an empty axis makes SU-HM n/a too.
    for (const r of rows) expect(r.split(' | ')[4], r).toBe('n/a');
    expect(md).toContain('| flow-guard | n/a | n/a | 13/17 76.5% | n/a | 0 |');
  });

  it('recorded runs, text and markdown: the attack axis of a model no attack succeeded against is n/a', async () => {
    const text = await cli('--corpus', NO_MODEL);
    expect(text).toMatch(/\nallow-all +\d+\/\d+ [\d.]+% .* n\/a +\d+\/\d+ 100\.0%\n/);
    expect(text).not.toContain('0/0');
    const md = await cli('--corpus', NO_MODEL, '--format', 'markdown');
    expect(md).not.toContain('0/0');
    expect(md).toMatch(/\n\| allow-all \| \d+\/\d+ 0\.0% \| \d+\/\d+ 0\.0% \| [^|]+ \| [^|]+ \| [\d.]+ \| n\/a \| \d+\/\d+ 100\.0% \|\n/);
  });
});

describe('n/a in the action: the rate outputs and the comment', () => {
  const gh = useFakeGitHub();

  it('an empty attack axis on the first corpus: its rate outputs and SU-HM are n/a, and so are the comment cells', async () => {
    const r = await runAction(
      { defense: policy('guard'), corpora: NO_MODEL, baseline: 'none' },
      { name: 'pull_request', sha: 'm'.repeat(40), pr: { number: 3, base: 'b'.repeat(40), head: 'c'.repeat(40) } },
      { apiUrl: gh.url, cache: new DirCache() },
    );
    expect(r.code, r.failed.join('\n')).toBe(0);
    expect([r.outputs['attributable-rate'], r.outputs['block-rate'], r.outputs['su-hm']]).toEqual(['n/a', 'n/a', 'n/a']);
    expect(r.outputs['utility-rate']).toMatch(/^[01]\.\d{4}$/);
    const [comment] = (gh.comments.get(3) ?? []).filter((c) => c.user.login === BOT);
    for (const body of [comment!.body, r.summary]) {
      expect(body).not.toContain('0/0');
      const rows = naRows(body);
      expect(rows.length).toBeGreaterThan(5);
      // | defense | attacks stopped | attacks halted | benign runs intact | SU-HM | …
      for (const row of rows) expect(row.split(' | ').slice(1, 5), row).toEqual(['n/a', 'n/a', expect.stringMatching(/^\d+\/\d+ /), 'n/a']);
    }
  });
});
