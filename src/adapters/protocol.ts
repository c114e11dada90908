// The decision protocol (docs/protocol.md): the messages an external defense exchanges with the
// gate, the same over stdio (JSON Lines) and HTTP. Version 1 sends a bare call; version 2 sends
// sessions (the user's prompt and the suite's tools), the trace so far and named arguments, and
// lets a defense ask the user. The hello negotiates the version. Every message a defense sends is
// validated against these schemas (the JSON Schemas under docs/protocol/ are generated from them);
// nothing it writes reaches the scoring without passing one.
import { z } from 'zod';
import type { Call, Step, ToolSchema } from '../model/call.js';
import { FEEDBACK_LABELS, type FeedbackLabel } from '../model/online.js';

export const PROTOCOL_VERSIONS = [1, 2] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];
/** The newest version: what the SDKs speak. */
export const PROTOCOL_VERSION: ProtocolVersion = 2;

/**
 * The longest message a defense may write (a reply is at most ~10 KB: its reason is capped at
 * 10,000 characters). Longer is an error, not an unbounded buffer in the gate.
 */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** Default and upper bound of requests in flight when the hello does not say. */
export const DEFAULT_MAX_CONCURRENCY = 1;
export const MAX_CONCURRENCY_LIMIT = 256;

// One line of printable text: a name is shown in logs and reports, and a newline in a log line
// could start a workflow command ("::warning::…").
const Name = z
  .string()
  .max(200)
  .regex(/^[^\u0000-\u001f\u007f\u2028\u2029]+$/, 'must be one line without control characters');

const Capabilities = z.object({
  /** Every decision is a pure function of the request: identical requests may be decided once. */
  stateless: z.boolean().default(false),
  /** Requests the defense accepts in flight at once. */
  max_concurrency: z.number().int().min(1).max(MAX_CONCURRENCY_LIMIT).default(DEFAULT_MAX_CONCURRENCY),
  /** Protocol 2: the defense learns from feedback between episodes of an online run (docs/online.md). */
  learns: z.boolean().optional(),
});

export const HelloSchema = z.object({
  protocol: z.union([z.literal(1), z.literal(2)], { error: 'expected "protocol": 1 or 2' }),
  name: Name,
  capabilities: Capabilities.default({ stateless: false, max_concurrency: DEFAULT_MAX_CONCURRENCY }),
});
export type Hello = z.infer<typeof HelloSchema>;

const Reason = z.string().max(10_000).default('');

/** Version 1's reply: allow or deny. */
export const ReplyV1Schema = z.object({
  id: z.number().int().nonnegative(),
  allow: z.boolean(),
  reason: Reason,
});

export const DECISIONS = ['allow', 'deny', 'ask'] as const;

/** Version 2's reply: allow, deny, or ask the user to confirm the call. */
export const ReplyV2Schema = z.object({
  id: z.number().int().nonnegative(),
  decision: z.enum(DECISIONS, {
    error: (i) =>
      i.input === 'sanitize'
        ? 'sanitize is not offered: a replayed trace cannot show how the agent reacts to a rewritten output (docs/protocol.md#decisions)'
        : 'expected "allow", "deny" or "ask"',
  }),
  reason: Reason,
});

// ---------------------------------------------------------------- messages the gate sends

/** An argument as version 2 sends it. */
const NamedArg = z.object({ name: z.string(), provenance: z.string(), text: z.string() });
const CallV2 = z.object({ tool: z.string(), args: z.array(NamedArg), dest: z.string() });

export const BeginSchema = z.object({
  type: z.literal('begin'),
  /** Opaque, per gate run: the same for every message of one agent run, nothing else. */
  session: z.string(),
  suite: z.string(),
  /** The user's request, as a deployed defense knows it; null where the corpus withholds it. */
  prompt: z.string().nullable(),
  tools: z.array(z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) })),
});

export const RequestV2Schema = z.object({
  type: z.literal('request'),
  id: z.number().int().positive(),
  session: z.string(),
  /** The proposed call. */
  call: CallV2,
  /** The earlier calls of this run, in order, each with the output it returned. */
  trace: z.array(CallV2.extend({ output: z.string(), read: z.boolean() })),
});

export const EndSchema = z.object({ type: z.literal('end'), session: z.string() });

/**
 * Feedback on a call of an episode that has ended and been scored (online runs, to a defense that
 * declared `learns`; docs/online.md#feedback). No reply.
 */
export const FeedbackSchema = z.object({
  type: z.literal('feedback'),
  /** The session of the episode, which has ended. */
  session: z.string(),
  /** The id of the request that asked about the call. */
  request: z.number().int().positive(),
  label: z.enum(FEEDBACK_LABELS),
  suite: z.string(),
  /** The episode's user prompt, as its begin carried it. */
  prompt: z.string().nullable(),
  /** The call, as that request carried it. */
  call: CallV2,
});

/** Version 1's request: one bare call, its argument texts with their provenance and no names. */
export const RequestV1Schema = z.object({
  id: z.number().int().positive(),
  /** The opaque session id of the scenario run (docs/protocol.md#what-a-defense-is-told). */
  scenario: z.string(),
  /** Index of the call in its run. */
  step: z.number().int().nonnegative(),
  call: z.object({
    tool: z.string(),
    args: z.array(z.object({ provenance: z.string(), text: z.string() })),
    dest: z.string(),
    /** The tool outputs the agent read before this call, in order. */
    context: z.array(z.string()),
  }),
});
export type RequestV1 = z.infer<typeof RequestV1Schema>;
/** A call as protocol v1 sends it. */
export type V1Call = RequestV1['call'];

/** The v1 request line: the call and where it sits in its (opaque) run, nothing else. */
export function encodeRequest(id: number, session: string, step: number, call: Call): string {
  const req: RequestV1 = {
    id,
    scenario: session,
    step,
    call: {
      tool: call.tool,
      args: call.args.map((a) => ({ provenance: a.provenance, text: a.text })),
      dest: call.dest,
      context: call.context,
    },
  };
  return JSON.stringify(req);
}

const v2Call = (c: Call): z.infer<typeof CallV2> => ({
  tool: c.tool,
  args: c.args.map((a) => ({ name: a.name, provenance: a.provenance, text: a.text })),
  dest: c.dest,
});

export function encodeBegin(session: string, suite: string, prompt: string | null, tools: readonly ToolSchema[]): string {
  const m: z.infer<typeof BeginSchema> = {
    type: 'begin',
    session,
    suite,
    prompt,
    tools: tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters as Record<string, unknown> })),
  };
  return JSON.stringify(m);
}

/**
 * The v2 request: the pending call and the run so far. An output the agent had not read when it
 * proposed the call (a later call of the same model turn) is marked `read: false`.
 */
export function encodeRequestV2(id: number, session: string, step: number, trace: readonly Step[]): string {
  const pending = trace[step]!;
  const read = pending.read ? new Set(pending.read) : undefined;
  const m: z.infer<typeof RequestV2Schema> = {
    type: 'request',
    id,
    session,
    call: v2Call(pending.call),
    trace: trace.slice(0, step).map((st, i) => ({ ...v2Call(st.call), output: st.output ?? '', read: read ? read.has(i) : true })),
  };
  return JSON.stringify(m);
}

export const encodeEnd = (session: string): string => JSON.stringify({ type: 'end', session } satisfies z.infer<typeof EndSchema>);

export function encodeFeedback(
  session: string,
  request: number,
  label: FeedbackLabel,
  suite: string,
  prompt: string | null,
  call: Call,
): string {
  const m: z.infer<typeof FeedbackSchema> = { type: 'feedback', session, request, label, suite, prompt, call: v2Call(call) };
  return JSON.stringify(m);
}

/** A short, single-line excerpt of something a defense wrote, for error messages. */
export function excerpt(s: string, max = 120): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}

/** The schema of every message, by file name: what docs/protocol/ holds as JSON Schema. */
export const MESSAGE_SCHEMAS = {
  'hello.schema.json': HelloSchema,
  'reply-v1.schema.json': ReplyV1Schema,
  'reply-v2.schema.json': ReplyV2Schema,
  'begin.schema.json': BeginSchema,
  'request-v1.schema.json': RequestV1Schema,
  'request-v2.schema.json': RequestV2Schema,
  'end.schema.json': EndSchema,
  'feedback.schema.json': FeedbackSchema,
} as const;
