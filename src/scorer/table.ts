// The score table a run writes: the published format (docs/scorer.md#what-a-table-records) (json.dump, sort_keys, indent 1,
// no trailing newline), with transformers.js's runtime and the windowing method recorded.
import { PyInt, pyJsonDump, type PyJson } from './pyjson.js';

/**
 * How windows were cut. "char-offsets": character slices between token offsets, as docs/scorer.md#windowing-and-scoring and
 * Python's fast tokenizers (the published tables carry no `windows` key and were made this way);
 * here the offsets are recovered by aligning the tokenizer's normalized text (src/scorer/offsets.ts).
 */
export const WINDOWS_METHOD = 'char-offsets';

export interface TableInput {
  model: string;
  positiveLabel: string;
  revision: string;
  requestedRevision: string;
  windowTokens: number;
  strideTokens: number;
  runtime: { node: string; onnxruntime: string; transformers: string };
  scores: Map<string, number>;
}

export function renderTable(t: TableInput): string {
  const scores: Record<string, PyJson> = {};
  for (const [k, v] of t.scores) {
    if (!(Number.isFinite(v) && v >= 0 && v <= 1)) throw new Error(`score of ${k} is not in [0, 1]: ${v}`);
    scores[k] = v;
  }
  return pyJsonDump({
    chunking: { stride_tokens: new PyInt(t.strideTokens), window_tokens: new PyInt(t.windowTokens), windows: WINDOWS_METHOD },
    model: t.model,
    positive_label: t.positiveLabel,
    requested_revision: t.requestedRevision,
    revision: t.revision,
    runtime: { node: t.runtime.node, onnxruntime: t.runtime.onnxruntime, 'transformers.js': t.runtime.transformers },
    scores,
  });
}
