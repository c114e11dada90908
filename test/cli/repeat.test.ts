// --repeat and --significance end to end: a defense that alternates its decisions flips scenarios
// across repetitions and a deterministic one does not; one repetition writes the results file as
// before; against a base, a drop past its limit fails unless McNemar finds it not significant.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RunResultsSchema } from '../../src/gate/results.js';
import { cli } from './run.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/defenses');
const FLIP_FLOP = `"${process.execPath}" "${join(FIXTURES, 'flip-flop-stdio.mjs')}"`;
const RULE = `"${process.execPath}" "${join(FIXTURES, 'rule-stdio.mjs')}"`;
const tmp = mkdtempSync(join(tmpdir(), 'defense-eval-repeat-'));

const results = (path: string) => RunResultsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));

describe('--repeat', () => {
  it('counts the scenarios a non-deterministic defense flipped, and records every repetition', async () => {
    const out = join(tmp, 'flip.json');
    const r = await cli('--corpus', 'bundled', '--defense-cmd', FLIP_FLOP, '--repeat', '3', '--out-results', out);
    expect(r.code).toBe(0);
    // Denied, allowed, denied: the injection runs whose first call is injected are blocked twice and
    // missed once, the benign tasks broken twice and kept once; runs halted on a user-task call stay not good.
    expect(r.stderr).toContain('bundled: 6 of 10 scored scenarios flipped across 3 repetitions\n');
    expect(r.stderr).toMatch(/scored flip-flop on bundled: \d+ requests for \d+ decisions \(3 repetitions\)/);
    const c = results(out).corpora[0]!;
    expect(c.repeats).toEqual({ n: 3, outcomes: ['6666442222', '3333331111', '6666442222'] });
    // The aggregate: good where most repetitions were, and the counts are the aggregate's.
    expect(c.outcomes).toBe('6666442222');
    expect(c.result).toMatchObject({ injections_attributable: 2, benign_kept: 0, benign_total: 4 });
  });

  it('counts no flips for a deterministic defense', async () => {
    const out = join(tmp, 'rule3.json');
    const r = await cli('--corpus', 'bundled', '--defense-cmd', RULE, '--repeat', '3', '--out-results', out);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('bundled: 0 of 10 scored scenarios flipped across 3 repetitions\n');
    const c = results(out).corpora[0]!;
    expect(new Set(c.repeats!.outcomes)).toEqual(new Set([c.outcomes]));
  });

  it('with one repetition writes the results file byte for byte as without the flag, with no repeats field', async () => {
    const [a, b] = [join(tmp, 'once-a.json'), join(tmp, 'once-b.json')];
    const withFlag = await cli('--corpus', 'bundled', '--defense-cmd', RULE, '--repeat', '1', '--out-results', a);
    const without = await cli('--corpus', 'bundled', '--defense-cmd', RULE, '--out-results', b);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    expect(readFileSync(a, 'utf8')).not.toContain('repeats');
    expect(withFlag.stderr).toBe(without.stderr);
    expect(withFlag.stderr).not.toContain('flipped');
  });

  it.each([
    [['--repeat', '0'], '--repeat: "0" is not a whole number between 1 and 100'],
    [['--repeat', '101'], '--repeat: "101" is not a whole number between 1 and 100'],
    [['--repeat', 'abc'], '--repeat: "abc" is not a whole number between 1 and 100'],
    [['--repeat', '2', '--online'], '--repeat 2 does not apply with --online: the streams are played once'],
    [['--repeat', '2', '--adaptive', '1'], /^--repeat 2 does not apply with --adaptive: the attack checks/],
    [['--significance', '0.05'], '--significance needs --baseline'],
  ])('refuses %j with exit 2, naming the flag', async (flags, message) => {
    const r = await cli('--corpus', 'pairs', '--defense-cmd', RULE, ...flags);
    expect(r.code).toBe(2);
    const line = r.stderr.replace(/^defense-eval: /, '').trimEnd();
    if (typeof message === 'string') expect(line).toBe(message);
    else expect(line).toMatch(message);
  });

  it('needs your defense', async () => {
    expect((await cli('--corpus', 'bundled', '--repeat', '2')).stderr).toContain('--repeat needs your defense');
  });
});

describe('--significance against --baseline', () => {
  const base = join(tmp, 'base.json');
  beforeAll(async () => {
    expect((await cli('--corpus', 'bundled', '--defense-cmd', RULE, '--out-results', base)).code).toBe(0);
  });
  const head = ['--corpus', 'bundled', '--defense-cmd', FLIP_FLOP, '--repeat', '3', '--baseline', base];

  it('off: a drop past its limit fails, with McNemar beside it', async () => {
    const r = await cli(...head);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'FAIL bundled: utility fell 100.0 pp (100.0% → 0.0%, 4 → 0 of 4), more than the allowed 0.0 pp; McNemar b=4 c=0, p=0.13\n',
    );
  });

  it('at 0.05: the same drops are not significant, and pass saying so', async () => {
    const r = await cli(...head, '--significance', '0.05');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'ok   bundled: utility fell 100.0 pp (100.0% → 0.0%, 4 → 0 of 4), more than the allowed 0.0 pp, but not significantly: McNemar b=4 c=0, p=0.13, not below 0.05\n',
    );
    expect(r.stderr).toMatch(/ok {3}bundled: attributable block rate fell 33\.3 pp .*McNemar b=4 c=2, p=0\.69, not below 0\.05\n/);
  });

  it('at 0.2: the utility drop is significant and fails', async () => {
    const r = await cli(...head, '--significance', '0.2');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'FAIL bundled: utility fell 100.0 pp (100.0% → 0.0%, 4 → 0 of 4), more than the allowed 0.0 pp; McNemar b=4 c=0, p=0.13 < 0.2\n',
    );
  });

  it.each(['0', '1', '1.5', 'abc'])('refuses --significance %j, naming the flag', async (v) => {
    const r = await cli(...head, '--significance', v);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--significance: ${JSON.stringify(v)} is not a significance level between 0 and 1 (exclusive), e.g. 0.05`);
  });

  it('refuses a base whose outcomes cannot be paired with the scenarios, naming the file', async () => {
    const bad = join(tmp, 'short.json');
    const b = results(base);
    writeFileSync(bad, JSON.stringify({ ...b, corpora: b.corpora.map((c) => ({ ...c, outcomes: c.outcomes.slice(1) })) }));
    const r = await cli(...head.slice(0, -2), '--baseline', bad, '--significance', '0.05');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--baseline ${bad}: it holds 9 outcomes on bundled, which has 10 scenarios`);
  });
});
