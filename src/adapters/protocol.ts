// Decision protocol v1 (docs/protocol.md): the messages an external defense exchanges with the
// gate, the same over stdio (JSON Lines) and HTTP. Every message a defense sends is validated here;
// nothing it writes reaches the scoring without passing one of these schemas.
import { z } from 'zod';
import type { Call } from '../model/call.js';

export const PROTOCOL_VERSION = 1;

/** Default and upper bound of requests in flight when the hello does not say. */
export const DEFAULT_MAX_CONCURRENCY = 1;
export const MAX_CONCURRENCY_LIMIT = 256;

export const HelloSchema = z.object({
  protocol: z.literal(PROTOCOL_VERSION, { error: `expected "protocol": ${PROTOCOL_VERSION}` }),
  // One line of printable text: a name is shown in logs and reports, and a newline in a log line
  // could start a workflow command ("::warning::…").
  name: z
    .string()
    .min(1)
    .max(200)
    .refine((n) => !/[\u0000-\u001f\u007f\u2028\u2029]/.test(n), 'must be one line without control characters'),
  capabilities: z
    .object({
      /** Every decision is a pure function of the call: identical calls may be decided once. */
      stateless: z.boolean().default(false),
      /** Requests the defense accepts in flight at once. */
      max_concurrency: z.number().int().min(1).max(MAX_CONCURRENCY_LIMIT).default(DEFAULT_MAX_CONCURRENCY),
    })
    .default({ stateless: false, max_concurrency: DEFAULT_MAX_CONCURRENCY }),
});
export type Hello = z.infer<typeof HelloSchema>;

export const ReplySchema = z.object({
  id: z.number().int().nonnegative(),
  allow: z.boolean(),
  reason: z.string().max(10_000).default(''),
});

/** A call as protocol v1 sends it: argument texts with their provenance, no names. */
export interface V1Call {
  tool: string;
  args: { provenance: string; text: string }[];
  dest: string;
  context: string[];
}

export interface Request {
  id: number;
  /** The opaque session id of the scenario run (docs/protocol.md#what-a-defense-is-told). */
  scenario: string;
  /** Index of the call in its run. */
  step: number;
  call: V1Call;
}

/** The v1 request line: the call and where it sits in its (opaque) run, nothing else. */
export function encodeRequest(id: number, session: string, step: number, call: Call): string {
  const req: Request = {
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

/** A short, single-line excerpt of something a defense wrote, for error messages. */
export function excerpt(s: string, max = 120): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}
