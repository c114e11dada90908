// defineDefense: write a defense once, serve it over stdio or HTTP (protocol v1, docs/protocol.md),
// or export it for `defense-module`. Only node: built-ins, so it can be copied into any project.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createInterface } from 'node:readline';

export const PROTOCOL_VERSION = 1;

export interface DefenseArg {
  provenance: string;
  text: string;
}

export interface DefenseCall {
  tool: string;
  args: DefenseArg[];
  /** Egress destination; empty when the call sends nothing out. */
  dest: string;
  /** The tool outputs the agent read before proposing this call. */
  context: string[];
}

/** Where the call sits: informational, for logs and stateful defenses. */
export interface CallInfo {
  scenario: string;
  step: number;
}

/** The defense's ruling on one call. */
export interface Decision {
  allow: boolean;
  reason?: string;
}

export interface DefenseDefinition {
  name: string;
  /**
   * A promise the author makes: decide is a pure function of the call (tool, args, dest, context),
   * so the gate may ask each distinct call once and reuse the answer. Default false, as in the
   * protocol: a defense that keeps state across calls or reads `info` must leave it false.
   */
  stateless?: boolean;
  /** Requests accepted in flight at once; decide may run on that many at a time. Default 16. */
  maxConcurrency?: number;
  decide(call: DefenseCall, info: CallInfo): Decision | Promise<Decision>;
}

export interface Hello {
  protocol: typeof PROTOCOL_VERSION;
  name: string;
  capabilities: { stateless: boolean; max_concurrency: number };
}

export interface Reply {
  id: number;
  allow: boolean;
  reason: string;
}

export interface DefinedDefense {
  readonly name: string;
  readonly hello: Hello;
  /** In-process use (`defense-module`): decide one call. */
  decide(call: DefenseCall, info?: CallInfo): Promise<Required<Decision>>;
  /** Answer one protocol request (a parsed JSON object); rejects with a RequestError when it is not one. */
  answer(request: unknown): Promise<Reply>;
  /** Speak the protocol on stdin/stdout until stdin ends. */
  serveStdio(input?: NodeJS.ReadableStream, output?: NodeJS.WritableStream): Promise<void>;
  /** GET answers the hello, POST one request. */
  serveHttp(port: number, host?: string): Promise<Server>;
}

interface Request {
  id: number;
  scenario: string;
  step: number;
  call: DefenseCall;
}

/** A message that is not a protocol request: answered with an error, never a crash. */
export class RequestError extends Error {
  override name = 'RequestError';
}

function asRequest(x: unknown): Request {
  const r = x as Partial<Request> | null;
  if (typeof r !== 'object' || r === null || typeof r.id !== 'number' || typeof r.call !== 'object' || r.call === null) {
    throw new RequestError(`not a protocol v1 request: ${JSON.stringify(x)?.slice(0, 200)}`);
  }
  return { id: r.id, scenario: String(r.scenario ?? ''), step: Number(r.step ?? -1), call: r.call };
}

function parseRequest(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new RequestError(`not JSON: ${(e as Error).message}`);
  }
}

export function defineDefense(def: DefenseDefinition): DefinedDefense {
  const hello: Hello = {
    protocol: PROTOCOL_VERSION,
    name: def.name,
    capabilities: { stateless: def.stateless ?? false, max_concurrency: def.maxConcurrency ?? 16 },
  };
  const decide = async (call: DefenseCall, info: CallInfo = { scenario: '', step: -1 }): Promise<Required<Decision>> => {
    const v = await def.decide(call, info);
    return { allow: v.allow === true, reason: v.reason ?? '' };
  };
  const answer = async (request: unknown): Promise<Reply> => {
    const r = asRequest(request);
    const v = await decide(r.call, { scenario: r.scenario, step: r.step });
    return { id: r.id, ...v };
  };
  return {
    name: def.name,
    hello,
    decide,
    answer,
    serveStdio(input = process.stdin, output = process.stdout) {
      const write = (m: unknown) => output.write(JSON.stringify(m) + '\n');
      write(hello);
      return new Promise((resolve, reject) => {
        const inFlight = new Set<Promise<void>>();
        const lines = createInterface({ input, crlfDelay: Infinity });
        lines.on('line', (line) => {
          if (line.trim() === '') return;
          // Replies go out as each decision completes: out of order is part of the protocol. A line
          // that is not a request has no id to answer: it is reported on stderr and skipped.
          const p: Promise<void> = Promise.resolve()
            .then(() => answer(parseRequest(line)))
            .then(
              (reply) => void write(reply),
              (e: unknown) =>
                e instanceof RequestError ? void process.stderr.write(`${def.name}: ignored a message: ${e.message}\n`) : reject(e),
            )
            .finally(() => inFlight.delete(p));
          inFlight.add(p);
        });
        lines.on('close', () => void Promise.all(inFlight).then(() => resolve(), reject));
      });
    },
    serveHttp(port, host = '127.0.0.1') {
      const server = createServer((req: IncomingMessage, res: ServerResponse) => {
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method === 'GET') return send(200, hello);
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (c: string) => (body += c));
        req.on('end', () => {
          Promise.resolve()
            .then(() => answer(parseRequest(body)))
            .then(
              (reply) => send(200, reply),
              // A malformed request is the client's fault (400); a decide() that throws is ours (500).
              (e: unknown) => send(e instanceof RequestError ? 400 : 500, { error: (e as Error).message }),
            );
        });
      });
      return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
    },
  };
}
