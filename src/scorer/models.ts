// The models.json registry: key → model id, positive label, pinned revision, ONNX weights file.
import registry from './models.json' with { type: 'json' };
import type { ModelSpec } from './classifier.js';

interface Entry {
  model: string;
  positive_label: string;
  revision: string;
  onnx: string;
}

const MODELS: Record<string, Entry> = registry;

export function modelKeys(): string[] {
  return Object.keys(MODELS).sort();
}

/** The spec of a key, or undefined for an unknown key. */
export function modelByKey(key: string): ModelSpec | undefined {
  if (!Object.hasOwn(MODELS, key)) return undefined;
  const e = MODELS[key]!;
  return { model: e.model, positiveLabel: e.positive_label, revision: e.revision ?? '', onnx: e.onnx };
}
