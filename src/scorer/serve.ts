// The scorer as a live defense (docs/scorer.md#as-a-live-defense---serve): protocol v2 on stdio, a
// stateless defense that decides each request exactly as the classifier defense of its scope and
// threshold decides the same call from a score table (the shared rule, model/classifier-rule.ts),
// with the scores computed live. So texts no table covers, an adaptive attacker's payloads, are
// scored too. Each distinct text is scored once per process.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { firstStop, joinArgs, judgedTexts, type Scope } from '../model/classifier-rule.js';
import { InputError } from '../model/errors.js';

/** What the rule reads of a v2 request (docs/protocol.md#request). */
export interface ServedRequest {
  type: 'request';
  id: number;
  call: { args: { text: string }[] };
  trace: { output: string; read: boolean }[];
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A line's message: a request (only the fields the rule reads; others are ignored, as the protocol
 * asks), a message without a reply (a session's begin and end, feedback: this defense does not
 * learn), or the first field at fault. Checked by hand: zod would make the scorer's bundle ten
 * times larger.
 */
export function parseMessage(json: unknown): ServedRequest | 'silent' | { error: string } {
  if (!isObject(json)) return { error: '(top level): expected an object' };
  if (json.type === 'begin' || json.type === 'end' || json.type === 'feedback') return 'silent';
  if (json.type !== 'request') return { error: 'type: expected "request", "begin", "end" or "feedback"' };
  const { id, call, trace } = json;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return { error: 'id: expected a positive integer' };
  if (!isObject(call) || !Array.isArray(call.args)) return { error: 'call.args: expected an array' };
  const args: { text: string }[] = [];
  for (const [i, a] of (call.args as unknown[]).entries()) {
    if (!isObject(a) || typeof a.text !== 'string') return { error: `call.args[${i}].text: expected a string` };
    args.push({ text: a.text });
  }
  if (!Array.isArray(trace)) return { error: 'trace: expected an array' };
  const steps: { output: string; read: boolean }[] = [];
  for (const [i, t] of (trace as unknown[]).entries()) {
    if (!isObject(t) || typeof t.output !== 'string') return { error: `trace[${i}].output: expected a string` };
    if (typeof t.read !== 'boolean') return { error: `trace[${i}].read: expected true or false` };
    steps.push({ output: t.output, read: t.read });
  }
  return { type: 'request', id, call: { args }, trace: steps };
}

/**
 * The outputs a v2 request says the agent read before the call, in order: what a v1 call carries
 * as its context. (The v2 trace has `""` where a corpus records no output; an empty text scores 0.)
 */
export const readOutputs = (r: ServedRequest): string[] => r.trace.filter((t) => t.read).map((t) => t.output);

/** The texts the classifier defense of `scope` judges for the request's call, in order. */
export const requestTexts = (r: ServedRequest, scope: Scope): string[] => judgedTexts(readOutputs(r), joinArgs(r.call.args), scope);

export interface Reply {
  id: number;
  decision: 'allow' | 'deny';
  reason: string;
}

/** The decision on a request, given the score of each text it judges. */
export function decideRequest(r: ServedRequest, scope: Scope, threshold: number, score: (text: string) => number | undefined): Reply {
  const stop = firstStop(readOutputs(r), joinArgs(r.call.args), scope, score, threshold);
  if (stop === undefined) return { id: r.id, decision: 'allow', reason: 'all texts below threshold' };
  const why =
    stop.score === undefined ? 'text has no classifier score' : `classifier score ${stop.score.toFixed(3)} at or above ${threshold}`;
  return { id: r.id, decision: 'deny', reason: why };
}

/**
 * Scores by text, each distinct text scored once. Texts asked for while the model is busy wait and
 * are scored together in its next round, so concurrent requests share batches.
 */
export class LiveScores {
  private readonly byText = new Map<string, Promise<number>>();
  private waiting = new Map<string, { resolve: (s: number) => void; reject: (e: unknown) => void }>();
  private running = false;
  /** Distinct texts scored so far. */
  scored = 0;

  constructor(private readonly scoreTexts: (texts: Map<string, string>) => Promise<Map<string, number>>) {}

  get(text: string): Promise<number> {
    let p = this.byText.get(text);
    if (p === undefined) {
      p = new Promise((resolve, reject) => this.waiting.set(text, { resolve, reject }));
      this.byText.set(text, p);
      // Lines read in the same turn of the event loop join one round.
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.rounds());
      }
    }
    return p;
  }

  private async rounds(): Promise<void> {
    while (this.waiting.size > 0) {
      const round = this.waiting;
      this.waiting = new Map();
      try {
        const scores = await this.scoreTexts(new Map([...round.keys()].map((t) => [t, t])));
        for (const [text, w] of round) w.resolve(scores.get(text)!);
        this.scored += round.size;
      } catch (e) {
        for (const w of round.values()) w.reject(e);
      }
    }
    this.running = false;
  }
}

export interface ServeOptions {
  name: string;
  scope: Scope;
  threshold: number;
  maxConcurrency: number;
}

export interface ServeIo {
  input: Readable;
  write: (line: string) => void;
}

/**
 * Speak protocol v2 until stdin ends: the hello, then a reply to each request once its texts are
 * scored (in any order, as the protocol allows). A line that is not a message of the protocol, or
 * a text the model cannot score, ends the serving with that error (no reply is ever guessed).
 */
export async function serve(scores: LiveScores, opts: ServeOptions, io: ServeIo): Promise<{ requests: number }> {
  const hello = { protocol: 2, name: opts.name, capabilities: { stateless: true, max_concurrency: opts.maxConcurrency } };
  io.write(`${JSON.stringify(hello)}\n`);
  const lines = createInterface({ input: io.input, crlfDelay: Infinity });
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  // A failure stops the reading for good: the gate keeps stdin open, and an open stdin would keep
  // the process alive after its error, so the gate would wait for its timeout, not see the exit.
  const fail = (e: unknown): void => {
    failure ??= e;
    lines.close();
    io.input.destroy();
  };
  let n = 0;
  let requests = 0;
  lines.on('line', (line) => {
    n++;
    if (failure !== undefined || line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return fail(new InputError(`stdin line ${n}: not JSON`));
    }
    const r = parseMessage(json);
    if (r === 'silent') return;
    if ('error' in r) return fail(new InputError(`stdin line ${n}: not a protocol v2 request: ${r.error}`));
    requests++;
    const texts = requestTexts(r, opts.scope);
    const p = Promise.all(texts.map((t) => scores.get(t)))
      .then((got) => {
        const byText = new Map(texts.map((t, i) => [t, got[i]!]));
        if (failure === undefined) io.write(`${JSON.stringify(decideRequest(r, opts.scope, opts.threshold, (t) => byText.get(t)))}\n`);
      }, fail)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  });
  await new Promise<void>((resolve) => lines.on('close', resolve));
  await Promise.all(inFlight);
  if (failure !== undefined) throw failure;
  return { requests };
}
