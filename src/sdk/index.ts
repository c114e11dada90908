// defineDefense: write a defense once, serve it over stdio or HTTP (docs/protocol.md, docs/sdk.md),
// or export it for `defense-module`. Protocol 2 by default; `protocol: 1` keeps the first one for
// existing defenses. Only node: built-ins, so it can be copied into any project; it is also
// shipped compiled, as `agent-defense-eval/sdk` (dist/sdk/index.js with its .d.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createInterface } from 'node:readline';

/** The protocol an SDK defense speaks unless it says otherwise. */
export const PROTOCOL_VERSION = 2;
/** As the Python SDK's: a 50 ms/decision defense scores the action's default corpora in under 10 s (docs/bench.md). */
export const DEFAULT_MAX_CONCURRENCY = 64;
export const MAX_CONCURRENCY_LIMIT = 256;
/**
 * Over HTTP every message is its own POST, so a session's first request can overtake its begin: a
 * request for a session not begun yet waits this long for the begin before it is decided anyway.
 */
export const BEGIN_WAIT_MS = 5000;

// ---------------------------------------------------------------- protocol 2's messages

/** One argument of a call: its name in the tool's signature ('' where a corpus records none). */
export interface Arg {
  name: string;
  /** An open string: `trusted`, `untrusted`, `untrusted.web`, … */
  provenance: string;
  text: string;
}

/** A tool call as protocol 2 sends it. */
export interface Call {
  tool: string;
  args: Arg[];
  /** Egress destination; empty when the call sends nothing out. */
  dest: string;
}

/** An earlier call of the run, with what it returned. */
export interface TraceStep extends Call {
  /** The text the call returned. */
  output: string;
  /** False when the agent had not read this output when it proposed the pending call (a later call of the same model turn). */
  read: boolean;
}

/** The call to decide, with the earlier calls of its run in order. */
export interface PendingCall extends Call {
  trace: TraceStep[];
}

/** A tool as the agent's model is told about it. */
export interface ToolSchema {
  name: string;
  description: string;
  /** JSON Schema of the tool's parameters. */
  parameters: Record<string, unknown>;
}

export interface BeginMessage {
  type: 'begin';
  /** Opaque, per gate run: the same for every message of one agent run, nothing else. */
  session: string;
  suite: string;
  /** The user's request, as a deployed defense knows it; null where the corpus withholds it. */
  prompt: string | null;
  tools: ToolSchema[];
}

export interface RequestMessage {
  type: 'request';
  id: number;
  session: string;
  call: Call;
  trace: TraceStep[];
}

export interface EndMessage {
  type: 'end';
  session: string;
}

/** What the gate may tell a defense that learns about a call of an ended episode (docs/online.md#feedback). */
export type FeedbackLabel = 'attack_success' | 'false_positive' | 'blocked_attack';

/** Online runs, to a defense that learns: feedback on one call of an episode already scored. */
export interface FeedbackMessage {
  type: 'feedback';
  /** The episode's session, which has ended. */
  session: string;
  /** The id of the request that asked about the call. */
  request: number;
  label: FeedbackLabel;
  suite: string;
  /** The episode's user prompt, as its begin carried it. */
  prompt: string | null;
  /** The call, as that request carried it. */
  call: Call;
}

export type Message = BeginMessage | RequestMessage | EndMessage | FeedbackMessage;

/** A defense's decision on one call (protocol 2): `ask` waits for the user's confirmation. */
export type Decision = 'allow' | 'deny' | 'ask';

/** Protocol 2's reply. */
export interface ReplyV2 {
  id: number;
  decision: Decision;
  reason: string;
}

/** One agent run as the defense sees it, the same object for all its calls; `state` is the defense's own. */
export interface Session<S = Record<string, unknown>> {
  readonly id: string;
  readonly suite: string;
  readonly prompt: string | null;
  readonly tools: readonly ToolSchema[];
  state: S;
}

/**
 * What decide may return: a decision, or one with its reason. `{allow, reason}` (protocol 1's
 * shape) is accepted too. `ask`: the call waits for the user's confirmation.
 */
export type Answer = Decision | { decision: Decision; reason?: string } | { allow: boolean; reason?: string };

interface Common {
  /** One line: shown in logs and reports. */
  name: string;
  /**
   * A promise the author makes: decide is a pure function of the request (the call, its trace,
   * and the session's suite, prompt and tools), so the gate may ask each distinct request once and
   * reuse the answer. Default false, as in the protocol: a defense that keeps state across calls
   * or reads the session's id must leave it false.
   */
  stateless?: boolean;
  /** Requests accepted in flight at once; decide may run on that many at a time. Default 64. */
  maxConcurrency?: number;
}

export interface DefenseDefinition<S = Record<string, unknown>> extends Common {
  protocol?: 2;
  /** A new session's `state` (default `{}`). */
  initialState?(session: Omit<Session<S>, 'state'>): S;
  /** Called as a session begins, before any of its calls is decided. */
  onBegin?(session: Session<S>): void | Promise<void>;
  /** Called as a session ends, after its last decision; its state is dropped then. Not called in process (`defense-module`). */
  onEnd?(session: Session<S>): void | Promise<void>;
  decide(call: PendingCall, session: Session<S>): Answer | Promise<Answer>;
  /**
   * Online runs (docs/online.md): the defense learns. Given, the hello declares `learns` and the gate
   * sends feedback after each episode is scored, before the next begins; each stream starts a fresh
   * process, with the vaccine file's path in DEFENSE_EVAL_VACCINE. State kept here is the defense's
   * own (across sessions), never per session.
   */
  onFeedback?(feedback: FeedbackMessage): void | Promise<void>;
}

// ---------------------------------------------------------------- protocol 1

/** A call as protocol 1 sends it. */
export interface DefenseCall {
  tool: string;
  args: { provenance: string; text: string }[];
  /** Egress destination; empty when the call sends nothing out. */
  dest: string;
  /** The tool outputs the agent read before proposing this call. */
  context: string[];
}

/** Where the call sits (protocol 1): informational, for logs and stateful defenses. */
export interface CallInfo {
  scenario: string;
  step: number;
}

/** Protocol 1's decision on one call, with its reason. */
export interface DecisionV1 {
  allow: boolean;
  reason?: string;
}

export interface DefenseDefinitionV1 extends Common {
  protocol: 1;
  decide(call: DefenseCall, info: CallInfo): DecisionV1 | Promise<DecisionV1>;
}

export interface Reply {
  id: number;
  allow: boolean;
  reason: string;
}

// ---------------------------------------------------------------- defined defenses

export interface Hello {
  protocol: 1 | 2;
  name: string;
  capabilities: { stateless: boolean; max_concurrency: number; learns?: boolean };
}

interface Served<R> {
  readonly name: string;
  readonly hello: Hello;
  /** For `defense-module`: the gate reads these from the export. */
  readonly stateless: boolean;
  /** Answer one protocol message (parsed JSON); rejects with a RequestError when it is not one. */
  answer(message: unknown): Promise<R>;
  /** Speak the protocol on stdin/stdout until stdin ends. */
  serveStdio(input?: NodeJS.ReadableStream, output?: NodeJS.WritableStream): Promise<void>;
  /** GET answers the hello, POST one message. */
  serveHttp(port: number, host?: string): Promise<Server>;
}

export interface DefinedDefense extends Served<ReplyV2 | undefined> {
  readonly protocol: 2;
  /**
   * In-process use (`defense-module`): decide one request as the wire carries it, given its
   * session's begin message (the gate's module adapter passes the same object for every call of
   * a session, which keys the session's state).
   */
  decide(request: Omit<RequestMessage, 'id'> & { id?: number }, begin?: BeginMessage): Promise<{ decision: Decision; reason: string }>;
  /** In-process use: the session that `begin` started is over (runs `onEnd`). */
  end(begin: BeginMessage): Promise<void>;
  /** In-process use, for a defense with onFeedback: feedback after an episode (the gate's module adapter calls it). */
  learn?(feedback: FeedbackMessage): Promise<void>;
}

export interface DefinedDefenseV1 extends Served<Reply> {
  readonly protocol: 1;
  /** In-process use (`defense-module`): decide one call. */
  decide(call: DefenseCall, info?: CallInfo): Promise<Required<DecisionV1>>;
}

/** A message that is not a protocol message: answered with an error, never a crash. */
export class RequestError extends Error {
  override name = 'RequestError';
}

const DECISIONS: readonly string[] = ['allow', 'deny', 'ask'];
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const describe = (x: unknown): string => String(JSON.stringify(x)).slice(0, 200);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new RequestError(`not JSON: ${(e as Error).message}`);
  }
}

function checkName(name: string): void {
  if (typeof name !== 'string' || name === '' || name.length > 200 || /[\u0000-\u001f\u007f\u2028\u2029]/.test(name)) {
    throw new TypeError(`a defense's name is 1-200 characters on one line without control characters, not ${describe(name)}`);
  }
}

function makeHello(def: Common, protocol: 1 | 2): Hello {
  checkName(def.name);
  const max = def.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY;
  if (!Number.isInteger(max) || max < 1 || max > MAX_CONCURRENCY_LIMIT) {
    throw new RangeError(`maxConcurrency must be an integer from 1 to ${MAX_CONCURRENCY_LIMIT}, not ${max}`);
  }
  return { protocol, name: def.name, capabilities: { stateless: def.stateless ?? false, max_concurrency: max } };
}

/** What decide returned, as protocol 2's decision and reason; a TypeError when it is none. */
export function decisionOf(a: unknown): { decision: Decision; reason: string } {
  if (typeof a === 'string' && DECISIONS.includes(a)) return { decision: a as Decision, reason: '' };
  if (isObject(a)) {
    const reason = a['reason'] === undefined || a['reason'] === null ? '' : String(a['reason']);
    if (typeof a['decision'] === 'string' && DECISIONS.includes(a['decision'])) return { decision: a['decision'] as Decision, reason };
    if (typeof a['allow'] === 'boolean') return { decision: a['allow'] ? 'allow' : 'deny', reason };
  }
  throw new TypeError(`decide must return "allow", "deny" or "ask", or {decision, reason}; it returned ${describe(a)}`);
}

/** The transports, shared by both protocols: `handle` answers a message, or resolves undefined when it has no reply. */
function transports(name: string, hello: Hello, handle: (m: unknown, overHttp: boolean) => Promise<unknown>) {
  return {
    serveStdio(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<void> {
      const write = (m: unknown) => output.write(JSON.stringify(m) + '\n');
      write(hello);
      return new Promise((resolve, reject) => {
        const inFlight = new Set<Promise<void>>();
        const lines = createInterface({ input, crlfDelay: Infinity });
        // Messages are handled in arrival order up to their first await: a begin's session exists
        // before the next line is read. Replies go out as each decision completes: out of order is
        // part of the protocol. A line that is not a message has no id to answer: it is reported on
        // stderr and skipped.
        lines.on('line', (line) => {
          if (line.trim() === '') return;
          let started: Promise<unknown>;
          try {
            started = handle(parseJson(line), false);
          } catch (e) {
            started = Promise.reject(e);
          }
          const p: Promise<void> = started
            .then(
              (reply) => void (reply !== undefined && write(reply)),
              (e: unknown) =>
                e instanceof RequestError ? void process.stderr.write(`${name}: ignored a message: ${e.message}\n`) : reject(e),
            )
            .finally(() => inFlight.delete(p));
          inFlight.add(p);
        });
        lines.on('close', () => void Promise.all(inFlight).then(() => resolve(), reject));
      });
    },
    serveHttp(port: number, host = '127.0.0.1'): Promise<Server> {
      const server = createServer((req: IncomingMessage, res: ServerResponse) => {
        const send = (status: number, body?: unknown) => {
          if (body === undefined) {
            res.writeHead(status);
            return res.end();
          }
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method === 'GET') return send(200, hello);
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (c: string) => (body += c));
        req.on('end', () => {
          Promise.resolve()
            .then(() => handle(parseJson(body), true))
            .then(
              // A begin or an end has no reply: 204.
              (reply) => (reply === undefined ? send(204) : send(200, reply)),
              // A malformed message is the client's fault (400); a decide() that throws is ours (500).
              (e: unknown) => send(e instanceof RequestError ? 400 : 500, { error: (e as Error).message }),
            );
        });
      });
      return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
    },
  };
}

// ---------------------------------------------------------------- protocol 1

function asV1Request(x: unknown): { id: number; scenario: string; step: number; call: DefenseCall } {
  if (!isObject(x) || typeof x['id'] !== 'number' || !isObject(x['call'])) {
    throw new RequestError(`not a protocol v1 request: ${describe(x)}`);
  }
  return { id: x['id'], scenario: String(x['scenario'] ?? ''), step: Number(x['step'] ?? -1), call: x['call'] as unknown as DefenseCall };
}

function defineV1(def: DefenseDefinitionV1): DefinedDefenseV1 {
  const hello = makeHello(def, 1);
  const decide = async (call: DefenseCall, info: CallInfo = { scenario: '', step: -1 }): Promise<Required<DecisionV1>> => {
    const v = await def.decide(call, info);
    return { allow: v.allow === true, reason: v.reason ?? '' };
  };
  const answer = async (request: unknown): Promise<Reply> => {
    const r = asV1Request(request);
    const v = await decide(r.call, { scenario: r.scenario, step: r.step });
    return { id: r.id, ...v };
  };
  return {
    protocol: 1,
    name: def.name,
    hello,
    stateless: hello.capabilities.stateless,
    decide,
    answer,
    ...transports(def.name, hello, answer),
  };
}

// ---------------------------------------------------------------- protocol 2

function asArgs(x: unknown, what: string): Arg[] {
  if (!Array.isArray(x)) throw new RequestError(`${what}: "args" must be an array`);
  return x.map((a: unknown) => {
    if (!isObject(a)) throw new RequestError(`${what}: an argument must be an object, not ${describe(a)}`);
    return { name: String(a['name'] ?? ''), provenance: String(a['provenance'] ?? ''), text: String(a['text'] ?? '') };
  });
}

function asCall(x: unknown, what: string): Call {
  if (!isObject(x) || typeof x['tool'] !== 'string') throw new RequestError(`${what} must be a call with a "tool", not ${describe(x)}`);
  return { tool: x['tool'], args: asArgs(x['args'] ?? [], what), dest: String(x['dest'] ?? '') };
}

function asPendingCall(r: Record<string, unknown>): PendingCall {
  const trace = r['trace'] ?? [];
  if (!Array.isArray(trace)) throw new RequestError('a request\'s "trace" must be an array');
  return {
    ...asCall(r['call'], 'a request\'s "call"'),
    trace: trace.map((st: unknown, i) => ({
      ...asCall(st, `trace step ${i}`),
      output: String((st as Record<string, unknown>)['output'] ?? ''),
      read: (st as Record<string, unknown>)['read'] !== false,
    })),
  };
}

function sessionOf(b: Record<string, unknown>): Omit<Session, 'state'> {
  return {
    id: String(b['session']),
    suite: String(b['suite'] ?? ''),
    prompt: typeof b['prompt'] === 'string' ? b['prompt'] : null,
    tools: Array.isArray(b['tools']) ? (b['tools'] as ToolSchema[]) : [],
  };
}

function asFeedback(m: Record<string, unknown>): FeedbackMessage {
  const label = m['label'];
  if (label !== 'attack_success' && label !== 'false_positive' && label !== 'blocked_attack')
    throw new RequestError(`feedback with an unknown label: ${describe(label)}`);
  if (typeof m['request'] !== 'number') throw new RequestError(`feedback needs a numeric "request": ${describe(m)}`);
  return {
    type: 'feedback',
    session: String(m['session']),
    request: m['request'],
    label,
    suite: String(m['suite'] ?? ''),
    prompt: typeof m['prompt'] === 'string' ? m['prompt'] : null,
    call: asCall(m['call'], 'feedback\'s "call"'),
  };
}

function defineV2<S>(def: DefenseDefinition<S>, beginWaitMs = BEGIN_WAIT_MS): DefinedDefense {
  if (def.onFeedback !== undefined && typeof def.onFeedback !== 'function') throw new TypeError('onFeedback must be a function');
  const hello = makeHello(def, 2);
  if (def.onFeedback) hello.capabilities.learns = true;
  const newSession = (info: Omit<Session<S>, 'state'>): Session<S> => ({
    ...info,
    state: def.initialState ? def.initialState(info) : ({} as S),
  });

  // Served sessions, by id: opened by their begin, or by a request that came without one (over
  // HTTP, one that overtook its begin).
  interface Open {
    session?: Session<S>;
    /** A begin arrived: `begun` resolves once it is handled (onBegin returned). */
    beginSeen: boolean;
    readonly begun: Promise<void>;
    readonly markBegun: () => void;
    /** Its requests in progress: an end waits for them. */
    readonly inFlight: Set<Promise<unknown>>;
  }
  const open = new Map<string, Open>();
  const openSession = (id: string): Open => {
    let o = open.get(id);
    if (!o) {
      let markBegun!: () => void;
      const begun = new Promise<void>((r) => (markBegun = r));
      o = { beginSeen: false, begun, markBegun, inFlight: new Set() };
      open.set(id, o);
    }
    return o;
  };

  // Feedback in progress: no later begin or decision runs before it has been learned from.
  let learning: Promise<void> = Promise.resolve();

  const decideRequest = async (o: Open, id: string, call: PendingCall, overHttp: boolean) => {
    await learning;
    if (o.beginSeen) {
      await o.begun; // onBegin may still run
    } else if (overHttp) {
      // Over HTTP the begin may still be on its way; over stdio it came before this line or not at all.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([o.begun, new Promise<void>((r) => (timer = setTimeout(r, beginWaitMs)))]);
      clearTimeout(timer);
    }
    o.session ??= newSession({ id, suite: '', prompt: null, tools: [] });
    return decisionOf(await def.decide(call, o.session));
  };

  const handle = async (m: unknown, overHttp = false): Promise<ReplyV2 | undefined> => {
    if (!isObject(m) || typeof m['session'] !== 'string') throw new RequestError(`not a protocol 2 message: ${describe(m)}`);
    const id = m['session'];
    switch (m['type']) {
      case 'begin': {
        const o = openSession(id);
        o.beginSeen = true;
        const session = (o.session = newSession(sessionOf(m) as Omit<Session<S>, 'state'>));
        try {
          await learning;
          await def.onBegin?.(session);
        } finally {
          o.markBegun();
        }
        return undefined;
      }
      case 'end': {
        const o = open.get(id);
        if (!o) return undefined;
        // The gate ends a session after its last reply; a client that does not still gets its replies first.
        await Promise.allSettled([...(o.beginSeen ? [o.begun] : []), ...o.inFlight]);
        if (open.get(id) === o) open.delete(id);
        if (o.session) await def.onEnd?.(o.session);
        return undefined;
      }
      case 'request': {
        if (typeof m['id'] !== 'number') throw new RequestError(`a request needs a numeric "id": ${describe(m)}`);
        const call = asPendingCall(m);
        const o = openSession(id);
        const deciding = decideRequest(o, id, call, overHttp);
        o.inFlight.add(deciding);
        try {
          return { id: m['id'], ...(await deciding) };
        } finally {
          o.inFlight.delete(deciding);
        }
      }
      case 'feedback': {
        // Handled in arrival order, like a begin: the gate sends the next episode's begin after it.
        if (!def.onFeedback) throw new RequestError('feedback sent to a defense that does not learn (no onFeedback)');
        const feedback = asFeedback(m);
        const before = learning;
        learning = before.then(() => def.onFeedback!(feedback));
        await learning;
        return undefined;
      }
      default:
        throw new RequestError(`not a protocol 2 message: ${describe(m)}`);
    }
  };

  // In process, sessions are keyed by the begin message object the module adapter passes along.
  const inProcess = new WeakMap<object, Session<S>>();
  const decide: DefinedDefense['decide'] = async (request, begin) => {
    const call = asPendingCall(request as unknown as Record<string, unknown>);
    let session = begin ? inProcess.get(begin) : undefined;
    if (!session) {
      session = newSession(
        (begin
          ? sessionOf(begin as unknown as Record<string, unknown>)
          : { id: String(request.session ?? ''), suite: '', prompt: null, tools: [] }) as Omit<Session<S>, 'state'>,
      );
      if (begin) {
        inProcess.set(begin, session);
        await def.onBegin?.(session);
      }
    }
    return decisionOf(await def.decide(call, session));
  };
  const end: DefinedDefense['end'] = async (begin) => {
    const session = inProcess.get(begin);
    if (!session) return;
    inProcess.delete(begin);
    await def.onEnd?.(session);
  };

  const onFeedback = def.onFeedback?.bind(def);
  return {
    protocol: 2,
    name: def.name,
    hello,
    stateless: hello.capabilities.stateless,
    decide,
    end,
    ...(onFeedback ? { learn: async (f: FeedbackMessage) => onFeedback(asFeedback(f as unknown as Record<string, unknown>)) } : {}),
    answer: handle,
    ...transports(def.name, hello, handle),
  };
}

/**
 * A defense from its definition: protocol 2 unless it says `protocol: 1`. Serve it with
 * serveStdio() or serveHttp(port), or make it a module's default export for `defense-module`.
 */
// Protocol 2's overload comes first: a decide that takes no arguments is typed once, against the
// first overload's return type, and must keep its literal decisions ('allow', not string).
export function defineDefense<S = Record<string, unknown>>(def: DefenseDefinition<NoInfer<S>>): DefinedDefense;
export function defineDefense(def: DefenseDefinitionV1): DefinedDefenseV1;
export function defineDefense<S>(def: DefenseDefinitionV1 | DefenseDefinition<S>): DefinedDefenseV1 | DefinedDefense {
  if (def.protocol === 1) return defineV1(def);
  if (def.protocol !== undefined && def.protocol !== 2) throw new RangeError(`protocol must be 1 or 2, not ${describe(def.protocol)}`);
  return defineV2(def);
}
