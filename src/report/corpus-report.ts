// The report of one corpus run, shaped like the original's JSON (spec §8.7) so the JSON renderer
// is a plain serialisation. Our additions (su_hm on every result, versions) come after the
// original's keys, never between them.
import type { Result } from '../model/result.js';
import type { Diagnostics } from '../model/corpus-file.js';
import type { SweepPoint } from '../scoring/sweep.js';
import { suHm } from '../scoring/rates.js';
import type { ClassifierJson } from './classifier-report.js';

export type ResultJson = Result & { su_hm: number };

export const withSuHm = (r: Result): ResultJson => ({ ...r, su_hm: suHm(r) });

export interface LabelSweepJson {
  base_labels: 'corrected';
  trials: number;
  seed: number;
  labels_stripped: ResultJson;
  missed_taint: SweepPoint[];
  over_taint: SweepPoint[];
}

export interface Versions {
  tool: string;
  corpus: string;
  corpus_sha256: string;
  score_tables?: Record<string, string>;
}

export interface CorpusReport {
  corpus: string;
  comparison: { results: ResultJson[] };
  by_suite?: Record<string, ResultJson[]>;
  provenance_diagnostics?: Diagnostics;
  unscorable?: string[];
  flow_guard_corrected_labels?: ResultJson;
  flow_guard_label_sweep?: LabelSweepJson;
  classifiers?: ClassifierJson[];
  /** Ours: Compare per under-specification bucket of the user task (docs/analyses.md). */
  under_specification?: Record<string, ResultJson[]>;
  /** Ours: Compare per attack class of the pair (paired corpus). */
  attack_classes?: Record<string, ResultJson[]>;
  versions: Versions;
}

export const suiteRecord = (m: Map<string, Result[]>): Record<string, ResultJson[]> =>
  Object.fromEntries([...m].map(([k, v]) => [k, v.map(withSuHm)]));
