// The classifier rows beside a user's defense: a table that cannot be had leaves them out with a
// warning (an InputError); any other error is a bug and fails the run, never a quiet warning.
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../../src/data/store.js';
import { InputError } from '../../src/model/errors.js';
import { classifierRows } from '../../src/run/score.js';

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
