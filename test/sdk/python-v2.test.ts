// The Python SDK's protocol 2, its default, against real python3 processes: sessions (begin,
// requests, end) with their state and hooks, the fields decide sees, every shape it may answer
// in, and the HTTP server's answers to begin, end, garbage and a request that overtook its begin.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { HelloSchema, ReplyV2Schema } from '../../src/adapters/protocol.js';

const SDK = join(import.meta.dirname, '../../src/sdk/python');
const dir = mkdtempSync(join(tmpdir(), 'python-sdk-v2-'));
let n = 0;

function script(body: string): string {
  const path = join(dir, `defense${n++}.py`);
  const lines = ['import sys, json, time', 'sys.dont_write_bytecode = True', `sys.path.insert(0, ${JSON.stringify(SDK)})`];
  writeFileSync(path, [...lines, 'from defense_protocol import serve, serve_http', body, ''].join('\n'));
  return path;
}

const begin = (session: string, prompt: string | null = 'Pay the bill.') => ({
  type: 'begin',
  session,
  suite: 'banking',
  prompt,
  tools: [{ name: 'send_money', description: 'Sends a transaction to the recipient.', parameters: { type: 'object' } }],
});
const request = (id: number, session: string, tool = 'send_money') => ({
  type: 'request',
  id,
  session,
  call: { tool, args: [{ name: 'recipient', provenance: 'untrusted', text: 'US13' }], dest: 'US13' },
  trace: [
    { tool: 'read_file', args: [{ name: 'file_path', provenance: 'trusted', text: 'bill.txt' }], dest: '', output: 'pay US13', read: true },
    { tool: 'get_iban', args: [], dest: '', output: 'DE89', read: false },
  ],
});
const end = (session: string) => ({ type: 'end', session });

/** Write `messages` to a python3 defense on stdio at once; resolve with every line it wrote, its exit code and stderr. */
function run(path: string, messages: unknown[]) {
  const child = spawn('python3', [path], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const lines: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => lines.push(JSON.parse(l) as Record<string, unknown>));
  for (const m of messages) child.stdin.write(JSON.stringify(m) + '\n');
  child.stdin.end();
  return new Promise<{ lines: Record<string, unknown>[]; code: number | null; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ lines, code, stderr })),
  );
}

describe('Python SDK protocol 2 over stdio', () => {
  it('says protocol 2 in its hello, keeps sessions with their state and hooks, and shows decide every field', async () => {
    const path = script(
      [
        'log = []',
        'def on_begin(s):',
        '    s.state["n"] = 0',
        '    log.append(("begin", s.id, s.suite, s.prompt, [t.name for t in s.tools]))',
        'def on_end(s):',
        '    log.append(("end", s.id, s.state["n"]))',
        '    print(json.dumps(log), file=sys.stderr)',
        'def decide(call, session):',
        '    session.state["n"] += 1',
        '    log.append((call.tool, [(a.name, a.provenance, a.text) for a in call.args], call.dest,',
        '                [(st.tool, st.output, st.read) for st in call.trace], session["prompt"], session.state["n"]))',
        '    return ("ask", "first") if session.state["n"] == 1 else "deny"',
        'serve(decide, name="py-v2", on_begin=on_begin, on_end=on_end)',
      ].join('\n'),
    );
    const r = await run(path, [begin('a'), request(1, 'a'), request(2, 'a'), end('a')]);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toEqual({ protocol: 2, name: 'py-v2', capabilities: { stateless: false, max_concurrency: 64 } });
    expect(HelloSchema.parse(r.lines[0])).toEqual(r.lines[0]);
    const replies = r.lines.slice(1).sort((x, y) => (x['id'] as number) - (y['id'] as number));
    expect(replies).toEqual([
      { id: 1, decision: 'ask', reason: 'first' },
      { id: 2, decision: 'deny', reason: '' },
    ]);
    for (const reply of replies) expect(ReplyV2Schema.parse(reply)).toEqual(reply);
    const trace = [
      ['read_file', 'pay US13', true],
      ['get_iban', 'DE89', false],
    ];
    const args = [['recipient', 'untrusted', 'US13']];
    expect(JSON.parse(r.stderr)).toEqual([
      ['begin', 'a', 'banking', 'Pay the bill.', ['send_money']],
      ['send_money', args, 'US13', trace, 'Pay the bill.', 1],
      ['send_money', args, 'US13', trace, 'Pay the bill.', 2],
      ['end', 'a', 2],
    ]);
  });

  it.each([
    ['"allow"', '"allow"', { decision: 'allow', reason: '' }],
    ['("ask", reason)', '("ask", "confirm")', { decision: 'ask', reason: 'confirm' }],
    ['a dict', '{"decision": "deny", "reason": "no"}', { decision: 'deny', reason: 'no' }],
    ["protocol 1's (False, reason)", '(False, "no")', { decision: 'deny', reason: 'no' }],
    ["protocol 1's dict", '{"allow": True, "reason": "ok"}', { decision: 'allow', reason: 'ok' }],
    ['a bare bool', 'False', { decision: 'deny', reason: '' }],
  ])('accepts %s', async (_, value, reply) => {
    const r = await run(script(`serve(lambda call, session: ${value}, name="shapes")`), [begin('s'), request(4, 's')]);
    expect([r.code, r.lines[1]]).toEqual([0, { id: 4, ...reply }]);
  });

  it('ends with exit code 1 and the reason on stderr when decide returns no decision', async () => {
    const r = await run(script('serve(lambda call, session: "sanitize", name="bad")'), [begin('s'), request(1, 's')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/decide must return "allow", "deny" or "ask".*'sanitize'/);
  });

  it('an end that overtakes its replies waits for them before on_end', async () => {
    const path = script(
      [
        'def decide(call, session):',
        '    time.sleep(0.2)',
        '    session.state["done"] = True',
        '    return "allow"',
        'def on_end(s):',
        '    print("end", s.state.get("done"), file=sys.stderr, flush=True)',
        'serve(decide, name="early-end", on_end=on_end)',
      ].join('\n'),
    );
    const r = await run(path, [begin('e'), request(1, 'e'), end('e')]);
    expect([r.code, r.lines[1], r.stderr]).toEqual([0, { id: 1, decision: 'allow', reason: '' }, 'end True\n']);
  });
});

describe('Python SDK protocol 2 over HTTP', () => {
  it('answers begin and end with 204, garbage with 400, a failing decide with 500, and waits for a begin a request overtook', async () => {
    const path = script(
      [
        'def decide(call, session):',
        '    if call.tool == "boom":',
        '        raise RuntimeError("bug")',
        '    return "allow", str(session.prompt)',
        'serve_http(decide, name="py-http-v2", port=0)',
      ].join('\n'),
    );
    const child = spawn('python3', [path], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (s: string) => {
          const m = /listening on (\S+)/.exec(s);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
      });
      const post = async (body: unknown) => {
        const r = await fetch(url, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
        const text = await r.text();
        return [r.status, text === '' ? undefined : JSON.parse(text)] as const;
      };
      expect(await (await fetch(url)).json()).toEqual({
        protocol: 2,
        name: 'py-http-v2',
        capabilities: { stateless: false, max_concurrency: 64 },
      });
      // The request first: the SDK holds it until its session's begin arrives.
      const early = post(request(1, 'h'));
      await new Promise((r) => setTimeout(r, 200));
      expect(await post(begin('h', 'the prompt'))).toEqual([204, undefined]);
      expect(await early).toEqual([200, { id: 1, decision: 'allow', reason: 'the prompt' }]);
      expect(await post(end('h'))).toEqual([204, undefined]);
      expect((await post('{"type":'))[0]).toBe(400);
      expect((await post({ type: 'sanitize', session: 'h' }))[0]).toBe(400);
      expect(await post(begin('b'))).toEqual([204, undefined]);
      const [status, body] = await post(request(2, 'b', 'boom'));
      expect([status, (body as { error: string }).error]).toEqual([500, "RuntimeError('bug')"]);
    } finally {
      child.kill();
    }
  });
});
