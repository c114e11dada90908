// Offset recovery for transformers.js tokenizers: the spans follow the Rust tokenizers' alignment
// rules, and anything the recovery does not mirror fails loudly instead of giving wrong windows.
import { describe, expect, it } from 'vitest';
import { OffsetRecoveryError, tokenOffsets, type LibTokenizer } from '../../src/scorer/offsets.js';
import { loadTiny } from './helpers.js';

const unigram = (await loadTiny('unigram')).tokenizer._tokenizer;
const wordpiece = (await loadTiny('wordpiece')).tokenizer._tokenizer;

function spans(tk: LibTokenizer, text: string): [string, string][] {
  return tokenOffsets(tk, text).map((t) => [t.token, text.slice(t.span.start, t.span.end)]);
}

describe('SentencePiece-style (Unigram, Metaspace "▁") offsets', () => {
  it('maps a "▁" that replaced a space to that space, and the prepended one to the first character', () => {
    expect(spans(unigram, 'hello world')).toEqual([
      ['▁hello', 'hello'],
      ['▁world', ' world'],
    ]);
  });
  it('maps the space that replaced a run of spaces to the last space of the run; stripped spaces vanish', () => {
    const text = '  hello   world  ';
    const t = tokenOffsets(unigram, text);
    expect(t.map((x) => x.token)).toEqual(['▁hello', '▁world']);
    expect(t.map((x) => x.span)).toEqual([
      { start: 2, end: 7 },
      { start: 9, end: 15 },
    ]);
  });
  it('gives each character of an NFKC expansion the span of its source character', () => {
    const t = tokenOffsets(unigram, 'ﬁ');
    expect(t.map((x) => x.token)).toEqual(['▁', 'f', 'i']);
    expect(t.map((x) => x.span)).toEqual([
      { start: 0, end: 1 },
      { start: 0, end: 1 },
      { start: 0, end: 1 },
    ]);
  });
  it('gives a composed character the span of its starter only', () => {
    const t = tokenOffsets(unigram, 'e\u0301clair');
    expect(t[1]).toEqual({ token: 'é', span: { start: 0, end: 1 } });
    expect(t[2]!.span.start).toBe(2);
  });
  it('covers a fused run of unknown characters, astral ones in UTF-16 units', () => {
    const text = 'a 😀東 b';
    const unk = tokenOffsets(unigram, text).find((x) => x.token === '😀東')!;
    expect(text.slice(unk.span.start, unk.span.end)).toBe('😀東');
  });
  it('keeps added tokens written in the text as their own spans', () => {
    expect(spans(unigram, 'a [SEP] b')).toContainEqual(['[SEP]', '[SEP]']);
  });
});

describe('WordPiece offsets', () => {
  it('maps "##" continuations to the characters after the prefix and punctuation to itself', () => {
    expect(spans(wordpiece, 'Sending, files!')).toEqual([
      ['send', 'Send'],
      ['##ing', 'ing'],
      [',', ','],
      ['files', 'files'],
      ['!', '!'],
    ]);
  });
  it('maps an [UNK] word to the whole word', () => {
    expect(spans(wordpiece, 'the Σίσυφος ok')).toContainEqual(['[UNK]', 'Σίσυφος']);
  });
});

describe('unsupported or diverging tokenizers fail loudly', () => {
  function withJson(tk: LibTokenizer, patch: (json: Record<string, unknown>) => Record<string, unknown>): LibTokenizer {
    const copy = Object.create(tk) as LibTokenizer;
    Object.defineProperty(copy, 'tokenizer', { value: patch(structuredClone(tk.tokenizer)) });
    return copy;
  }
  it('rejects a pre-tokenizer it does not mirror', () => {
    const tk = withJson(unigram, (j) => ({ ...j, pre_tokenizer: { type: 'ByteLevel' } }));
    expect(() => tokenOffsets(tk, 'hello')).toThrow(OffsetRecoveryError);
  });
  it('detects an aligned normalization that differs from the library', () => {
    const tk = withJson(unigram, (j) => {
      const n = j.normalizer as { normalizers: Record<string, unknown>[] };
      n.normalizers[2] = { ...n.normalizers[2], content: '_' };
      return j;
    });
    expect(() => tokenOffsets(tk, 'a  b')).toThrow(/normalization differs/);
  });
});
