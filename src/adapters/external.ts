// An out-of-process defense speaking the protocol (v1 or v2) over some channel (stdio or HTTP). It answers the
// asks of the core's driver (scoring/drive.ts), which decides what is asked, in which order and
// under which opaque ids.
//
// Failure is all-or-nothing: the first crash, timeout, garbage line or unknown id fails the whole
// defense with one DefenseError naming the scenario and call at fault and the defense's stderr
// tail, and every later decision rejects with that same error. A failed defense never yields a
// partial table.
import type { Decision } from '../model/call.js';
import { DefenseError, describeZodError } from '../model/errors.js';
import type { Ask, Asker } from '../scoring/drive.js';
import {
  encodeBegin,
  encodeEnd,
  encodeFeedback,
  encodeRequest,
  encodeRequestV2,
  excerpt,
  HelloSchema,
  ReplyV1Schema,
  ReplyV2Schema,
  type Hello,
} from './protocol.js';
import type { Scenario } from '../model/call.js';
import type { FeedbackLabel } from '../model/online.js';
import type { SessionInfo } from '../scoring/drive.js';

/** What a transport must provide: deliver the defense's lines, accept ours. */
export interface Channel {
  /** e.g. "command `python defense.py`" or "http://localhost:8080/". */
  readonly label: string;
  /** Start the defense; the first line delivered must be its hello. */
  open(events: ChannelEvents): void;
  /** A request: its reply comes back as a line. */
  send(line: string): void;
  /**
   * A message that has no reply (protocol v2's begin and end). Resolves once the defense has it in
   * order before anything sent later: at once on a pipe, on the 2xx answer over HTTP (a request
   * on another connection could otherwise overtake its session's begin).
   */
  notify(line: string): Promise<void>;
  /** The last lines the defense wrote to stderr, for messages; undefined when the channel has none. */
  tail(): string | undefined;
  close(): Promise<void>;
}

export interface ChannelEvents {
  line(text: string): void;
  /** The defense is gone or broke (exited, refused a connection, answered an HTTP error), at request `id` if known. */
  closed(why: string, id?: number): void;
}

export interface ExternalOptions {
  /** Overrides the name from the hello (the action's `name` input). */
  name?: string | undefined;
  /** Per-call timeout in milliseconds, counted from when the request is written. */
  timeoutMs: number;
  /** How long to wait for the hello (startup can be slow: model loading). */
  helloTimeoutMs?: number | undefined;
}

interface Pending {
  readonly ask: Ask;
  readonly resolve: (d: Decision) => void;
  readonly reject: (e: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export interface ExternalStats {
  /** Requests actually sent to the defense. */
  requests: number;
}

/** e.g. `scenario banking-user_task_0 step 1 (tool send_money)`: for messages, never for the defense. */
export const describeAsk = (a: Ask): string => `scenario ${a.scenario.id} step ${a.step} (tool ${a.call.tool})`;

export class ExternalDefense implements Asker {
  readonly name: string;
  readonly stats: ExternalStats = { requests: 0 };
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly waiting: (() => void)[] = [];
  private failure: DefenseError | undefined;

  private constructor(
    private readonly channel: Channel,
    readonly hello: Hello,
    private readonly opts: ExternalOptions,
  ) {
    this.name = opts.name ?? hello.name;
  }

  /** Start the channel and wait for a valid hello. */
  static open(channel: Channel, opts: ExternalOptions): Promise<ExternalDefense> {
    const helloMs = opts.helloTimeoutMs ?? Math.max(30_000, opts.timeoutMs);
    return new Promise<ExternalDefense>((resolve, reject) => {
      let self: ExternalDefense | undefined;
      const failStart = (what: string): void => {
        clearTimeout(timer);
        if (self) return self.fail(what);
        reject(startError(channel, what));
        void channel.close();
      };
      const timer = setTimeout(() => failStart(`no hello within ${helloMs} ms`), helloMs);
      channel.open({
        line(text) {
          if (self) return self.onLine(text);
          clearTimeout(timer);
          const hello = parseHello(text);
          if (typeof hello === 'string') return failStart(hello);
          self = new ExternalDefense(channel, hello, opts);
          resolve(self);
        },
        closed(why, id) {
          if (self) self.fail(why, id);
          else failStart(`${why} before sending its hello`);
        },
      });
    });
  }

  get stateless(): boolean {
    return this.hello.capabilities.stateless;
  }

  get maxConcurrency(): number {
    return this.hello.capabilities.max_concurrency;
  }

  get protocol(): 1 | 2 {
    return this.hello.protocol;
  }

  /** The defense declared that it learns from feedback (online runs). */
  get learns(): boolean {
    return this.hello.capabilities.learns === true;
  }

  /** Who answers, for the decision cache's digest (adapters/decisions.ts): the hello as the defense declared it. */
  get identity(): unknown {
    return this.hello;
  }

  /** Per session, the request id of each step asked (kept until its feedback, or its next session, in an online run). */
  private readonly requestIds = new Map<string, number[]>();

  /**
   * Feedback on call `step` of an ended session (protocol v2, a learning defense): the label, and
   * the call as its request carried it. Delivered in order before anything sent later.
   */
  async feedback(session: string, step: number, label: FeedbackLabel, scenario: Scenario, info: SessionInfo): Promise<void> {
    if (this.failure) throw this.failure;
    const id = this.requestIds.get(session)?.[step];
    this.requestIds.delete(session);
    if (id === undefined) throw new Error(`feedback on step ${step} of a session the defense was never asked about`);
    await this.channel.notify(encodeFeedback(session, id, label, scenario.suite, info.prompt, scenario.trace[step]!.call));
    if (this.failure) throw this.failure;
  }

  /** Set for an online run of a learning defense: remember which request asked about which step. */
  tracking = false;

  /** Protocol v2: a session begins with the suite, the user's prompt and the suite's tools. */
  async begin(session: string, scenario: Scenario, info: SessionInfo): Promise<void> {
    // In an online run at most one episode awaits its feedback: the one that ended before this.
    if (this.tracking) for (const k of this.requestIds.keys()) if (k !== session) this.requestIds.delete(k);
    if (this.protocol === 2 && !this.failure) await this.channel.notify(encodeBegin(session, scenario.suite, info.prompt, info.tools));
    if (this.failure) throw this.failure;
  }

  async end(session: string): Promise<void> {
    if (this.protocol === 2 && !this.failure) await this.channel.notify(encodeEnd(session));
    if (this.failure) throw this.failure;
  }

  /** Ask about one call. Waits for a free slot (max_concurrency); the timeout starts when the request is written. */
  async ask(a: Ask): Promise<Decision> {
    if (this.failure) throw this.failure;
    if (this.pending.size >= this.maxConcurrency) await new Promise<void>((r) => this.waiting.push(r));
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    if (this.tracking) {
      const ids = this.requestIds.get(a.session) ?? [];
      ids[a.step] = id;
      this.requestIds.set(a.session, ids);
    }
    return new Promise<Decision>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(`no reply to request ${id} within ${this.opts.timeoutMs} ms (timeout-per-call)`, id),
        this.opts.timeoutMs,
      );
      this.pending.set(id, { ask: a, resolve, reject, timer });
      this.stats.requests++;
      this.channel.send(
        this.protocol === 2 ? encodeRequestV2(id, a.session, a.step, a.scenario.trace) : encodeRequest(id, a.session, a.step, a.call),
      );
    });
  }

  async close(): Promise<void> {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    await this.channel.close();
  }

  private onLine(text: string): void {
    if (this.failure || text.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.fail(`wrote a line that is not JSON: ${excerpt(text)}`);
    }
    const r = this.protocol === 2 ? ReplyV2Schema.safeParse(json) : ReplyV1Schema.safeParse(json);
    if (!r.success) return this.fail(`wrote an invalid reply ${excerpt(text)}: ${describeZodError(r.error)}`);
    const p = this.pending.get(r.data.id);
    if (!p) return this.fail(`replied to unknown request id ${r.data.id} ${excerpt(text)}`);
    clearTimeout(p.timer);
    this.pending.delete(r.data.id);
    p.resolve(
      'decision' in r.data
        ? { allowed: r.data.decision === 'allow', ask: r.data.decision === 'ask' || undefined, reason: r.data.reason }
        : { allowed: r.data.allow, reason: r.data.reason },
    );
    this.waiting.shift()?.();
  }

  /** Fail the whole defense, naming the request at fault (or the oldest one in flight). */
  private fail(what: string, id?: number): void {
    if (this.failure) return;
    const at = (id !== undefined ? this.pending.get(id) : undefined) ?? this.pending.values().next().value;
    const where = at ? ` while deciding ${describeAsk(at.ask)}` : '';
    this.failure = new DefenseError(
      `defense ${JSON.stringify(this.name)} (${this.channel.label}) ${what}${where}${tailNote(this.channel.tail())}`,
    );
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(this.failure);
    }
    this.pending.clear();
    for (const w of this.waiting.splice(0)) w();
    void this.channel.close();
  }
}

function parseHello(text: string): Hello | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `wrote a first line that is not a JSON hello: ${excerpt(text)}`;
  }
  const r = HelloSchema.safeParse(json);
  if (!r.success) return `wrote an invalid hello ${excerpt(text)}: ${describeZodError(r.error)}`;
  if (r.data.protocol === 1 && r.data.capabilities.learns)
    return `wrote an invalid hello ${excerpt(text)}: capabilities.learns needs protocol 2 (feedback is a version 2 message)`;
  return r.data;
}

function startError(channel: Channel, what: string): DefenseError {
  return new DefenseError(`defense (${channel.label}) ${what}${tailNote(channel.tail())}`);
}

function tailNote(tail: string | undefined): string {
  if (tail === undefined) return '';
  return tail.trim() === '' ? '\n(no stderr output)' : `\nlast lines of the defense's stderr:\n${tail.replace(/\s+$/, '')}`;
}
