import { type Server } from 'node:http';
/** The protocol an SDK defense speaks unless it says otherwise. */
export declare const PROTOCOL_VERSION = 2;
/** As the Python SDK's: a 50 ms/decision defense scores the action's default corpora in under 10 s (docs/bench.md). */
export declare const DEFAULT_MAX_CONCURRENCY = 64;
export declare const MAX_CONCURRENCY_LIMIT = 256;
/**
 * Over HTTP every message is its own POST, so a session's first request can overtake its begin: a
 * request for a session not begun yet waits this long for the begin before it is decided anyway.
 */
export declare const BEGIN_WAIT_MS = 5000;
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
export type Answer = Decision | {
    decision: Decision;
    reason?: string;
} | {
    allow: boolean;
    reason?: string;
};
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
/** A call as protocol 1 sends it. */
export interface DefenseCall {
    tool: string;
    args: {
        provenance: string;
        text: string;
    }[];
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
export interface Hello {
    protocol: 1 | 2;
    name: string;
    capabilities: {
        stateless: boolean;
        max_concurrency: number;
        learns?: boolean;
    };
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
    decide(request: Omit<RequestMessage, 'id'> & {
        id?: number;
    }, begin?: BeginMessage): Promise<{
        decision: Decision;
        reason: string;
    }>;
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
export declare class RequestError extends Error {
    name: string;
}
/** What decide returned, as protocol 2's decision and reason; a TypeError when it is none. */
export declare function decisionOf(a: unknown): {
    decision: Decision;
    reason: string;
};
/**
 * A defense from its definition: protocol 2 unless it says `protocol: 1`. Serve it with
 * serveStdio() or serveHttp(port), or make it a module's default export for `defense-module`.
 */
export declare function defineDefense<S = Record<string, unknown>>(def: DefenseDefinition<NoInfer<S>>): DefinedDefense;
export declare function defineDefense(def: DefenseDefinitionV1): DefinedDefenseV1;
export {};
