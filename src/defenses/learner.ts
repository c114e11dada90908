// The reference learning defense (docs/online.md#the-reference-learner): it starts permissive and
// induces abstract rules from feedback alone. A rule is a call's *shape*: its tool, which of its
// arguments carry untrusted data, and whether its destination is named by the user's request. It
// never keeps a concrete value, so it cannot memorise an attacker's strings: what it learns from
// one attack applies to every call of the same shape, benign ones included, and a false-positive
// label relaxes the rule again.
import type { Call, Decision } from '../model/call.js';
import { Provenance } from '../model/call.js';
import type { Feedback } from '../model/online.js';
import { allow, deny } from './defense.js';

/** What a session-aware defense knows of the run a call belongs to (protocol v2's begin). */
export interface SessionView {
  readonly suite: string;
  /** The user's request; null where the corpus withholds it. */
  readonly prompt: string | null;
}

/** An in-process defense that decides within sessions and may learn from feedback between episodes. */
export interface LearningDefense {
  readonly name: string;
  decide(call: Call, session: SessionView): Decision;
  /** Feedback on a call of an episode already scored; undefined: the defense does not learn. */
  learn?(f: Feedback): void;
}

/** The shape of a call a rule matches: tool, the untrusted arguments, and where its destination comes from. */
export function callShape(call: Call, prompt: string | null): string {
  const untrusted = call.args
    .map((a, i) => (a.provenance === Provenance.Trusted ? undefined : a.name || `#${i}`))
    .filter((n): n is string => n !== undefined)
    .sort();
  const dest = call.dest === '' ? 'none' : prompt !== null && prompt.toLowerCase().includes(call.dest.toLowerCase()) ? 'named' : 'unnamed';
  return `${call.tool}(${untrusted.join(',')})→${dest}`;
}

/** Weights of the evidence a rule accumulates; it denies while its score is positive. */
const WEIGHT = { attack_success: 2, blocked_attack: 1, false_positive: -2 } as const;

const PERMISSIVE = allow('no learned rule matches');

/**
 * A fresh learner (empty library). `feedback: false` gives the same defense with learning switched
 * off: it never changes, so it allows everything, which is what the curve is compared against.
 */
export function ruleLearner(
  opts: { feedback: boolean } = { feedback: true },
): LearningDefense & { readonly rules: ReadonlyMap<string, number> } {
  const rules = new Map<string, number>();
  const learner = {
    name: opts.feedback ? 'rule-learner' : 'rule-learner (no feedback)',
    rules,
    decide(call: Call, session: SessionView): Decision {
      const shape = callShape(call, session.prompt);
      const score = rules.get(shape);
      return score !== undefined && score > 0 ? deny(`learned rule ${shape} (evidence ${score})`) : PERMISSIVE;
    },
  };
  if (!opts.feedback) return learner;
  return {
    ...learner,
    learn(f: Feedback): void {
      const shape = callShape(f.call, f.prompt);
      const now = rules.get(shape);
      // Weak evidence only strengthens a rule that exists; it never creates one.
      if (f.label === 'blocked_attack' && now === undefined) return;
      rules.set(shape, (now ?? 0) + WEIGHT[f.label]);
    },
  };
}
