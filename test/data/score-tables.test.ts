// Tables used together: the same table twice, a table missing texts, and tables cut into windows
// differently are refused; a table from our scorer (windows: "char-offsets") stands beside the
// published ones, which carry no windows key and were cut the same way.
import { describe, expect, it } from 'vitest';
import type { LoadedTable, ScoreTable } from '../../src/model/score-table.js';
import { checkTables, checkWindowing } from '../../src/data/score-tables.js';
import { textKey } from '../../src/defenses/classifier.js';
import { mkCall, scenario, step } from '../helpers.js';

const scenarios = [scenario([step(mkCall('send_money', 'hello'))])];
const table = (path: string, chunking: ScoreTable['chunking'], scores = { [textKey('hello')]: 0.1 }): LoadedTable => ({
  path,
  sha256: path,
  table: { model: 'm/x', revision: '', positive_label: 'INJECTION', chunking, scores },
});
const published = table('published.json', { window_tokens: 510, stride_tokens: 256 });

describe('checkTables', () => {
  it('accepts a scorer table beside a published one: a missing windows key reads as char-offsets', () => {
    expect(() =>
      checkTables([published, table('ours.json', { window_tokens: 510, stride_tokens: 256, windows: 'char-offsets' })], scenarios),
    ).not.toThrow();
  });

  it.each([
    ['another window method', { window_tokens: 510, stride_tokens: 256, windows: 'token-ids' }],
    ['another stride', { window_tokens: 510, stride_tokens: 128 }],
    ['another window', { window_tokens: 256, stride_tokens: 256 }],
  ])('refuses %s', (_, chunking) => {
    expect(() => checkWindowing([published, table('other.json', chunking)])).toThrow(
      /other\.json uses windowing .* unlike published\.json .*not comparable/,
    );
  });

  it('refuses a table that misses a text, naming the count', () => {
    expect(() => checkTables([table('empty.json', null, { [textKey('other')]: 0.5 })], scenarios)).toThrow(
      /empty\.json does not cover this corpus: 1 texts unscored/,
    );
  });

  it('refuses the same table twice', () => {
    expect(() => checkTables([published, { ...published, path: 'copy.json' }], scenarios)).toThrow(
      /copy\.json is the same table as published\.json/,
    );
  });
});
