// Protocol v1 over HTTP: `GET <url>` answers the hello, `POST <url>` takes one request and answers
// its reply, both as JSON. Requests are pipelined by keeping up to max_concurrency in flight.
import type { Channel, ChannelEvents } from './external.js';
import { excerpt } from './protocol.js';

export class HttpChannel implements Channel {
  readonly label: string;
  private events: ChannelEvents | undefined;
  private readonly abort = new AbortController();

  constructor(private readonly url: string) {
    this.label = `url ${url}`;
  }

  open(events: ChannelEvents): void {
    this.events = events;
    void this.exchange(undefined, { method: 'GET', headers: { accept: 'application/json' } });
  }

  /** Protocol v2's begin and end: POSTed like a request; any 2xx answers them, its body is ignored. */
  notify(line: string): void {
    void this.exchange(
      undefined,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: line },
      false,
    );
  }

  send(line: string): void {
    // The first "id" of a request line is its own (v1: {"id":…}; v2: {"type":"request","id":…}).
    const id = Number(/"id":(\d+)/.exec(line)?.[1]);
    void this.exchange(id, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: line });
  }

  private async exchange(id: number | undefined, init: RequestInit, reply = true): Promise<void> {
    const what = id === undefined ? (reply ? 'the hello request' : `the message ${excerpt(String(init.body), 40)}`) : `request ${id}`;
    let res: Response;
    let body: string;
    try {
      res = await fetch(this.url, { ...init, signal: this.abort.signal });
      body = await res.text();
    } catch (e) {
      if (this.abort.signal.aborted) return;
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      return this.events?.closed(`could not be reached for ${what}: ${cause?.code ?? cause?.message ?? (e as Error).message}`, id);
    }
    if (this.abort.signal.aborted) return;
    if (!res.ok) {
      return this.events?.closed(`answered HTTP ${res.status} to ${what}: ${excerpt(body)}`, id);
    }
    if (reply) this.events?.line(body.replace(/\r?\n/g, ' '));
  }

  tail(): undefined {
    return undefined; // the error body is already quoted in the message
  }

  close(): Promise<void> {
    this.abort.abort();
    return Promise.resolve();
  }
}
