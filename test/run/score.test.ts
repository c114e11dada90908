// The classifier rows beside a user's defense: a table that cannot be had leaves them out with a
// warning (an InputError); any other error is a bug and fails the run, never a quiet warning.
// Repetitions of a deterministic defense change nothing but add the repeats field.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../../src/data/store.js';
import { InputError } from '../../src/model/errors.js';
import { classifierRows, loadCorpora, scoreUserDefense } from '../../src/run/score.js';

const store = new CorpusStore();
const pairs = store.pairs();

describe('classifierRows', () => {
  it("scores the pinned tables the corpus's registry entry names", () => {
    const warnings: string[] = [];
    const rows = classifierRows(
      pairs,
      () => store,
      (m) => warnings.push(m),
    );
    expect(rows.map((d) => d.name)).toContain('protectai-both@0.5');
    expect(warnings).toEqual([]);
  });

  it('leaves them out with a warning when the tables cannot be read (bad input)', () => {
    const warnings: string[] = [];
    const nowhere = { root: '/nonexistent/data-root' } as CorpusStore;
    expect(
      classifierRows(
        pairs,
        () => nowhere,
        (m) => warnings.push(m),
      ),
    ).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/^classifier rows left out on pairs: scores\/manifest\.json: cannot read: ENOENT$/)]);
  });

  it('rethrows anything else: a bug is not a missing table', () => {
    const warnings: string[] = [];
    const broken = (): CorpusStore => {
      throw new TypeError('stub store: a bug');
    };
    expect(() => classifierRows(pairs, broken, (m) => warnings.push(m))).toThrow(TypeError);
    expect(warnings).toEqual([]);
    // The same store failing with bad input is still softened.
    const bad = (): CorpusStore => {
      throw new InputError('stub store: bad input');
    };
    expect(classifierRows(pairs, bad, (m) => warnings.push(m))).toEqual([]);
    expect(warnings).toEqual(['classifier rows left out on pairs: stub store: bad input']);
  });
});

describe('scoreUserDefense with repeat', () => {
  const MODULE = join(import.meta.dirname, '../fixtures/defenses/rule-module.mjs');
  const score = (repeat: number | undefined) =>
    scoreUserDefense(
      { kind: 'module', path: MODULE },
      loadCorpora(['bundled', 'agentdyn-gpt-4o-2024-08-06'], () => store),
      {
        name: undefined,
        keyName: 'default',
        timeoutMs: 10_000,
        cwd: process.cwd(),
        commit: '',
        ...(repeat === undefined ? {} : { repeat }),
      },
    );

  it('gives a deterministic defense the same results, recorded runs and their effect counts included, plus every repetition', async () => {
    const [once, twice] = [await score(undefined), await score(2)];
    for (const [i, c] of twice.results.corpora.entries()) {
      const { repeats, ...rest } = c;
      expect(rest).toEqual(once.results.corpora[i]);
      expect(repeats).toEqual({ n: 2, outcomes: [c.outcomes, c.outcomes] });
    }
    expect(twice.results.corpora[1]!.trajectory).toBeDefined();
    expect(twice.stats).toMatch(/\(2 repetitions\)$/);
  });
});
