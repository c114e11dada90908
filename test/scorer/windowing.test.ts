import { describe, expect, it } from 'vitest';
import { windowLimit, windows, type Span } from '../../src/scorer/windowing.js';

/** A word tokenizer with offsets: each run of non-spaces is a token. */
function wordOffsets(text: string): Span[] {
  return [...text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

describe('window_limit (docs/scorer.md#windowing-and-scoring)', () => {
  it('ignores the huge default model_max_length and uses max_position_embeddings', () => {
    // 1000000000000000019884624838656 is Python's int(1e30); as a JS number it is 1e30.
    expect(windowLimit(1000000000000000019884624838656, 512, 2)).toBe(510);
  });
  it('takes the smallest usable limit', () => {
    expect(windowLimit(256, 512, 2)).toBe(254);
  });
  it('applies the cap when it is the smallest', () => {
    expect(windowLimit(8192, 8192, 2, 512)).toBe(510);
  });
  it('ignores a cap larger than the model limits', () => {
    expect(windowLimit(512, 512, 2, 8192)).toBe(510);
  });
  it('fails when no limit is usable', () => {
    expect(() => windowLimit(10 ** 30, null, 2)).toThrow(/no usable window limit/);
    expect(() => windowLimit(10 ** 30, undefined, 2, null)).toThrow(/no usable window limit/);
  });
  it('rejects non-integers, zero and negatives as limits', () => {
    expect(windowLimit(512.5, 0, 2, 300)).toBe(298);
    expect(windowLimit(-5, 100_001, 1, 100_000)).toBe(99_999);
  });
});

describe('windows (docs/scorer.md#windowing-and-scoring)', () => {
  it('keeps a short text whole', () => {
    expect(windows('a b c', wordOffsets('a b c'), 5, 2)).toEqual(['a b c']);
  });
  it('cuts a long text into overlapping character slices of token windows', () => {
    const t = 'a b c d e f g';
    expect(windows(t, wordOffsets(t), 3, 2)).toEqual(['a b c', 'c d e', 'e f g']);
  });
  it('stops once a window reaches the last token, even when short', () => {
    const t = 'a b c d e f g h';
    expect(windows(t, wordOffsets(t), 3, 2)).toEqual(['a b c', 'c d e', 'e f g', 'g h']);
  });
  it('slices the original text between the first start and the last end offsets', () => {
    const t = '  alpha   beta\tgamma\n\ndelta  ';
    expect(windows(t, wordOffsets(t), 2, 1)).toEqual(['alpha   beta', 'beta\tgamma', 'gamma\n\ndelta']);
  });
  it('a text of exactly `size` tokens is one window: the whole text, spaces included', () => {
    expect(windows(' x y ', wordOffsets(' x y '), 2, 1)).toEqual([' x y ']);
  });
});
