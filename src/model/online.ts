// Online, test-before-update evaluation (docs/online.md): the words and defaults shared by the
// stream builder, the drivers, the results file and the protocol's feedback message.
import type { Call } from './call.js';

/**
 * What the gate may tell a learning defense about a call once its episode is scored:
 * - `attack_success`: the injection's goal was met and this call carried it out (explicit, budgeted);
 * - `false_positive`: this call was a legitimate part of the user's task and its denial broke the task (explicit, budgeted);
 * - `blocked_attack`: the defense halted the run at this call and thereby stopped the attack (weak evidence, not budgeted).
 */
export const FEEDBACK_LABELS = ['attack_success', 'false_positive', 'blocked_attack'] as const;
export type FeedbackLabel = (typeof FEEDBACK_LABELS)[number];

/** Feedback on one call, as an in-process learner receives it (the wire form is protocol v2's `feedback`). */
export interface Feedback {
  readonly label: FeedbackLabel;
  /** The call it concerns, as the defense was asked about it. */
  readonly call: Call;
  /** Index of that call in its episode's run. */
  readonly step: number;
  readonly suite: string;
  /** The user's request of that episode, as its session began (null where the corpus withholds it). */
  readonly prompt: string | null;
}

export interface OnlineSettings {
  /** Attacks per stream (the horizon N); a suite with fewer attack cases uses all of them. */
  readonly attacks: number;
  /** Benign episodes per stream, interleaved; a suite with fewer benign tasks uses all of them. */
  readonly benign: number;
  /** Decimal seed of the sample and the order (a 64-bit unsigned integer). */
  readonly seed: string;
  /**
   * Per suite, a seed of its own for that suite's stream (a sharded run whose jobs each drew one,
   * docs/shards.md); the others use `seed`. Absent in a run that drew one seed.
   */
  readonly seeds?: Readonly<Record<string, string>> | undefined;
  /** SW-ASR's window: ASR over the final `window` attacks of each stream. */
  readonly window: number;
  /** Explicit labels per stream. */
  readonly budgets: { readonly attack_success: number; readonly false_positive: number };
}

/** AgentAntibody's protocol (its supplementary E.2–E.3): 80 attacks, 10 + 10 explicit labels, SW-ASR@50. */
export const ONLINE_DEFAULTS = {
  attacks: 80,
  benign: 20,
  window: 50,
  budgets: { attack_success: 10, false_positive: 10 },
} as const;
