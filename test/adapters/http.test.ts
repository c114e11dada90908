// The HTTP channel over a long run: one abort signal per request (none accumulates listeners, so
// no MaxListenersExceededWarning however many requests), kept-alive connections, and close()
// aborting whatever is still in flight.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { openDefense, scoreDefense } from '../../src/adapters/index.js';
import { HttpChannel } from '../../src/adapters/http.js';
import { CorpusStore } from '../../src/data/store.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

/** A protocol v1 server: `onPost` answers (or holds) each POST; counts connections. */
async function listen(maxConcurrency: number, onPost: (id: number, req: IncomingMessage, res: ServerResponse) => void) {
  const stats = { connections: 0, posts: 0 };
  server = createServer((req, res) => {
    if (req.method === 'GET') {
      return res.end(
        JSON.stringify({ protocol: 1, name: 'http-long', capabilities: { stateless: false, max_concurrency: maxConcurrency } }),
      );
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      stats.posts++;
      onPost((JSON.parse(body) as { id: number }).id, req, res);
    });
  });
  server.on('connection', () => stats.connections++);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, stats };
}

/** Track, for every AbortSignal, how many abort listeners it holds at once (the most seen). */
function watchAbortListeners() {
  const proto = EventTarget.prototype;
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  const live = new WeakMap<object, number>();
  let most = 0;
  proto.addEventListener = function (this: EventTarget, type: string, ...rest: unknown[]) {
    if (type === 'abort' && this instanceof AbortSignal) {
      const n = (live.get(this) ?? 0) + 1;
      live.set(this, n);
      most = Math.max(most, n);
    }
    return (add as (...a: unknown[]) => void).call(this, type, ...rest);
  } as typeof proto.addEventListener;
  proto.removeEventListener = function (this: EventTarget, type: string, ...rest: unknown[]) {
    if (type === 'abort' && this instanceof AbortSignal) live.set(this, Math.max(0, (live.get(this) ?? 0) - 1));
    return (remove as (...a: unknown[]) => void).call(this, type, ...rest);
  } as typeof proto.removeEventListener;
  return {
    most: () => most,
    restore() {
      proto.addEventListener = add;
      proto.removeEventListener = remove;
    },
  };
}

describe('http channel over a long run', () => {
  it('thousands of requests: no MaxListenersExceededWarning, no signal piling up listeners, kept-alive connections', async () => {
    const { url, stats } = await listen(16, (id, _req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id, allow: true, reason: 'ok' }));
    });
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    const listeners = watchAbortListeners();
    try {
      const d = await openDefense({ kind: 'url', url }, { timeoutMs: 10_000 });
      await scoreDefense(d, new CorpusStore().pairs().scenarios);
      await d.close();
      expect(stats.posts).toBeGreaterThan(2000);
      await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
      expect(listeners.most()).toBeLessThanOrEqual(2);
      // 16 in flight at most, each on a connection that stays open: never one connection per request.
      expect(stats.connections).toBeLessThanOrEqual(17);
    } finally {
      listeners.restore();
      process.off('warning', onWarning);
    }
  });

  it('close() aborts every request still in flight and reports nothing after it', async () => {
    const held: IncomingMessage[] = [];
    let aborted = 0;
    const { url } = await listen(4, (_id, req, res) => {
      held.push(req);
      res.on('close', () => aborted++);
    });
    const channel = new HttpChannel(url);
    const seen: string[] = [];
    const hello = new Promise<void>((resolve) =>
      channel.open({
        line: (l) => (seen.push(l), resolve()),
        closed: (why) => seen.push(`closed: ${why}`),
      }),
    );
    await hello;
    for (let id = 1; id <= 4; id++) channel.send(JSON.stringify({ id, scenario: 's', step: 0, call: {} }));
    while (held.length < 4) await new Promise((r) => setTimeout(r, 5));
    await channel.close();
    for (let i = 0; i < 100 && aborted < 4; i++) await new Promise((r) => setTimeout(r, 10));
    expect(aborted).toBe(4);
    expect(seen.length).toBe(1); // the hello, and nothing once closed
    channel.send(JSON.stringify({ id: 5 })); // after close: not sent at all
    await new Promise((r) => setTimeout(r, 50));
    expect(held.length).toBe(4);
  });
});

describe('protocol v2 over HTTP', () => {
  it("a session's requests are sent only after its begin was answered, and its end after its last reply", async () => {
    // The begin's answer is held 40 ms: a request POSTed on another connection meanwhile would
    // reach the defense before it knows the session.
    const log: { type: string; session: string; at: number; answered?: number }[] = [];
    server = createServer((req, res) => {
      if (req.method === 'GET')
        return res.end(JSON.stringify({ protocol: 2, name: 'order', capabilities: { stateless: false, max_concurrency: 8 } }));
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const m = JSON.parse(body) as { type: string; session: string; id?: number };
        const entry: (typeof log)[number] = { type: m.type, session: m.session, at: performance.now() };
        log.push(entry);
        if (m.type === 'begin')
          return void setTimeout(() => {
            entry.answered = performance.now();
            res.end('{}');
          }, 40);
        res.end(m.type === 'request' ? JSON.stringify({ id: m.id, decision: 'allow' }) : '{}');
      });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const d = await openDefense({ kind: 'url', url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/` }, { timeoutMs: 5000 });
    try {
      await scoreDefense(d, new CorpusStore().pairs().scenarios.slice(0, 30));
    } finally {
      await d.close();
    }
    const begins = new Map(log.filter((m) => m.type === 'begin').map((m) => [m.session, m]));
    expect(begins.size).toBeGreaterThan(5);
    expect(new Set(log.map((m) => m.session))).toEqual(new Set(begins.keys()));
    for (const m of log.filter((x) => x.type === 'request')) expect(m.at).toBeGreaterThanOrEqual(begins.get(m.session)!.answered!);
    for (const m of log.filter((x) => x.type === 'end')) {
      const last = Math.max(...log.filter((x) => x.type === 'request' && x.session === m.session).map((x) => x.at));
      expect(m.at).toBeGreaterThanOrEqual(last);
    }
  });

  it('a body longer than MAX_MESSAGE_BYTES fails the defense with a message', async () => {
    const { url } = await listen(1, (_id, _req, res) => res.end('{"id":1,"allow":true,"reason":"' + 'x'.repeat(2 * 1024 * 1024) + '"}'));
    const d = await openDefense({ kind: 'url', url }, { timeoutMs: 5000 });
    try {
      await expect(scoreDefense(d, new CorpusStore().pairs().scenarios.slice(0, 3))).rejects.toThrow(
        /answered request 1 with a body longer than 1048576 characters/,
      );
    } finally {
      await d.close();
    }
  });
});
