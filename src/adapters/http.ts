// The protocol over HTTP: `GET <url>` answers the hello, `POST <url>` takes one request and answers
// its reply, both as JSON; v2's begin and end are POSTed too, and any 2xx answers them. Requests
// are pipelined by keeping up to max_concurrency in flight.
//
// node:http with a keep-alive Agent rather than fetch: on the attacks corpus (16,039 requests)
// fetch held twice the memory of the same run over stdio, and every request has its own abort
// signal here, so nothing accumulates listeners on a shared one.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Channel, ChannelEvents } from './external.js';
import { excerpt, MAX_CONCURRENCY_LIMIT, MAX_MESSAGE_BYTES } from './protocol.js';

export class HttpChannel implements Channel {
  readonly label: string;
  private events: ChannelEvents | undefined;
  private readonly target: URL;
  private readonly agent: HttpAgent;
  private readonly request: typeof httpRequest;
  /** One controller per request in flight: close() aborts them all, and none outlives its request. */
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(url: string) {
    this.label = `url ${url}`;
    this.target = new URL(url);
    const https = this.target.protocol === 'https:';
    // The gate never has more requests in flight than the protocol allows a defense to accept.
    const agentOptions = { keepAlive: true, maxSockets: MAX_CONCURRENCY_LIMIT };
    this.agent = https ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
    this.request = https ? httpsRequest : httpRequest;
  }

  open(events: ChannelEvents): void {
    this.events = events;
    this.exchange(undefined, 'GET');
  }

  send(line: string): void {
    // The first "id" of a request line is its own (v1: {"id":…}; v2: {"type":"request","id":…}).
    const id = Number(/"id":(\d+)/.exec(line)?.[1]);
    this.exchange(id, 'POST', line);
  }

  /** Protocol v2's begin and end: POSTed like a request; any 2xx answers them, and the body is ignored. */
  notify(line: string): Promise<void> {
    return new Promise((resolve) => this.exchange(undefined, 'POST', line, false, resolve));
  }

  private exchange(id: number | undefined, method: 'GET' | 'POST', body?: string, reply = true, done?: () => void): void {
    if (this.closed) return done?.();
    const what = id === undefined ? (reply ? 'the hello request' : `the message ${excerpt(body ?? '', 40)}`) : `request ${id}`;
    const abort = new AbortController();
    this.inFlight.add(abort);
    let settled = false;
    const settle = (act: () => void): void => {
      if (settled) return;
      settled = true;
      this.inFlight.delete(abort);
      if (!this.closed) act();
      done?.();
    };
    const unreachable = (e: Error): void =>
      settle(() => this.events?.closed(`could not be reached for ${what}: ${(e as NodeJS.ErrnoException).code ?? e.message}`, id));
    const headers: Record<string, string | number> = { accept: 'application/json' };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const options: RequestOptions = { method, headers, agent: this.agent, signal: abort.signal };
    const req = this.request(this.target, options, (res: IncomingMessage) => {
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > MAX_MESSAGE_BYTES) {
          settle(() => this.events?.closed(`answered ${what} with a body longer than ${MAX_MESSAGE_BYTES} characters`, id));
          res.destroy();
        }
      });
      res.on('error', unreachable);
      res.on('end', () =>
        settle(() => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299) return this.events?.closed(`answered HTTP ${status} to ${what}: ${excerpt(text)}`, id);
          if (reply) this.events?.line(text.replace(/\r?\n/g, ' '));
        }),
      );
    });
    req.on('error', unreachable);
    req.end(body);
  }

  tail(): undefined {
    return undefined; // the error body is already quoted in the message
  }

  close(): Promise<void> {
    this.closed = true;
    for (const abort of this.inFlight) abort.abort();
    this.inFlight.clear();
    this.agent.destroy();
    return Promise.resolve();
  }
}
