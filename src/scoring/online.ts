// Playing a stream (docs/online.md): episode after episode, each a session whose calls are asked
// in order until the run halts; the episode is scored with the defense's state as it was, and only
// then may feedback reach the defense. Nothing is ever rescored, and no episode begins before the
// previous one's feedback was delivered, so a defense can only profit from what it was told about
// earlier episodes. Session ids are opaque (keyed by a per-run secret) and a stream's order is the
// seeded sample's, so neither says which episodes are attacks.
import type { Decision, Scenario } from '../model/call.js';
import type { FeedbackLabel, OnlineSettings } from '../model/online.js';
import { sessionId, type Ask, type SessionInfo } from './drive.js';
import { Budget, earnedLabel, episodeOutcome, streamCounts, type EpisodeOutcome, type Stream, type StreamCounts } from './stream.js';

/** A defense as a stream plays it: a fresh one per stream (cold start). */
export interface Player {
  /** Whether feedback is sent to it (a defense that declared it learns). */
  readonly learns: boolean;
  begin(session: string, scenario: Scenario, info: SessionInfo): Promise<void> | void;
  ask(a: Ask): Promise<Decision> | Decision;
  end(session: string, scenario: Scenario): Promise<void> | void;
  /** Feedback on call `step` of the session's episode, which has ended. */
  feedback(session: string, step: number, label: FeedbackLabel, scenario: Scenario, info: SessionInfo): Promise<void> | void;
}

/** A defense that can play streams: `open` gives a fresh instance for each (a cold start). */
export interface Entrant {
  readonly name: string;
  open(stream: Stream): Promise<Player & { close?(): Promise<void> }> | (Player & { close?(): Promise<void> });
}

export interface StreamPlay {
  readonly outcomes: readonly EpisodeOutcome[];
  readonly counts: StreamCounts;
  /** Per episode, the feedback sent after it (undefined: none). */
  readonly sent: readonly (FeedbackLabel | undefined)[];
  /** Requests asked. */
  readonly asked: number;
}

export interface PlayOptions {
  readonly secret: Uint8Array;
  readonly sessionInfo: (s: Scenario) => SessionInfo;
  readonly budgets: OnlineSettings['budgets'];
}

export async function playStream(stream: Stream, scenarios: readonly Scenario[], player: Player, opts: PlayOptions): Promise<StreamPlay> {
  const budget = new Budget(opts.budgets);
  const outcomes: EpisodeOutcome[] = [];
  const sent: (FeedbackLabel | undefined)[] = [];
  let asked = 0;
  for (const [t, e] of stream.episodes.entries()) {
    const s = scenarios[e.scenario]!;
    const info = opts.sessionInfo(s);
    const session = sessionId(opts.secret, `${stream.suite}\u0000${t}`);
    await player.begin(session, s, info);
    const decisions: Decision[] = [];
    for (let step = 0; step < s.trace.length; step++) {
      const d = await player.ask({ scenario: s, session, step, call: s.trace[step]!.call });
      asked++;
      decisions.push(d);
      // As in a stateful session (drive.ts): the agent halts at a denial and goes on after an ask,
      // in every run alike; the outcome reads an ask in an attacked run as declined.
      if (!d.allowed && !d.ask) break;
    }
    await player.end(session, s);
    // Scored now, with the state the defense had: nothing later changes this outcome.
    const outcome = episodeOutcome(s, decisions);
    outcomes.push(outcome);
    const label = player.learns ? earnedLabel(s, outcome) : undefined;
    if (label && budget.take(label.label)) {
      await player.feedback(session, label.step, label.label, s, info);
      sent.push(label.label);
    } else sent.push(undefined);
  }
  return { outcomes, counts: streamCounts(stream, outcomes, { ...budget.spent }), sent, asked };
}
