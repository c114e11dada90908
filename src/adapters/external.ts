// An out-of-process defense speaking protocol v1 over some channel (stdio or HTTP). It is an
// AsyncDefense, so the core's judgeAsync drives it exactly as it drives any other defense.
//
// Failure is all-or-nothing: the first crash, timeout, garbage line or unknown id fails the whole
// defense with one DefenseError naming the scenario and call at fault and the defense's stderr
// tail, and every later decision rejects with that same error. A failed defense never yields a
// partial table.
import type { Call, Decision } from '../model/call.js';
import type { AsyncDefense } from '../defenses/defense.js';
import { DefenseError, describeZodError } from '../model/errors.js';
import { encodeRequest, excerpt, HelloSchema, ReplySchema, type Hello } from './protocol.js';
import { SiteIndex } from './sites.js';

/** What a transport must provide: deliver the defense's lines, accept ours. */
export interface Channel {
  /** e.g. "command `python defense.py`" or "http://localhost:8080/". */
  readonly label: string;
  /** Start the defense; the first line delivered must be its hello. */
  open(events: ChannelEvents): void;
  send(line: string): void;
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
  /** Per-call timeout in milliseconds. */
  timeoutMs: number;
  /** How long to wait for the hello (startup can be slow: model loading). */
  helloTimeoutMs?: number | undefined;
  sites?: SiteIndex | undefined;
}

interface Pending {
  readonly call: Call;
  readonly resolve: (d: Decision) => void;
  readonly reject: (e: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export interface ExternalStats {
  /** Requests actually sent to the defense. */
  requests: number;
  /** Decisions answered from the dedup cache (stateless defenses only). */
  deduplicated: number;
}

export class ExternalDefense implements AsyncDefense {
  readonly name: string;
  readonly stats: ExternalStats = { requests: 0, deduplicated: 0 };
  sites: SiteIndex;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly waiting: (() => void)[] = [];
  private readonly cache = new Map<string, Promise<Decision>>();
  private failure: DefenseError | undefined;

  private constructor(
    private readonly channel: Channel,
    readonly hello: Hello,
    private readonly opts: ExternalOptions,
  ) {
    this.name = opts.name ?? hello.name;
    this.sites = opts.sites ?? new SiteIndex();
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

  decide(call: Call): Promise<Decision> {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.stateless) return this.request(call);
    const key = JSON.stringify([call.tool, call.dest, call.args, call.context]);
    const hit = this.cache.get(key);
    if (hit) {
      this.stats.deduplicated++;
      return hit;
    }
    const p = this.request(call);
    this.cache.set(key, p);
    return p;
  }

  async close(): Promise<void> {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    await this.channel.close();
  }

  private async request(call: Call): Promise<Decision> {
    if (this.pending.size >= this.maxConcurrency) await new Promise<void>((r) => this.waiting.push(r));
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    return new Promise<Decision>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(`no reply to request ${id} within ${this.opts.timeoutMs} ms (timeout-per-call)`, id),
        this.opts.timeoutMs,
      );
      this.pending.set(id, { call, resolve, reject, timer });
      this.stats.requests++;
      this.channel.send(encodeRequest(id, this.sites.site(call), call));
    });
  }

  private onLine(text: string): void {
    if (this.failure || text.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.fail(`wrote a line that is not JSON: ${excerpt(text)}`);
    }
    const r = ReplySchema.safeParse(json);
    if (!r.success) return this.fail(`wrote an invalid reply ${excerpt(text)}: ${describeZodError(r.error)}`);
    const p = this.pending.get(r.data.id);
    if (!p) return this.fail(`replied to unknown request id ${r.data.id} ${excerpt(text)}`);
    clearTimeout(p.timer);
    this.pending.delete(r.data.id);
    p.resolve({ allowed: r.data.allow, reason: r.data.reason });
    this.waiting.shift()?.();
  }

  /** Fail the whole defense, naming the request at fault (or the oldest one in flight). */
  private fail(what: string, id?: number): void {
    if (this.failure) return;
    const at = (id !== undefined ? this.pending.get(id) : undefined) ?? this.pending.values().next().value;
    const where = at ? ` while deciding ${this.sites.describe(at.call)}` : '';
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
  return r.success ? r.data : `wrote an invalid hello ${excerpt(text)}: ${describeZodError(r.error)}`;
}

function startError(channel: Channel, what: string): DefenseError {
  return new DefenseError(`defense (${channel.label}) ${what}${tailNote(channel.tail())}`);
}

function tailNote(tail: string | undefined): string {
  if (tail === undefined) return '';
  return tail.trim() === '' ? '\n(no stderr output)' : `\nlast lines of the defense's stderr:\n${tail.replace(/\s+$/, '')}`;
}
