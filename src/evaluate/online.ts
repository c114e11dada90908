// Online evaluation as report data (docs/online.md): every defense plays the same streams, a fresh
// instance per stream; a defense that learns gets feedback after each episode, every other plays
// with none. The rows beside yours: the reference defenses, and the reference learner with its
// feedback and without it (the same defense, never told anything), so a curve can be read against
// what the same rules do without learning and against a fixed policy.
import type { Corpus } from '../corpora/corpus.js';
import { sessionPrompt } from '../corpora/corpus.js';
import type { Scenario } from '../model/call.js';
import { InputError } from '../model/errors.js';
import type { FeedbackLabel, OnlineSettings } from '../model/online.js';
import type { Defense } from '../defenses/defense.js';
import { ruleLearner, type LearningDefense } from '../defenses/learner.js';
import type { SessionInfo } from '../scoring/drive.js';
import { playStream, type Entrant, type Player, type StreamPlay } from '../scoring/online.js';
export type { Entrant } from '../scoring/online.js';
import { buildStreams, macroCurve, macroRates, streamRates, type Stream, type StreamCounts, type StreamRates } from '../scoring/stream.js';
import { referenceDefenses, versionsOf, type Versions } from './corpus.js';

/** The kinds of corpora a stream can be built from: replayed pairs, and recorded runs. */
export function checkOnlineCorpus(corpus: Corpus): void {
  if (corpus.kind !== 'paired' && corpus.kind !== 'trajectory')
    throw new InputError(
      `online evaluation runs on the paired corpus (pairs) and the recorded-run corpora (agentdyn…), not on ${corpus.name} (${corpus.kind})`,
    );
}

/** An in-process defense as a player: a session-aware learner, or a per-call defense that never learns. */
export function inProcessPlayer(defense: LearningDefense): Player {
  const prompts = new Map<string, SessionInfo>();
  return {
    learns: defense.learn !== undefined,
    begin: (session, _s, info) => void prompts.set(session, info),
    ask: (a) => defense.decide(a.call, { suite: a.scenario.suite, prompt: prompts.get(a.session)?.prompt ?? null }),
    end: () => undefined,
    feedback(session, step, label: FeedbackLabel, s: Scenario, info) {
      prompts.delete(session);
      defense.learn!({ label, step, call: s.trace[step]!.call, suite: s.suite, prompt: info.prompt });
    },
  };
}

const perCall = (d: Defense): LearningDefense => ({ name: d.name, decide: (call) => d.decide(call) });

/** The reference rows of an online report: the reference defenses and the reference learner with and without feedback. */
export function onlineReferences(corpus: Corpus, names?: readonly string[]): Entrant[] {
  const refs = referenceDefenses(corpus, names as never).map((d): Entrant => ({ name: d.name, open: () => inProcessPlayer(perCall(d)) }));
  return [
    ...refs,
    { name: 'rule-learner', open: () => inProcessPlayer(ruleLearner({ feedback: true })) },
    { name: 'rule-learner (no feedback)', open: () => inProcessPlayer(ruleLearner({ feedback: false })) },
  ];
}

export interface OnlineStreamResult {
  readonly suite: string;
  readonly counts: StreamCounts;
  readonly rates: StreamRates;
}

export interface OnlineResult {
  readonly defense: string;
  /** Feedback was sent to it. */
  readonly learns: boolean;
  readonly streams: readonly OnlineStreamResult[];
  /** Each rate averaged over the streams. */
  readonly macro: StreamRates;
  /** Cumulative ASR after n attacks, n = 1 …, averaged over the streams. */
  readonly curve: readonly number[];
  /** Requests asked. */
  readonly asked: number;
}

export interface OnlineStreams {
  readonly settings: OnlineSettings;
  /** Per stream, its suite and its episodes' scenario ids in play order. */
  readonly streams: readonly { readonly suite: string; readonly episodes: readonly string[] }[];
}

export interface OnlineReport extends OnlineStreams {
  readonly corpus: string;
  readonly results: readonly OnlineResult[];
  readonly versions: Versions;
}

export interface PlayContext {
  /** Keys the opaque session ids; fixed only by tests. */
  readonly secret: Uint8Array;
}

export function sessionInfoOf(corpus: Corpus): (s: Scenario) => SessionInfo {
  return (s) => ({ prompt: sessionPrompt(corpus, s), tools: corpus.tools[s.suite] ?? [] });
}

/** One entrant over every stream (streams in parallel, each on a fresh instance). */
export async function playEntrant(
  corpus: Corpus,
  streams: readonly Stream[],
  entrant: Entrant,
  settings: OnlineSettings,
  ctx: PlayContext,
): Promise<OnlineResult> {
  const sessionInfo = sessionInfoOf(corpus);
  const plays: StreamPlay[] = [];
  let learns = false;
  await Promise.all(
    streams.map(async (stream, i) => {
      const player = await entrant.open(stream);
      try {
        learns ||= player.learns;
        plays[i] = await playStream(stream, corpus.scenarios, player, { secret: ctx.secret, sessionInfo, budgets: settings.budgets });
      } finally {
        await player.close?.();
      }
    }),
  );
  return onlineResult(entrant.name, learns, streams, plays, settings.window);
}

export function onlineResult(
  defense: string,
  learns: boolean,
  streams: readonly Stream[],
  plays: readonly Pick<StreamPlay, 'counts' | 'asked'>[],
  window: number,
): OnlineResult {
  const per = streams.map((s, i) => ({ suite: s.suite, counts: plays[i]!.counts, rates: streamRates(plays[i]!.counts, window) }));
  return {
    defense,
    learns,
    streams: per,
    macro: macroRates(per.map((p) => p.rates)),
    curve: macroCurve(per.map((p) => p.counts)),
    asked: plays.reduce((n, p) => n + p.asked, 0),
  };
}

export function streamsOf(corpus: Corpus, settings: OnlineSettings): { streams: Stream[]; described: OnlineStreams } {
  checkOnlineCorpus(corpus);
  const streams = buildStreams(corpus.scenarios, settings);
  return {
    streams,
    described: {
      settings,
      streams: streams.map((s) => ({ suite: s.suite, episodes: s.episodes.map((e) => corpus.scenarios[e.scenario]!.id) })),
    },
  };
}

/** Every entrant on the corpus's streams: yours first (when given), then the references. */
export async function evaluateOnline(
  corpus: Corpus,
  entrants: readonly Entrant[],
  settings: OnlineSettings,
  ctx: PlayContext,
  judged: readonly OnlineResult[] = [],
): Promise<OnlineReport> {
  const { streams, described } = streamsOf(corpus, settings);
  const results = [...judged];
  for (const e of entrants) results.push(await playEntrant(corpus, streams, e, settings, ctx));
  return { corpus: corpus.name, ...described, results, versions: versionsOf(corpus) };
}
