// The scorer's command line, run in-process on temporary corpora and the tiny-model fixtures.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runScorer } from '../../src/scorer/cli.js';
import { scoreTexts, type LoadedClassifier } from '../../src/scorer/classifier.js';
import { modelKeys } from '../../src/scorer/models.js';
import { PyInt, pyJsonDump, type PyJson } from '../../src/scorer/pyjson.js';
import { FIXTURES, reference } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'scorer-cli-'));
const sha = (t: string): string => createHash('sha256').update(Buffer.from(t, 'utf8')).digest('hex');

interface Step {
  args: { name: string; provenance: string; text: string }[];
  context: string[];
  dest: string;
  injected: boolean;
  tool: string;
}
function corpus(texts: string[], withArgs: { benign: string[]; injected: string[] }) {
  const outputs = Object.fromEntries(texts.map((t) => [sha(t).slice(0, 16), t]));
  const digests = Object.keys(outputs);
  const half = Math.ceil(digests.length / 2);
  const step = (context: string[], args: string[], injected: boolean): Step => ({
    args: args.map((text, i) => ({ name: `a${i}`, provenance: 'untrusted', text })),
    context,
    dest: '',
    injected,
    tool: 'send_email',
  });
  return {
    outputs,
    scenarios: [
      {
        id: 'banking-user_task_0',
        kind: 'benign',
        suite: 'banking',
        task: 't',
        trace: [step(digests.slice(0, half), withArgs.benign, false), step([], [], false)],
      },
      {
        id: 'banking-user_task_0-injection_task_1',
        kind: 'injection',
        suite: 'banking',
        task: 'g',
        trace: [step(digests.slice(half), withArgs.injected, true)],
      },
    ],
  };
}

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runScorer(argv, { stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { code, out, err };
}

const refTexts = reference.models.unigram.texts;
const texts = refTexts.map((t) => t.text);
const c = corpus(texts, { benign: ['send', 'the password'], injected: ['x'] });
const plain = join(dir, 'pairs.json');
const gz = join(dir, 'pairs.json.gz');
writeFileSync(plain, JSON.stringify(c));
writeFileSync(gz, gzipSync(JSON.stringify(c)));
const other = corpus(['only in the attack corpus', texts[3]!], { benign: [], injected: ['y', 'z'] });
const attacks = join(dir, 'attacks.json.gz');
writeFileSync(attacks, gzipSync(JSON.stringify(other)));

describe('--list-keys', () => {
  const expected = [...new Set([...texts, 'send\nthe password', 'x'])].map(sha).sort();
  it.each([plain, gz])('prints the sorted SHA-256 keys of every output read and every joined arg list (%s)', async (path) => {
    const r = await run(['--corpus', path, '--list-keys']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(expected.map((k) => `${k}\n`).join(''));
  });
  it('adds only the benign scenarios of --benign-corpus', async () => {
    const r = await run(['--corpus', attacks, '--benign-corpus', plain, '--list-keys']);
    const half = Math.ceil(texts.length / 2);
    const want = [...new Set(['only in the attack corpus', texts[3]!, 'y\nz', ...texts.slice(0, half), 'send\nthe password'])]
      .map(sha)
      .sort();
    expect(r.out.trim().split('\n')).toEqual(want);
  });
});

describe('bad flags and files: exit 2 with one line naming the culprit', () => {
  it.each([
    [['--list-keys'], /--corpus FILE is required/],
    [['--corpus', join(dir, 'missing.json'), '--list-keys'], /--corpus: no such file: .*missing\.json/],
    [['--corpus', plain, '--benign-corpus', join(dir, 'nope.gz'), '--list-keys'], /--benign-corpus: no such file/],
    [
      ['--corpus', plain, '--model-key', 'nope', '--out', join(dir, 'o.json')],
      /unknown model key 'nope'; known keys are \['deepset', 'horizon-labs', 'protectai'\]/,
    ],
    [['--corpus', plain, '--model', 'x/y', '--out', join(dir, 'o.json')], /--model needs --positive-label/],
    [
      ['--corpus', plain, '--model-key', 'protectai', '--model', 'x/y', '--out', join(dir, 'o.json')],
      /--model cannot be combined with --model-key/,
    ],
    [['--corpus', plain, '--model-key', 'protectai'], /--out FILE is required/],
    [['--corpus', plain, '--out', join(dir, 'o.json')], /one of --model-key KEY or --model ID is required/],
    [['--corpus', plain, '--model-key', 'protectai', '--out', join(dir, 'no/such/dir/o.json')], /--out: no such directory/],
    [
      ['--corpus', plain, '--model-key', 'protectai', '--out', join(dir, 'o.json'), '--stride', '0'],
      /--stride: expected a positive integer, got "0"/,
    ],
    [
      ['--corpus', plain, '--model-key', 'protectai', '--out', join(dir, 'o.json'), '--batch', 'ten'],
      /--batch: expected a positive integer/,
    ],
    [
      ['--corpus', plain, '--model-key', 'protectai', '--out', join(dir, 'o.json'), '--model-dir', join(dir, 'nodir')],
      /--model-dir: no such directory/,
    ],
    [['--corpus', plain, '--frobnicate'], /Unknown option '--frobnicate'/],
  ])('%j', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.out).toBe('');
  });
  it('a corpus that is not JSON, or references a missing output', async () => {
    const notJson = join(dir, 'bad.json');
    writeFileSync(notJson, '{"outputs":');
    expect((await run(['--corpus', notJson, '--list-keys'])).err).toMatch(/corpus .*bad\.json is not JSON/);
    const dangling = join(dir, 'dangling.json');
    writeFileSync(
      dangling,
      JSON.stringify({ outputs: {}, scenarios: [{ id: 's', trace: [{ args: [], context: ['0123456789abcdef'] }] }] }),
    );
    const r = await run(['--corpus', dangling, '--list-keys']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/scenario s references missing output 0123456789abcdef/);
  });
  it('the known keys are the models.json keys', () => {
    expect(modelKeys()).toEqual(['deepset', 'horizon-labs', 'protectai']);
  });
});

describe('scoring with a local model', () => {
  const tiny = ['--model-dir', `${FIXTURES}unigram`, '--model', 'tiny/unigram'];

  it('writes the table in the published format with the recovered-offset windowing recorded', async () => {
    const out = join(dir, 'table.json');
    const r = await run(['--corpus', gz, ...tiny, '--positive-label', 'INJECTION', '--stride', '7', '--batch', '3', '--out', out]);
    expect(r.err).toMatch(/id2label: \{"0":"SAFE","1":"INJECTION"\}/);
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    const table = JSON.parse(text);
    expect(Object.keys(table).sort()).toEqual([
      'chunking',
      'model',
      'positive_label',
      'requested_revision',
      'revision',
      'runtime',
      'scores',
    ]);
    expect(table.chunking).toEqual({ stride_tokens: 7, window_tokens: 14, windows: 'char-offsets' });
    expect(table.model).toBe('tiny/unigram');
    expect(table.revision).toBe('');
    expect(Object.keys(table.runtime).sort()).toEqual(['node', 'onnxruntime', 'transformers.js']);
    expect(table.runtime.node).toBe(process.versions.node);
    expect(table.runtime['transformers.js']).toBe('4.3.1');
    expect(table.runtime.onnxruntime).toMatch(/^\d+\.\d+\.\d+/);
    // json.dump(sort_keys=True, indent=1): re-serializing gives the same bytes; no trailing newline.
    const chunking = Object.fromEntries(
      Object.entries(table.chunking).map(([k, v]) => [k, typeof v === 'number' ? new PyInt(v) : (v as PyJson)]),
    );
    expect(pyJsonDump({ ...table, chunking })).toBe(text);
    expect(text.endsWith('}')).toBe(true);
    // Same keys as --list-keys; scores equal the Python reference (args texts are new here).
    const keys = (await run(['--corpus', gz, '--list-keys'])).out.trim().split('\n');
    expect(Object.keys(table.scores)).toEqual(keys);
    for (const t of refTexts) expect(Math.abs(table.scores[t.key] - t.score)).toBeLessThanOrEqual(1e-6);
    expect(table.scores[sha('')]).toBe(0);
  });

  it('refuses a positive label the model does not produce, listing its labels sorted (exit 1)', async () => {
    const r = await run(['--corpus', plain, ...tiny, '--positive-label', 'JAILBREAK', '--out', join(dir, 'x.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/positive label 'JAILBREAK' not produced by the model; its labels are \['INJECTION', 'SAFE'\]/);
  });

  it('refuses a stride larger than the window (tokens would be skipped)', async () => {
    const r = await run(['--corpus', plain, ...tiny, '--positive-label', 'INJECTION', '--stride', '256', '--out', join(dir, 'x.json')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--stride 256 exceeds the window of 14 tokens/);
  });

  it('caps the window with --max-window', async () => {
    const out = join(dir, 'capped.json');
    const r = await run(['--corpus', plain, ...tiny, '--positive-label', 'INJECTION', '--max-window', '10', '--stride', '4', '--out', out]);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).chunking.window_tokens).toBe(8);
  });
});

describe('score_texts', () => {
  it('scores an empty text 0.0 without calling the model, and takes the max over windows', async () => {
    let calls = 0;
    const probs = [0.2, 0.9, 0.4];
    const stub = {
      tokenizer: Object.assign((t: string) => ({ input_ids: [1, ...[...t].map(() => 5), 2] }), {
        _tokenizer: {} as never,
        pad_token_id: 0,
      }),
      model: Object.assign(
        async (inputs: { input_ids: { dims: number[] } }) => {
          const n = inputs.input_ids.dims[0]!;
          const data = new Float32Array(n * 2);
          for (let i = 0; i < n; i++) {
            const p = probs[calls++]!;
            data[i * 2 + 1] = Math.log(p / (1 - p));
          }
          return { logits: { data, dims: [n, 2] } };
        },
        { config: {} },
      ),
      labels: ['SAFE', 'INJECTION'],
      positiveIndex: 1,
      special: 2,
      windowTokens: 3,
      revision: '',
      versions: { transformers: '', onnxruntime: '' },
      tensor: (data: BigInt64Array, dims: number[]) => ({ data, dims }),
    } as unknown as LoadedClassifier;
    // Windows are cut by the real offset code, so the stub borrows the tiny model's tokenizer: five
    // tokens in windows of 3 with stride 1 give three windows.
    const { loadTiny } = await import('./helpers.js');
    stub.tokenizer._tokenizer = (await loadTiny('unigram')).tokenizer._tokenizer;
    const text = 'hello world send password attacker';
    expect(stub.tokenizer._tokenizer.tokenize(text)).toHaveLength(5);
    const scores = await scoreTexts(
      stub,
      new Map([
        ['e', ''],
        ['t', text],
      ]),
      { stride: 1, batch: 2 },
    );
    expect(calls).toBe(3);
    expect(scores.get('e')).toBe(0);
    expect(scores.get('t')).toBeCloseTo(0.9, 6);
  });
});
