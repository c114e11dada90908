// Load a text classifier with transformers.js (ONNX on onnxruntime-node, CPU) and score texts as
// docs/scorer.md#windowing-and-scoring says: windows through recovered character offsets, each window re-tokenized with its
// special tokens and truncated to the window limit, probabilities softmaxed, max over windows.
//
// transformers.js is imported dynamically here only, so `--list-keys` and the gate never load it.
// The text-classification pipeline is used to load the tokenizer and model; its call is not, since
// its truncation cuts the token list (dropping the final [SEP]) and uses model_max_length instead
// of the window limit; the tokenization, truncation and padding below follow Python's pipeline.
import { basename, dirname, resolve } from 'node:path';
import { ScoringError } from './errors.js';
import { tokenOffsets, type LibTokenizer } from './offsets.js';
import { pyList } from './pylist.js';
import { windowLimit, windows } from './windowing.js';

export { ScoringError };

export interface ModelSpec {
  model: string;
  positiveLabel: string;
  revision: string;
  /** ONNX weights inside the repository, e.g. "onnx/model.onnx". */
  onnx: string;
}

export interface LoadOptions {
  /** Load from this directory (config.json, tokenizer files, the ONNX file) instead of the hub. */
  modelDir?: string;
  maxWindow: number;
  log?: (line: string) => void;
}

interface Encoded {
  input_ids: number[];
}
interface TokenizerLike {
  _tokenizer: LibTokenizer;
  model_max_length?: number;
  pad_token_id?: number;
  padding_side?: string;
  (text: string, options: { add_special_tokens: boolean; return_tensor: false }): Encoded;
}
interface ModelLike {
  config: { id2label?: Record<string, string>; max_position_embeddings?: number; problem_type?: string };
  (inputs: Record<string, unknown>): Promise<{ logits: { data: Float32Array | number[]; dims: number[] } }>;
}

export interface LoadedClassifier {
  tokenizer: TokenizerLike;
  model: ModelLike;
  labels: string[];
  positiveIndex: number;
  special: number;
  windowTokens: number;
  /** Resolved commit of the loaded model ("" when unknown, e.g. a local directory). */
  revision: string;
  versions: { transformers: string; onnxruntime: string };
  tensor: (data: BigInt64Array, dims: number[]) => unknown;
}

const COMMIT = /^[0-9a-f]{40}$/;

/** Split "onnx/model.onnx" into transformers.js's subfolder and model_file_name (fp32: no suffix). */
export function onnxLocation(file: string): { subfolder: string; model_file_name: string } {
  const m = /^(?:(.*)\/)?([^/]+)\.onnx$/.exec(file);
  if (!m) throw new ScoringError(`ONNX weights file must end in .onnx: ${file}`);
  return { subfolder: m[1] ?? '', model_file_name: m[2]! };
}

async function resolveRevision(spec: ModelSpec, remoteHost: string): Promise<string> {
  if (COMMIT.test(spec.revision)) return spec.revision;
  const rev = spec.revision === '' ? 'main' : spec.revision;
  const url = `${remoteHost.replace(/\/$/, '')}/api/models/${spec.model}/revision/${encodeURIComponent(rev)}`;
  const res = await fetch(url);
  if (!res.ok) throw new ScoringError(`cannot resolve revision ${rev} of ${spec.model}: HTTP ${res.status}`);
  const sha = ((await res.json()) as { sha?: unknown }).sha;
  if (typeof sha !== 'string' || !COMMIT.test(sha)) throw new ScoringError(`no commit hash for ${spec.model}@${rev}`);
  return sha;
}

export async function loadClassifier(spec: ModelSpec, opts: LoadOptions): Promise<LoadedClassifier> {
  // webpackIgnore keeps a native dynamic import in the ncc bundle (webpack would otherwise hoist the
  // external into a static import that every run, even --list-keys, would load).
  const tf = await import(/* webpackIgnore: true */ '@huggingface/transformers');
  const env = tf.env;
  let modelId = spec.model;
  let revision: string;
  if (opts.modelDir !== undefined) {
    const dir = resolve(opts.modelDir);
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = dirname(dir) + '/';
    modelId = basename(dir);
    revision = '';
  } else {
    // Only the hub: never a same-named directory of the working tree.
    env.allowLocalModels = false;
    env.allowRemoteModels = true;
    revision = await resolveRevision(spec, env.remoteHost);
  }
  const loc = onnxLocation(spec.onnx);
  // transformers.js runs no code from the repository: it reads config/tokenizer JSON and the ONNX
  // graph only (the equivalent of trust_remote_code=False).
  const pipe = (await tf.pipeline('text-classification', modelId, {
    revision: revision || 'main',
    device: 'cpu',
    dtype: 'fp32',
    subfolder: loc.subfolder,
    model_file_name: loc.model_file_name,
    local_files_only: opts.modelDir !== undefined,
  } as never)) as unknown as { tokenizer: TokenizerLike; model: ModelLike };
  const { tokenizer, model } = pipe;

  const id2label = model.config.id2label ?? {};
  const labels: string[] = [];
  for (const [k, v] of Object.entries(id2label)) labels[Number(k)] = v;
  opts.log?.(`id2label: ${JSON.stringify(id2label)}`);
  const positiveIndex = labels.indexOf(spec.positiveLabel);
  if (positiveIndex < 0) {
    throw new ScoringError(`positive label '${spec.positiveLabel}' not produced by the model; its labels are ${pyList(labels)}`);
  }
  const withSpecial = tokenizer('', { add_special_tokens: true, return_tensor: false }).input_ids.length;
  const without = tokenizer('', { add_special_tokens: false, return_tensor: false }).input_ids.length;
  const special = withSpecial - without;
  const windowTokens = windowLimit(tokenizer.model_max_length, model.config.max_position_embeddings, special, opts.maxWindow);
  const onnxVersions = (env.backends as { onnx?: { versions?: Record<string, string> } }).onnx?.versions ?? {};
  return {
    tokenizer,
    model,
    labels,
    positiveIndex,
    special,
    windowTokens,
    revision,
    versions: { transformers: env.version, onnxruntime: onnxVersions.node ?? onnxVersions.common ?? '' },
    tensor: (data, dims) => new tf.Tensor('int64', data, dims),
  };
}

/** The character windows of a text for this classifier (docs/scorer.md#windowing-and-scoring). */
export function textWindows(c: LoadedClassifier, text: string, stride: number): string[] {
  const offsets = tokenOffsets(c.tokenizer._tokenizer, text).map((t) => t.span);
  return windows(text, offsets, c.windowTokens, stride);
}

/** Token ids of a window with special tokens, truncated like Python's (content cut, specials kept). */
export function windowIds(c: LoadedClassifier, text: string): number[] {
  const max = c.windowTokens + c.special;
  const full = c.tokenizer(text, { add_special_tokens: true, return_tensor: false }).input_ids;
  if (full.length <= max) return full;
  const content = c.tokenizer(text, { add_special_tokens: false, return_tensor: false }).input_ids;
  const extra = full.length - content.length;
  for (let p = 0; p <= extra; p++) {
    if (content.every((id, i) => full[p + i] === id)) {
      return [...full.slice(0, p), ...content.slice(0, c.windowTokens), ...full.slice(p + content.length)];
    }
  }
  throw new ScoringError('cannot locate the text between the special tokens');
}

function probabilities(logits: ArrayLike<number>, multiLabel: boolean): number[] {
  const xs = Array.from(logits);
  if (multiLabel || xs.length === 1) return xs.map((x) => Math.fround(1 / (1 + Math.exp(-x))));
  const m = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - m));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => Math.fround(x / sum));
}

export interface ScoreProgress {
  (done: number, total: number): void;
}

/**
 * score_texts: key → score. An empty text scores 0 with no model call; otherwise the max over its
 * windows of the positive label's probability. Windows of all texts go to the model in batches.
 */
export async function scoreTexts(
  c: LoadedClassifier,
  texts: Map<string, string>,
  opts: { stride: number; batch: number; progress?: ScoreProgress },
): Promise<Map<string, number>> {
  const scores = new Map<string, number>();
  const queue: { key: string; window: string }[] = [];
  for (const [key, text] of texts) {
    scores.set(key, 0.0);
    if (text === '') continue;
    for (const window of textWindows(c, text, opts.stride)) queue.push({ key, window });
  }
  const pad = c.tokenizer.pad_token_id ?? 0;
  const multiLabel = c.model.config.problem_type === 'multi_label_classification';
  for (let at = 0; at < queue.length; at += opts.batch) {
    const batch = queue.slice(at, at + opts.batch);
    const ids = batch.map((b) => windowIds(c, b.window));
    const width = Math.max(...ids.map((x) => x.length));
    const left = c.tokenizer.padding_side === 'left';
    const idData = new BigInt64Array(batch.length * width);
    const maskData = new BigInt64Array(batch.length * width);
    ids.forEach((row, r) => {
      const off = left ? width - row.length : 0;
      for (let i = 0; i < width; i++) idData[r * width + i] = BigInt(pad);
      row.forEach((id, i) => {
        idData[r * width + off + i] = BigInt(id);
        maskData[r * width + off + i] = 1n;
      });
    });
    const out = await c.model({
      input_ids: c.tensor(idData, [batch.length, width]),
      attention_mask: c.tensor(maskData, [batch.length, width]),
    });
    const n = out.logits.dims[1]!;
    batch.forEach((b, r) => {
      const probs = probabilities(Array.from(out.logits.data).slice(r * n, (r + 1) * n), multiLabel);
      const p = probs[c.positiveIndex];
      if (p === undefined)
        throw new ScoringError(
          `positive label '${c.labels[c.positiveIndex]}' not produced by the model; its labels are ${pyList(c.labels)}`,
        );
      scores.set(b.key, Math.max(scores.get(b.key)!, p));
    });
    opts.progress?.(Math.min(at + opts.batch, queue.length), queue.length);
  }
  return scores;
}
