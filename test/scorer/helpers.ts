// Shared by the scorer tests: the tiny-model fixtures and their Python reference outputs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadClassifier, type LoadedClassifier } from '../../src/scorer/classifier.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/tiny-model/', import.meta.url));
export const TINY_MODELS = ['unigram', 'wordpiece'] as const;
export type TinyModel = (typeof TINY_MODELS)[number];

export interface ReferenceText {
  text: string;
  key: string;
  windows: string[];
  score: number;
}
export interface ReferenceModel {
  window_tokens: number;
  stride_tokens: number;
  special_tokens: number;
  windows_total: number;
  windows_retokenized_over_limit: number;
  texts: ReferenceText[];
}

export const reference = JSON.parse(readFileSync(`${FIXTURES}reference.json`, 'utf8')) as {
  versions: Record<string, string>;
  models: Record<TinyModel, ReferenceModel>;
};

export function loadTiny(name: TinyModel, positiveLabel = 'INJECTION', maxWindow = 512): Promise<LoadedClassifier> {
  return loadClassifier(
    { model: `tiny/${name}`, positiveLabel, revision: '', onnx: 'onnx/model.onnx' },
    { modelDir: `${FIXTURES}${name}`, maxWindow },
  );
}
