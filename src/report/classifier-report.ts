// Per-classifier details of a corpus run (spec §8.3, §8.7 `classifiers`).
import type { ResultJson } from './corpus-report.js';

export interface ClassifierJson {
  injected_tool_outputs_detected: number;
  injected_tool_outputs_total: number;
  name: string;
  benign_tool_outputs_flagged: number;
  benign_tool_outputs_total: number;
  model: string;
  revision: string;
  positive_label: string;
  runtime: Record<string, string> | null;
  chunking: Record<string, number | string> | null;
  threshold_sweep: ResultJson[];
}

export const THRESHOLD_SWEEP = [0.5, 0.8, 0.9, 0.95, 0.99] as const;
