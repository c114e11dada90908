// The TypeScript SDK serves protocol v1 (`protocol: 1`, kept for existing defenses) and survives
// what a client may send it: a malformed request gets an error (HTTP 400, or a line on stderr over
// stdio) and the next request is answered. Protocol 2, the default: v2.test.ts.
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { defineDefense, RequestError } from '../../src/sdk/index.js';

const d = defineDefense({ name: 'sdk-test', protocol: 1, decide: (call) => ({ allow: call.tool !== 'send_money', reason: call.tool }) });
const request = (id: number, tool: string) => ({ id, scenario: 's', step: 0, call: { tool, args: [], dest: '', context: [] } });

describe('SDK over HTTP', async () => {
  const server = await d.serveHttp(0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const post = (body: string) => fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('answers the hello on GET', async () => {
    expect(await (await fetch(url)).json()).toEqual(d.hello);
  });

  it.each([
    ['not JSON', '{"id": 1,'],
    ['not a request', '{"hello": true}'],
    ['an empty body', ''],
  ])('answers %s with 400 and keeps serving', async (_, body) => {
    const bad = await post(body);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/not JSON|not a protocol v1 request/);
    const good = await post(JSON.stringify(request(7, 'send_money')));
    expect([good.status, await good.json()]).toEqual([200, { id: 7, allow: false, reason: 'send_money' }]);
  });

  it('answers a decide() that throws with 500', async () => {
    const boom = defineDefense({
      name: 'boom',
      protocol: 1,
      decide: () => {
        throw new Error('bug');
      },
    });
    const s = await boom.serveHttp(0);
    const r = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`, {
      method: 'POST',
      body: JSON.stringify(request(1, 'x')),
    });
    expect([r.status, ((await r.json()) as { error: string }).error]).toEqual([500, 'bug']);
    await new Promise<void>((res) => s.close(() => res()));
  });
});

describe('SDK over stdio', () => {
  it('skips a malformed line with a note on stderr and answers the rest', async () => {
    const input = new PassThrough(),
      output = new PassThrough();
    let out = '';
    output.on('data', (c: Buffer) => (out += c.toString()));
    const done = d.serveStdio(input, output);
    input.write('garbage\n');
    input.write(`${JSON.stringify(request(3, 'read_file'))}\n`);
    input.end();
    await done;
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([d.hello, { id: 3, allow: true, reason: 'read_file' }]);
  });

  it('rejects a non-request through answer() with a RequestError', async () => {
    await expect(d.answer({ id: 'x' })).rejects.toBeInstanceOf(RequestError);
  });
});
