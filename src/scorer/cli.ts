// The scorer's command line: parse and check every flag and file first (exit 2 with one line naming
// the culprit), then list keys (no model runtime loaded), or load the model and write the table or
// serve it as a live defense on stdio (serve.ts).
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { modelByKey, modelKeys } from './models.js';
import type { ModelSpec } from './classifier.js';
import { pyList } from './pylist.js';
import { renderTable } from './table.js';
import { loadTexts } from './texts.js';
import { DEFAULT_THRESHOLD, SCOPES, type Scope } from '../model/classifier-rule.js';
import { exitCodeOf, InputError } from '../model/errors.js';
import { ScoringError } from './errors.js';
import { LiveScores, serve } from './serve.js';

/** Requests in flight a served model accepts unless told: each waits for the batch it is scored in. */
export const DEFAULT_MAX_CONCURRENCY = 4;
/** What the hello may declare (docs/protocol.md#hello). */
const MAX_CONCURRENCY_LIMIT = 256;
/** The flags of each mode that the other does not take. */
const SCORING_ONLY = ['corpus', 'benign-corpus', 'out', 'list-keys'] as const;
const SERVING_ONLY = ['scope', 'threshold', 'max-concurrency'] as const;

export const USAGE = `usage: node dist/scorer/index.js --corpus FILE [--benign-corpus FILE]
         (--model-key KEY | --model ID --positive-label LABEL [--revision REV])
         --out FILE [--max-window 512] [--stride 256] [--batch 16] [--model-dir DIR]
       node dist/scorer/index.js --corpus FILE [--benign-corpus FILE] --list-keys
       node dist/scorer/index.js --serve (--model-key KEY | --model ID --positive-label LABEL [--revision REV])
         [--scope both] [--threshold 0.5] [--max-concurrency 4] [--max-window 512] [--stride 256] [--batch 16] [--model-dir DIR]

Score every text a corpus needs with a text classifier and write a score table, or serve the
classifier as a live defense on stdio (docs/scorer.md).
  --corpus FILE         corpus file (.json or .json.gz): all its texts
  --benign-corpus FILE  also the texts of this corpus's benign scenarios
  --model-key KEY       a models.json key: ${modelKeys().join(', ')}
  --model ID            a Hugging Face model id (with --positive-label; --revision defaults to main)
  --out FILE            where to write the table
  --max-window N        cap on the window limit in tokens, special tokens included (default 512)
  --stride N            window stride in tokens (default 256)
  --batch N             windows per model call (default 16)
  --model-dir DIR       load the model from DIR (config.json, tokenizer files, ONNX weights), not the hub
  --list-keys           print the sorted keys of the texts, one per line, and exit
  --serve               speak protocol v2 on stdin/stdout as a stateless defense: the classifier
                        defense of --scope and --threshold, on scores computed live
  --scope S             with --serve: the texts judged, ${SCOPES.join(', ')} (default both)
  --threshold X         with --serve: deny at a score at or above X, in [0, 1] (default ${DEFAULT_THRESHOLD})
  --max-concurrency N   with --serve: requests in flight the hello allows, 1 to 256 (default ${DEFAULT_MAX_CONCURRENCY})
`;

export interface ScoreArgs {
  mode: 'score';
  corpus: string;
  benignCorpus: string | undefined;
  spec: ModelSpec;
  out: string;
  maxWindow: number;
  stride: number;
  batch: number;
  modelDir: string | undefined;
}
export interface ServeArgs {
  mode: 'serve';
  spec: ModelSpec;
  scope: Scope;
  threshold: number;
  maxConcurrency: number;
  maxWindow: number;
  stride: number;
  batch: number;
  modelDir: string | undefined;
}
export type Args = { mode: 'help' } | { mode: 'list-keys'; corpus: string; benignCorpus: string | undefined } | ScoreArgs | ServeArgs;

function positiveInt(flag: string, value: string | undefined, dflt: number): number {
  if (value === undefined) return dflt;
  if (!/^[0-9]+$/.test(value) || Number(value) <= 0 || !Number.isSafeInteger(Number(value))) {
    throw new InputError(`--${flag}: expected a positive integer, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** A plain decimal number in [0, 1], as the CLI's --threshold takes it. */
function threshold(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_THRESHOLD;
  const n = Number(raw);
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(raw) || n < 0 || n > 1)
    throw new InputError(`--threshold: ${JSON.stringify(raw)} is not a number in [0, 1]`);
  return n;
}

function scope(raw: string | undefined): Scope {
  if (raw === undefined) return 'both';
  if (!(SCOPES as readonly string[]).includes(raw))
    throw new InputError(`--scope: expected one of ${SCOPES.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw as Scope;
}

function readableFile(flag: string, path: string): string {
  if (!existsSync(path) || !statSync(path).isFile()) throw new InputError(`--${flag}: no such file: ${path}`);
  return path;
}

export function parseCli(argv: string[]): Args {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        corpus: { type: 'string' },
        'benign-corpus': { type: 'string' },
        'model-key': { type: 'string' },
        model: { type: 'string' },
        'positive-label': { type: 'string' },
        revision: { type: 'string' },
        out: { type: 'string' },
        'max-window': { type: 'string' },
        stride: { type: 'string' },
        batch: { type: 'string' },
        'model-dir': { type: 'string' },
        'list-keys': { type: 'boolean' },
        serve: { type: 'boolean' },
        scope: { type: 'string' },
        threshold: { type: 'string' },
        'max-concurrency': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (e) {
    throw new InputError((e as Error).message.split('\n')[0]!);
  }
  const str = (k: string): string | undefined => values[k] as string | undefined;
  if (values.help) return { mode: 'help' };
  const serving = values.serve === true;
  for (const f of serving ? SCORING_ONLY : SERVING_ONLY) {
    if (values[f] === undefined) continue;
    throw new InputError(
      serving ? `--${f} does not apply to --serve (a served model scores the texts it is asked about)` : `--${f} goes with --serve`,
    );
  }
  let corpus = '';
  let benignCorpus: string | undefined;
  if (!serving) {
    const corpusFlag = str('corpus');
    if (corpusFlag === undefined) throw new InputError('--corpus FILE is required');
    corpus = readableFile('corpus', corpusFlag);
    const benignFlag = str('benign-corpus');
    benignCorpus = benignFlag === undefined ? undefined : readableFile('benign-corpus', benignFlag);
  }

  const key = str('model-key');
  let spec: ModelSpec | undefined;
  if (key !== undefined) {
    for (const f of ['model', 'positive-label', 'revision']) {
      if (str(f) !== undefined) throw new InputError(`--${f} cannot be combined with --model-key`);
    }
    spec = modelByKey(key);
    if (!spec) throw new InputError(`unknown model key '${key}'; known keys are ${pyList(modelKeys())}`);
  } else if (str('model') !== undefined) {
    const label = str('positive-label');
    if (label === undefined || label === '') throw new InputError('--model needs --positive-label');
    spec = { model: str('model')!, positiveLabel: label, revision: str('revision') ?? '', onnx: 'onnx/model.onnx' };
  } else if (str('positive-label') !== undefined || str('revision') !== undefined) {
    throw new InputError('--positive-label and --revision go with --model');
  }

  if (values['list-keys']) return { mode: 'list-keys', corpus, benignCorpus };

  if (!spec) throw new InputError('one of --model-key KEY or --model ID is required');
  const modelDir = str('model-dir');
  if (modelDir !== undefined && !(existsSync(modelDir) && statSync(modelDir).isDirectory())) {
    throw new InputError(`--model-dir: no such directory: ${modelDir}`);
  }
  const windowing = {
    maxWindow: positiveInt('max-window', str('max-window'), 512),
    stride: positiveInt('stride', str('stride'), 256),
    batch: positiveInt('batch', str('batch'), 16),
    modelDir,
  };
  if (serving) {
    const maxConcurrency = positiveInt('max-concurrency', str('max-concurrency'), DEFAULT_MAX_CONCURRENCY);
    if (maxConcurrency > MAX_CONCURRENCY_LIMIT)
      throw new InputError(`--max-concurrency: at most ${MAX_CONCURRENCY_LIMIT} (the protocol's limit), got ${maxConcurrency}`);
    return { mode: 'serve', spec, scope: scope(str('scope')), threshold: threshold(str('threshold')), maxConcurrency, ...windowing };
  }
  const out = str('out');
  if (out === undefined || out === '') throw new InputError('--out FILE is required');
  const outDir = dirname(resolve(out));
  if (!existsSync(outDir) || !statSync(outDir).isDirectory()) throw new InputError(`--out: no such directory: ${outDir}`);
  return { mode: 'score', corpus, benignCorpus, spec, out, ...windowing };
}

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** What --serve reads its requests from (process.stdin). */
  stdin?: Readable;
}

/** Run the scorer; resolves to the exit code (0 ok, 1 scoring failed or a bug, 2 bad flags or input). */
export async function runScorer(argv: string[], io: Io): Promise<number> {
  try {
    const args = parseCli(argv);
    if (args.mode === 'help') {
      io.stdout(USAGE);
      return 0;
    }
    if (args.mode === 'serve') {
      await serveModel(args, io);
      return 0;
    }
    const texts = loadTexts(args.corpus, args.benignCorpus);
    if (args.mode === 'list-keys') {
      io.stdout([...texts.keys()].map((k) => `${k}\n`).join(''));
      return 0;
    }
    await score(args, texts, io);
    return 0;
  } catch (e) {
    // The one place errors become exit codes: bad input 2, a model that cannot score 1, anything else is a bug (1, with its stack).
    const known = e instanceof InputError || e instanceof ScoringError;
    io.stderr(`error: ${known ? (e as Error).message : `internal error: ${(e as Error)?.stack ?? String(e)}`}\n`);
    return exitCodeOf(e);
  }
}

async function serveModel(args: ServeArgs, io: Io): Promise<void> {
  const { loadClassifier, scoreTexts } = await import('./classifier.js');
  const log = (line: string): void => io.stderr(`${line}\n`);
  const c = await loadClassifier(args.spec, { modelDir: args.modelDir, maxWindow: args.maxWindow, log });
  if (args.stride > c.windowTokens)
    throw new InputError(`--stride ${args.stride} exceeds the window of ${c.windowTokens} tokens (tokens would be skipped)`);
  const name = `${args.spec.model}-${args.scope}@${args.threshold}`;
  log(`serving ${args.spec.model}@${c.revision || '(local)'} as ${name}: windows of ${c.windowTokens} tokens, stride ${args.stride}`);
  const scores = new LiveScores((texts) => scoreTexts(c, texts, { stride: args.stride, batch: args.batch }));
  const started = Date.now();
  const { requests } = await serve(
    scores,
    { name, scope: args.scope, threshold: args.threshold, maxConcurrency: args.maxConcurrency },
    { input: io.stdin ?? process.stdin, write: io.stdout },
  );
  log(`served ${requests} requests, ${scores.scored} distinct texts scored, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function score(args: ScoreArgs, texts: Map<string, string>, io: Io): Promise<void> {
  // Loaded only now: --list-keys, --help and flag errors never load transformers.js/onnxruntime.
  const { loadClassifier, scoreTexts } = await import('./classifier.js');
  const log = (line: string): void => io.stderr(`${line}\n`);
  const c = await loadClassifier(args.spec, { modelDir: args.modelDir, maxWindow: args.maxWindow, log });
  if (args.stride > c.windowTokens)
    throw new InputError(`--stride ${args.stride} exceeds the window of ${c.windowTokens} tokens (tokens would be skipped)`);
  log(`${args.spec.model}@${c.revision || '(local)'}: ${texts.size} texts, windows of ${c.windowTokens} tokens, stride ${args.stride}`);
  let lastLog = Date.now();
  const scores = await scoreTexts(c, texts, {
    stride: args.stride,
    batch: args.batch,
    progress: (done, total) => {
      if (Date.now() - lastLog > 30_000 || done === total) {
        lastLog = Date.now();
        log(`scored ${done}/${total} windows`);
      }
    },
  });
  writeFileSync(
    args.out,
    renderTable({
      model: args.spec.model,
      positiveLabel: args.spec.positiveLabel,
      revision: c.revision,
      requestedRevision: args.spec.revision,
      windowTokens: c.windowTokens,
      strideTokens: args.stride,
      runtime: { node: process.versions.node, onnxruntime: c.versions.onnxruntime, transformers: c.versions.transformers },
      scores,
    }),
  );
  log(`wrote ${scores.size} scores to ${args.out}`);
}
