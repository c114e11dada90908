// Windowing (docs/scorer.md#windowing-and-scoring): the window size from the model's limits, and the character windows of a
// text from its tokens' character offsets.

/** A token's character span in the original text, [start, end) in UTF-16 code units. */
export interface Span {
  start: number;
  end: number;
}

/** Python's VERY_LARGE_INTEGER default for model_max_length and any value over this is "no limit". */
const MAX_USABLE_LIMIT = 100_000;

/**
 * window_limit: the smallest of (model_max_length, max_position_embeddings, cap) that is an integer
 * in (0, 100000], minus the special tokens the tokenizer adds. Throws when none is usable.
 */
export function windowLimit(modelMaxLength: unknown, maxPositionEmbeddings: unknown, special: number, cap: unknown = null): number {
  const usable = [modelMaxLength, maxPositionEmbeddings, cap].filter(
    (v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_USABLE_LIMIT,
  );
  if (usable.length === 0) {
    throw new Error(
      `no usable window limit: model_max_length=${String(modelMaxLength)}, max_position_embeddings=${String(maxPositionEmbeddings)}, cap=${String(cap)}`,
    );
  }
  const size = Math.min(...usable) - special;
  if (size <= 0) throw new Error(`window limit ${Math.min(...usable)} leaves no room after ${special} special tokens`);
  return size;
}

/**
 * windows(text): given the offsets of the text's tokens (tokenized without special tokens), the whole
 * text when it has at most `size` tokens, else the character slices of token windows
 * [start, start+size) with start stepping by `stride` until start + size >= token count.
 */
export function windows(text: string, offsets: readonly Span[], size: number, stride: number): string[] {
  if (!(Number.isInteger(size) && size > 0)) throw new Error(`window size must be a positive integer, got ${size}`);
  if (!(Number.isInteger(stride) && stride > 0)) throw new Error(`stride must be a positive integer, got ${stride}`);
  if (offsets.length <= size) return [text];
  const out: string[] = [];
  for (let start = 0; ; start += stride) {
    const last = Math.min(start + size, offsets.length) - 1;
    out.push(text.slice(offsets[start]!.start, offsets[last]!.end));
    if (start + size >= offsets.length) break;
  }
  return out;
}
