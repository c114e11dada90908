// A loaded corpus: scenarios ready to score plus what the analyses need from its file.
import type { Call, Scenario } from '../model/call.js';
import type { Diagnostics, PairStats } from '../model/corpus-file.js';
import type { EgressPolicy } from '../defenses/egress.js';

export interface Corpus {
  /** Registry name: bundled, agentdojo, pairs, … */
  readonly name: string;
  /** Human description from the file's `source`. */
  readonly source: string;
  /** Content hash of the file(s) it came from, or a fixed id for embedded data. */
  readonly version: string;
  readonly scenarios: readonly Scenario[];
  /** The egress policy the reference defenses get on this corpus. */
  readonly policy: EgressPolicy;
}

export interface GroundTruthCorpus extends Corpus {
  readonly diagnostics: Diagnostics;
  /** Injection scenarios with no ground-truth call, in file order. */
  readonly unscorable: readonly string[];
  /** Benign args whose value came from neither prompt nor environment relabeled trusted. */
  readonly corrected: readonly Scenario[];
}

export interface PairedCorpus extends Corpus {
  /** Whether a tool-output text carries the injection (spec §6.3 rule 4). */
  carriesInjection(text: string): boolean;
  readonly benign: readonly Scenario[];
  /** The exporter's own counts, as written in the file. */
  readonly stats: PairStats;
}

export function calls(s: Scenario): Call[] {
  return s.trace.map((st) => st.call);
}
