// The repeat and significance inputs end to end: the repetitions reach the results file, the log and
// the comment; against the cached base, a drop past its limit fails unless McNemar finds it not significant.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirCache, policy, ROOT, runAction, type Event, useFakeGitHub } from './harness.js';
import { RunResultsSchema } from '../../src/gate/results.js';

const FLIP_FLOP = `"${process.execPath}" "${join(ROOT, 'test/fixtures/defenses/flip-flop-stdio.mjs')}"`;
const BASE = 'b'.repeat(40);
const push: Event = { name: 'push', sha: BASE };
const pr: Event = { name: 'pull_request', sha: 'm'.repeat(40), pr: { number: 7, base: BASE, head: 'c'.repeat(40) } };

const gh = useFakeGitHub();

const results = (path: string) => RunResultsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));

describe('input repeat', () => {
  it('scores each corpus N times: every repetition in the results file, the flips in the log and the report', async () => {
    const r = await runAction({ defense: FLIP_FLOP, repeat: '3', progress: '0' }, push, { apiUrl: gh.url, cache: new DirCache() });
    expect(r.code).toBe(0);
    const c = results(r.outputs['results-path']!).corpora[0]!;
    expect(c.repeats).toEqual({ n: 3, outcomes: ['6666442222', '3333331111', '6666442222'] });
    expect(c.outcomes).toBe('6666442222');
    expect(r.infos).toContain('bundled: 6 of 10 scored scenarios flipped across 3 repetitions');
    expect(r.summary).toContain('Repeated: 6 of 10 scored scenarios flipped across 3 repetitions');
  });

  it('once by default: no repeats field and no flips line', async () => {
    const r = await runAction({ defense: policy('guard'), progress: '0' }, push, { apiUrl: gh.url, cache: new DirCache() });
    expect(readFileSync(r.outputs['results-path']!, 'utf8')).not.toContain('repeats');
    expect(r.infos.filter((l) => l.includes('flipped'))).toEqual([]);
    expect(r.summary).not.toContain('Repeated:');
  });
});

describe('input significance', () => {
  /** The cached base: the deterministic guard; the head: the flip-flop defense, three repetitions. */
  async function gate(significance: string | undefined) {
    const cache = new DirCache();
    await runAction({ defense: policy('guard'), progress: '0' }, push, { apiUrl: gh.url, cache });
    return runAction(
      { defense: FLIP_FLOP, repeat: '3', progress: '0', comment: 'never', ...(significance === undefined ? {} : { significance }) },
      pr,
      { apiUrl: gh.url, cache },
    );
  }

  it('off: the utility drop past its limit fails, with McNemar beside it', async () => {
    const r = await gate(undefined);
    expect(r.code).toBe(1);
    expect(r.failed[0]).toMatch(
      /bundled: utility fell 100\.0 pp \(100\.0% → 0\.0%, 4 → 0 of 4\), more than the allowed 0\.0 pp; McNemar b=4 c=0, p=0\.13/,
    );
  });

  it('0.05: the drops are not significant, so the gate passes and says why', async () => {
    const r = await gate('0.05');
    expect(r.code).toBe(0);
    expect(r.outputs['verdict']).toBe('pass');
    expect(r.infos).toContain(
      'ok   bundled: utility fell 100.0 pp (100.0% → 0.0%, 4 → 0 of 4), more than the allowed 0.0 pp, but not significantly: McNemar b=4 c=0, p=0.13, not below 0.05',
    );
  });

  it('0.2: the utility drop is significant and fails', async () => {
    const r = await gate('0.2');
    expect(r.code).toBe(1);
    expect(r.failed[0]).toMatch(/bundled: utility fell 100\.0 pp .*; McNemar b=4 c=0, p=0\.13 < 0\.2/);
  });
});
