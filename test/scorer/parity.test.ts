// Parity of the TypeScript scorer with an independent reference implementation of docs/scorer.md#windowing-and-scoring
// (Python `tokenizers` offsets + onnxruntime + numpy softmax) on the tiny-model fixtures.
// The reference outputs are test/fixtures/tiny-model/reference.json; to regenerate them (and the
// fixtures), run: python3 scripts/tiny-model/generate.py
import { describe, expect, it } from 'vitest';
import { scoreTexts, textWindows } from '../../src/scorer/classifier.js';
import { loadTiny, reference, TINY_MODELS } from './helpers.js';

const TOLERANCE = 1e-6;

describe.each(TINY_MODELS)('parity with the Python reference: %s tokenizer', (name) => {
  const ref = reference.models[name];

  it('exercises what it claims: multi-window texts, windows re-tokenized past the limit, an empty text', () => {
    expect(ref.texts.filter((t) => t.windows.length > 1).length).toBeGreaterThanOrEqual(5);
    expect(ref.windows_retokenized_over_limit).toBeGreaterThan(0);
    expect(ref.texts.some((t) => t.text === '')).toBe(true);
    expect(ref.texts.some((t) => /[^\x00-\x7f]/.test(t.text))).toBe(true);
  });

  it('has the same window size, and the same windows for every text', async () => {
    const c = await loadTiny(name);
    expect(c.windowTokens).toBe(ref.window_tokens);
    expect(c.special).toBe(ref.special_tokens);
    let windows = 0;
    for (const t of ref.texts) {
      const got = t.text === '' ? [] : textWindows(c, t.text, ref.stride_tokens);
      expect(got, JSON.stringify(t.text.slice(0, 60))).toEqual(t.windows);
      windows += got.length;
    }
    expect(windows).toBe(ref.windows_total);
  });

  it(`scores every text within ${TOLERANCE} of the reference`, async () => {
    const c = await loadTiny(name);
    const texts = new Map(ref.texts.map((t) => [t.key, t.text]));
    const scores = await scoreTexts(c, texts, { stride: ref.stride_tokens, batch: 5 });
    let maxDiff = 0;
    for (const t of ref.texts) {
      const got = scores.get(t.key)!;
      maxDiff = Math.max(maxDiff, Math.abs(got - t.score));
      expect(Math.abs(got - t.score), JSON.stringify(t.text.slice(0, 60))).toBeLessThanOrEqual(TOLERANCE);
    }
    console.log(`parity ${name}: ${ref.texts.length} texts, ${ref.windows_total} windows, max |TS − Python| = ${maxDiff.toExponential(2)}`);
    // The scores differ between texts: a constant model would pass vacuously.
    expect(new Set(ref.texts.map((t) => t.score.toFixed(4))).size).toBeGreaterThan(ref.texts.length / 2);
  });
});
