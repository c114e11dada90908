// Driving an out-of-process defense over a corpus (docs/protocol.md#what-a-defense-is-told): which
// calls it is asked about, in what order, under which identifiers, and how its answers become
// outcomes. Nothing a deployed defense could not know reaches it: sessions carry opaque ids keyed
// by a per-run secret, scenarios are asked in an order drawn from a per-run random seed, and no
// request is ever sent only to re-decide a benign twin's call (the twin's own run answers it).
//
// Two modes, from the defense's own declaration:
// - stateless: every distinct request of every scenario is asked once, whether or not an earlier
//   call of its scenario was denied, and outcomes are computed afterwards. A pure defense gets
//   exactly the outcomes of the in-process judge (`judge`), twin re-decisions included. Each
//   request is a session of its own and the requests come in a random order of their own: grouped
//   by run, a run whose first calls were asked under another run's id (an injected run shares its
//   twin's prefix) would show as a session starting late, and that says "injection".
// - stateful: one session per scenario, its calls in order, stopping at the first denial, as a
//   live agent would halt. A pair's halt is attributable only if the twin's own session reached
//   that call and allowed it.
import { createHmac } from 'node:crypto';
import type { Call, Decision, Denial, Scenario, ToolSchema } from '../model/call.js';
import { isUnscored, judgeDecided } from './judge.js';
import { PCG } from './pcg.js';
import type { ProgressObserver } from './progress.js';

/** One call as the defense is asked about it. */
export interface Ask {
  readonly scenario: Scenario;
  /** Opaque, per gate run: equal for the calls of one scenario run (stateful) or one request (stateless), nothing else. */
  readonly session: string;
  /** Index of the call in the scenario's trace. */
  readonly step: number;
  readonly call: Call;
}

/** What a session begins with (protocol v2): the user's prompt where the corpus gives it, the suite's tools. */
export interface SessionInfo {
  readonly prompt: string | null;
  readonly tools: readonly ToolSchema[];
}

export interface Asker {
  ask(a: Ask): Promise<Decision>;
  /** Called before a session's first request and after its last (protocol v2 sends begin/end). */
  begin?(session: string, scenario: Scenario, info: SessionInfo): Promise<void> | void;
  end?(session: string, scenario: Scenario): Promise<void> | void;
}

export interface DriveOptions {
  /** The defense declared every decision a pure function of the request. */
  readonly stateless: boolean;
  /** Requests in flight at once (stateless), or sessions at once (stateful). */
  readonly concurrency: number;
  /** Per-run secret keying the opaque session ids. */
  readonly secret: Uint8Array;
  /** Seeds the order in which scenarios are asked. */
  readonly orderSeed: readonly [bigint, bigint];
  /**
   * What makes two requests the same request (stateless dedup): by default everything the request
   * line carries but its ids: the step, the call's tool, dest, args and context. (The step counts:
   * otherwise one run's answer at step 2 would stand for another run's step 0, under the first run's id.)
   */
  readonly requestKey?: (s: Scenario, step: number, call: Call) => string;
  /** What each session begins with; by default no prompt and no tools. */
  readonly sessionInfo?: (s: Scenario) => SessionInfo;
  /**
   * Stateless only: decisions known or being asked, by request key, shared across drives (the
   * adaptive attacker asks many variants of the same runs, several at once). A key present is not
   * asked again; the keys this drive asks are added before it asks them.
   */
  readonly cache?: Map<string, Promise<Decision>>;
  /** Told the scored scenarios' count, each decision the defense answers and each scenario whose decisions are all in. */
  readonly progress?: ProgressObserver;
}

export interface Driven {
  readonly outcomes: Uint8Array;
  /** Per scenario, the confirmations the defense asked for in a benign run (protocol v2's ask). */
  readonly asks: Uint16Array;
  /** First denial per scenario id. */
  readonly denials: ReadonlyMap<string, Denial>;
  /** Requests sent to the defense. */
  readonly asked: number;
  /** Decisions the outcomes needed (more than `asked` when identical requests were asked once). */
  readonly needed: number;
  /** The defense's answer for a call of the scenarios, where it was asked (a recorded run's halts, scoring/trajectory.ts). */
  readonly decisionOf: (c: Call) => Decision | undefined;
}

const callKey = (_s: Scenario, step: number, c: Call): string =>
  JSON.stringify([step, c.tool, c.dest, c.args.map((a) => [a.provenance, a.text]), c.context]);

/** The opaque session id of a scenario in this run: nothing about the scenario can be read from it. */
export function sessionId(secret: Uint8Array, scenarioId: string): string {
  return createHmac('sha256', secret).update(scenarioId).digest('hex').slice(0, 16);
}

/** Scenario indices in a random order drawn from the seed (Fisher–Yates). */
export function shuffledOrder(n: number, seed: readonly [bigint, bigint]): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const rng = new PCG(seed[0], seed[1]);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng.float64() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Runs `work` over `items` with at most `limit` in flight, dispatching in item order; the first failure rejects. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

const NO_SESSION_INFO = (): SessionInfo => ({ prompt: null, tools: [] });

export async function drive(scenarios: readonly Scenario[], asker: Asker, opts: DriveOptions): Promise<Driven> {
  const order = shuffledOrder(scenarios.length, opts.orderSeed).filter((i) => !isUnscored(scenarios[i]!));
  const session = (s: Scenario): string => sessionId(opts.secret, s.id);
  return opts.stateless ? driveStateless(scenarios, order, asker, opts) : driveStateful(scenarios, order, asker, opts, session);
}

async function driveStateless(scenarios: readonly Scenario[], order: readonly number[], asker: Asker, opts: DriveOptions): Promise<Driven> {
  const keyOf = opts.requestKey ?? callKey;
  const keyOfCall = new Map<Call, string>();
  const requests = new Map<string, Ask>();
  const add = (s: Scenario, step: number, call: Call): void => {
    const key = keyOf(s, step, call);
    keyOfCall.set(call, key);
    if (!requests.has(key)) requests.set(key, { scenario: s, session: sessionId(opts.secret, key), step, call });
  };
  for (const i of order) {
    const s = scenarios[i]!;
    s.trace.forEach((st, step) => add(s, step, st.call));
  }
  // A twin that is not itself one of the scenarios (hand-built lists) is asked as a run of its own.
  for (const i of order) {
    const s = scenarios[i]!;
    s.twin.forEach((c, step) => {
      if (!keyOfCall.has(c)) add({ ...s, kind: 'benign', trace: s.twin.map((call) => ({ call, injected: false })), twin: [] }, step, c);
    });
  }
  const decisions = new Map<string, Decision>();
  const info = opts.sessionInfo ?? NO_SESSION_INFO;
  const shared = opts.cache;
  const list = [...requests].filter(([key]) => !shared?.has(key));
  // This drive's keys go into the shared cache before they are asked, so another drive waits for them instead of asking too.
  const mine = new Map<string, { resolve(d: Decision): void; reject(e: unknown): void }>();
  if (shared)
    for (const [key] of list)
      shared.set(
        key,
        new Promise<Decision>((resolve, reject) => mine.set(key, { resolve, reject })).catch((e: unknown) => {
          shared.delete(key);
          throw e;
        }),
      );
  const shuffled = shuffledOrder(list.length, opts.orderSeed).map((i) => list[i]!);
  const answered = opts.progress && scenarioCompletion(scenarios, order, keyOfCall, new Set(list.map(([key]) => key)), opts.progress);
  try {
    await pool(shuffled, opts.concurrency, async ([key, a]) => {
      await asker.begin?.(a.session, a.scenario, info(a.scenario));
      const d = await asker.ask(a);
      decisions.set(key, d);
      mine.get(key)?.resolve(d);
      answered?.(key);
      await asker.end?.(a.session, a.scenario);
    });
  } catch (e) {
    for (const [key, p] of mine) if (!decisions.has(key)) p.reject(e);
    throw e;
  }
  if (shared) for (const [key] of requests) if (!decisions.has(key)) decisions.set(key, await shared.get(key)!);
  const lookup = (c: Call): Decision | undefined => {
    const key = keyOfCall.get(c);
    return key === undefined ? undefined : decisions.get(key);
  };
  return { ...judgeDecided(scenarios, lookup), asked: list.length, decisionOf: lookup };
}

/**
 * Stateless progress: a scenario is done once every distinct request of its run and its twin's is
 * answered (requests this drive does not ask, answered for another drive, count as answered).
 * Starts the observer and returns what to call with each request key as its answer comes in.
 */
function scenarioCompletion(
  scenarios: readonly Scenario[],
  order: readonly number[],
  keyOfCall: ReadonlyMap<Call, string>,
  asking: ReadonlySet<string>,
  progress: ProgressObserver,
): (key: string) => void {
  const waiting = new Map<string, number[]>();
  const left = order.map((i, at) => {
    const s = scenarios[i]!;
    const keys = new Set([...s.trace.map((st) => st.call), ...s.twin].map((c) => keyOfCall.get(c)!).filter((k) => asking.has(k)));
    for (const k of keys) {
      const list = waiting.get(k);
      if (list) list.push(at);
      else waiting.set(k, [at]);
    }
    return keys.size;
  });
  progress.start(order.length);
  const ready = left.filter((n) => n === 0).length;
  if (ready > 0) progress.scenariosDone(ready);
  return (key) => {
    progress.decided();
    let done = 0;
    for (const at of waiting.get(key) ?? []) if (--left[at]! === 0) done++;
    if (done > 0) progress.scenariosDone(done);
  };
}

async function driveStateful(
  scenarios: readonly Scenario[],
  order: readonly number[],
  asker: Asker,
  opts: DriveOptions,
  session: (s: Scenario) => string,
): Promise<Driven> {
  const decisions = new Map<Call, Decision>();
  const info = opts.sessionInfo ?? NO_SESSION_INFO;
  let asked = 0;
  opts.progress?.start(order.length);
  await pool(order, opts.concurrency, async (i) => {
    const s = scenarios[i]!;
    const id = session(s);
    await asker.begin?.(id, s, info(s));
    for (let step = 0; step < s.trace.length; step++) {
      const call = s.trace[step]!.call;
      asked++;
      const d = await asker.ask({ scenario: s, session: id, step, call });
      decisions.set(call, d);
      opts.progress?.decided();
      // The agent halts at the first denial: no later call of this run exists. After an ask the
      // run goes on as if the user confirmed, in every run alike (a run that stopped at an ask
      // would tell the defense it was an injection); the outcome reads an ask in an injection run
      // as declined.
      if (!d.allowed && !d.ask) break;
    }
    await asker.end?.(id, s);
    opts.progress?.scenariosDone();
  });
  const lookup = (c: Call): Decision | undefined => decisions.get(c);
  return { ...judgeDecided(scenarios, lookup), asked, decisionOf: lookup };
}
