// The TypeScript SDK's protocol 2, its default: the hello, sessions (begin, requests in order,
// end) with their state and hooks, every shape decide may answer in, and what a client may get
// wrong, over stdio, HTTP and in process.
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HelloSchema, ReplyV2Schema } from '../../src/adapters/protocol.js';
import {
  DEFAULT_MAX_CONCURRENCY,
  defineDefense,
  type Answer,
  type BeginMessage,
  type DefinedDefense,
  type PendingCall,
  type Session,
} from '../../src/sdk/index.js';

const step = {
  tool: 'read_file',
  args: [{ name: 'file_path', provenance: 'trusted', text: 'bill.txt' }],
  dest: '',
  output: 'IBAN US13',
  read: false,
};
const begin = (session: string, prompt: string | null = 'Pay the bill, please.'): BeginMessage => ({
  type: 'begin',
  session,
  suite: 'banking',
  prompt,
  tools: [{ name: 'send_money', description: 'Sends a transaction to the recipient.', parameters: { type: 'object' } }],
});
const request = (id: number, session: string, tool: string, trace: (typeof step)[] = []) => ({
  type: 'request' as const,
  id,
  session,
  call: { tool, args: [{ name: 'recipient', provenance: 'untrusted', text: 'US13' }], dest: tool === 'send_money' ? 'US13' : '' },
  trace,
});
const end = (session: string) => ({ type: 'end', session });

/**
 * Feed `messages` to serveStdio as the gate does: after a request, the next message waits for its
 * reply (`together`: all at once). Resolve with the lines it wrote, the hello first.
 */
async function overStdio(d: DefinedDefense, messages: unknown[], together = false) {
  const input = new PassThrough(),
    output = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  let waiting: { id: number; resolve: () => void } | undefined;
  createInterface({ input: output }).on('line', (l) => {
    const m = JSON.parse(l) as Record<string, unknown>;
    lines.push(m);
    if (waiting && m['id'] === waiting.id) waiting.resolve();
  });
  const done = d.serveStdio(input, output);
  for (const m of messages) {
    const replied =
      !together && typeof m === 'object' && (m as { type?: string }).type === 'request'
        ? new Promise<void>((resolve) => (waiting = { id: (m as { id: number }).id, resolve }))
        : undefined;
    input.write((typeof m === 'string' ? m : JSON.stringify(m)) + '\n');
    await replied;
  }
  input.end();
  await done;
  await new Promise((r) => setImmediate(r));
  return lines;
}

describe('protocol 2 hello', () => {
  it('is the default, with max_concurrency 64 and stateless false, and passes the gate schema', () => {
    const d = defineDefense({ name: 'x', decide: () => 'allow' });
    expect(d.hello).toEqual({ protocol: 2, name: 'x', capabilities: { stateless: false, max_concurrency: 64 } });
    expect(DEFAULT_MAX_CONCURRENCY).toBe(64);
    expect(HelloSchema.parse(d.hello)).toEqual(d.hello);
    expect([d.protocol, d.stateless]).toEqual([2, false]);
  });

  it('refuses what the gate would refuse', () => {
    expect(() => defineDefense({ name: 'a\nb', decide: () => 'allow' })).toThrow(/one line/);
    expect(() => defineDefense({ name: 'x', maxConcurrency: 257, decide: () => 'allow' })).toThrow(/from 1 to 256/);
    expect(() => defineDefense({ name: 'x', protocol: 3 as 2, decide: () => 'allow' })).toThrow(/protocol must be 1 or 2/);
  });
});

describe('protocol 2 over stdio', () => {
  it('keeps a session from begin to end: the same object, its state, the hooks in order', async () => {
    const events: string[] = [];
    const seen: { call: PendingCall; session: Session<{ n: number }> }[] = [];
    const d = defineDefense<{ n: number }>({
      name: 'sessions',
      initialState: () => ({ n: 0 }),
      onBegin: async (s) => {
        await new Promise((r) => setTimeout(r, 20)); // a slow hook still runs before the session's first call
        events.push(`begin ${s.id} ${s.prompt}`);
      },
      onEnd: (s) => void events.push(`end ${s.id} ${s.state.n}`),
      decide(call, session) {
        session.state.n++;
        seen.push({ call, session });
        events.push(`decide ${session.id} ${call.tool}`);
        return call.dest === '' ? 'allow' : { decision: 'ask', reason: `to ${call.dest}` };
      },
    });
    const lines = await overStdio(d, [
      begin('a'),
      request(1, 'a', 'read_file'),
      begin('b', null),
      request(2, 'a', 'send_money', [step]),
      end('a'),
      request(3, 'b', 'read_file'),
      end('b'),
    ]);
    expect(lines[0]).toEqual(d.hello);
    expect(lines.slice(1)).toEqual([
      { id: 1, decision: 'allow', reason: '' },
      { id: 2, decision: 'ask', reason: 'to US13' },
      { id: 3, decision: 'allow', reason: '' },
    ]);
    for (const l of lines.slice(1)) expect(ReplyV2Schema.parse(l)).toEqual(l);
    expect(events).toEqual([
      'begin a Pay the bill, please.',
      'decide a read_file',
      // b's begin has no reply to wait for: its slow hook is still running while a goes on
      'decide a send_money',
      'end a 2',
      'begin b null',
      'decide b read_file',
      'end b 1',
    ]);
    expect(seen[0]!.session).toBe(seen[1]!.session);
    expect(seen[1]!.session).toMatchObject({ id: 'a', suite: 'banking', prompt: 'Pay the bill, please.' });
    expect(seen[1]!.session.tools.map((t) => t.name)).toEqual(['send_money']);
    expect(seen[1]!.call).toEqual({
      tool: 'send_money',
      args: [{ name: 'recipient', provenance: 'untrusted', text: 'US13' }],
      dest: 'US13',
      trace: [step],
    });
  });

  it.each<[string, Answer, { decision: string; reason: string }]>([
    ['a verdict', 'deny', { decision: 'deny', reason: '' }],
    ['ask', 'ask', { decision: 'ask', reason: '' }],
    ['{decision, reason}', { decision: 'allow', reason: 'fine' }, { decision: 'allow', reason: 'fine' }],
    ["protocol 1's {allow: false}", { allow: false, reason: 'no' }, { decision: 'deny', reason: 'no' }],
    ["protocol 1's {allow: true}", { allow: true }, { decision: 'allow', reason: '' }],
  ])('answers %s', async (_, answer, reply) => {
    const d = defineDefense({ name: 'shapes', decide: () => answer });
    expect((await overStdio(d, [begin('s'), request(5, 's', 'x')]))[1]).toEqual({ id: 5, ...reply });
  });

  it('skips a line that is no message, with a note on stderr, and answers the rest', async () => {
    const d = defineDefense({ name: 'robust', decide: () => 'allow' });
    const lines = await overStdio(
      d,
      ['garbage', { type: 'request', id: 1 }, { type: 'sanitize', session: 's' }, request(2, 's', 'x')],
      true,
    );
    expect(lines.slice(1)).toEqual([{ id: 2, decision: 'allow', reason: '' }]);
  });

  it('an end that comes before its replies waits for them; a request with no begin gets an empty session', async () => {
    const events: string[] = [];
    const d = defineDefense({
      name: 'early-end',
      onEnd: (s) => void events.push(`end ${s.id}`),
      decide: async (call, s) => {
        await new Promise((r) => setTimeout(r, 20));
        events.push(`decide ${s.id} ${s.suite === '' ? 'no begin' : s.suite}`);
        return { decision: 'allow' }; // an async decide's bare 'allow' would widen to string (TypeScript 5.9)
      },
    });
    await overStdio(d, [begin('e'), request(1, 'e', 'x'), end('e'), request(2, 'lone', 'x'), end('lone')], true);
    expect(events.sort()).toEqual(['decide e banking', 'decide lone no begin', 'end e', 'end lone']);
    expect(events.indexOf('end e')).toBeGreaterThan(events.indexOf('decide e banking'));
  });

  it('fails loudly on a decision the protocol does not have', async () => {
    const d = defineDefense({ name: 'bad', decide: () => 'sanitize' as Answer });
    await expect(overStdio(d, [request(1, 's', 'x')], true)).rejects.toThrow(/decide must return "allow", "deny" or "ask".*"sanitize"/);
  });
});

describe('protocol 2 over HTTP', () => {
  it('answers begin and end with 204, a request with its reply, garbage with 400, a throwing decide with 500', async () => {
    const d = defineDefense({
      name: 'http',
      decide(call, session) {
        if (call.tool === 'boom') throw new Error('bug');
        return {
          decision: call.dest && !(session.prompt ?? '').includes(call.dest) ? 'deny' : 'allow',
          reason: session.prompt ?? 'no prompt',
        };
      },
    });
    const server = await d.serveHttp(0);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const post = async (body: unknown) => {
      const r = await fetch(url, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
      const text = await r.text();
      return [r.status, text === '' ? undefined : JSON.parse(text)] as const;
    };
    try {
      expect(await (await fetch(url)).json()).toEqual(d.hello);
      expect(await post(begin('h', 'send to US13'))).toEqual([204, undefined]);
      expect(await post(request(1, 'h', 'send_money'))).toEqual([200, { id: 1, decision: 'allow', reason: 'send to US13' }]);
      expect(await post(end('h'))).toEqual([204, undefined]);
      expect((await post('{"type":'))[0]).toBe(400);
      expect((await post({ hello: true }))[0]).toBe(400);
      expect(await post(begin('h2'))).toEqual([204, undefined]);
      expect(await post(request(2, 'h2', 'boom'))).toEqual([500, { error: 'bug' }]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('decides a request that overtook its begin once the begin arrives', async () => {
    const d = defineDefense({ name: 'race', decide: (_, s) => ({ decision: 'allow', reason: String(s.prompt) }) });
    const server = await d.serveHttp(0);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const post = (body: unknown) => fetch(url, { method: 'POST', body: JSON.stringify(body) });
    try {
      const reply = post(request(1, 'late', 'x')).then((r) => r.json());
      await new Promise((r) => setTimeout(r, 100));
      expect((await post(begin('late', 'the prompt'))).status).toBe(204);
      expect(await reply).toEqual({ id: 1, decision: 'allow', reason: 'the prompt' });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('protocol 2 in process (defense-module)', () => {
  it('decides the request the module adapter passes, keyed to its session by the begin object', async () => {
    const d = defineDefense<{ n: number }>({
      name: 'module',
      stateless: true,
      initialState: () => ({ n: 0 }),
      decide: (call, s) => ({ decision: 'allow', reason: `${s.suite} ${s.prompt} ${++s.state.n} ${call.trace.length}` }),
    });
    const b1 = begin('m1'),
      b2 = begin('m2', null);
    const { id: _, ...r } = request(1, 'm1', 'x', [step]);
    expect(await d.decide(r, b1)).toEqual({ decision: 'allow', reason: 'banking Pay the bill, please. 1 1' });
    expect(await d.decide(r, b1)).toEqual({ decision: 'allow', reason: 'banking Pay the bill, please. 2 1' });
    expect(await d.decide(r, b2)).toEqual({ decision: 'allow', reason: 'banking null 1 1' });
    expect([d.protocol, d.stateless, d.name]).toEqual([2, true, 'module']);
  });
});
