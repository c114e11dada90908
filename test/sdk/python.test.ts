// The Python SDK (src/sdk/python/defense_protocol.py) against real python3 processes: it decides
// on as many threads as its hello advertises, so a slow defense is not queued past the gate's
// per-call timeout, and both SDKs default to the protocol's stateless=false. (Protocol 2's sessions
// and decisions: python-v2.test.ts.)
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CORPORA } from '../../src/action/config.js';
import { newRunSecrets, openDefense, scoreDefense, type OpenedDefense } from '../../src/adapters/index.js';
import { HelloSchema } from '../../src/adapters/protocol.js';
import { bundledCorpus, CorpusStore } from '../../src/data/store.js';
import { drive } from '../../src/scoring/drive.js';
import { defineDefense } from '../../src/sdk/index.js';

const SDK = join(import.meta.dirname, '../../src/sdk/python');
const dir = mkdtempSync(join(tmpdir(), 'python-sdk-'));
let n = 0;

/** A python3 defense: `body` defines decide(call, info); `serve` is the call that serves it. */
function script(body: string, serve: string): string {
  const path = join(dir, `defense${n++}.py`);
  writeFileSync(
    path,
    [
      'import sys, threading, time',
      'sys.dont_write_bytecode = True',
      `sys.path.insert(0, ${JSON.stringify(SDK)})`,
      'from defense_protocol import serve, serve_http, hello',
      body,
      serve,
      '',
    ].join('\n'),
  );
  return path;
}

const request = (id: number) => JSON.stringify({ type: 'request', id, session: 's', call: { tool: 't', args: [], dest: '' }, trace: [] });
const requestV1 = (id: number) => JSON.stringify({ id, scenario: 's', step: 0, call: { tool: 't', args: [], dest: '', context: [] } });

/** Send `count` requests at once; resolve with the hello, the replies in arrival order, exit code and stderr. */
function exchange(path: string, count: number, make = request) {
  const child = spawn('python3', [path], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const lines: unknown[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => lines.push(JSON.parse(l)));
  for (let i = 1; i <= count; i++) child.stdin.write(make(i) + '\n');
  child.stdin.end();
  return new Promise<{ hello: unknown; replies: { id: number }[]; code: number | null; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ hello: lines[0], replies: lines.slice(1) as { id: number }[], code, stderr })),
  );
}

// decide returns only once `k` threads are inside it at the same time (or fails after 10 s).
const barrier = (k: number) =>
  `gate = threading.Barrier(${k}, timeout=10)\ndef decide(call, info):\n    gate.wait()\n    return True, "together"`;

describe('Python SDK concurrency', () => {
  it('decides on as many threads as the hello advertises (default 64)', async () => {
    const r = await exchange(script(barrier(64), 'serve(decide, name="py")'), 64);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.hello).toEqual({ protocol: 2, name: 'py', capabilities: { stateless: false, max_concurrency: 64 } });
    expect(r.replies.map((x) => x.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('protocol=1 keeps protocol v1: its hello, requests and replies, on as many threads', async () => {
    const r = await exchange(script(barrier(64), 'serve(decide, name="py", protocol=1)'), 64, requestV1);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.hello).toEqual({ protocol: 1, name: 'py', capabilities: { stateless: false, max_concurrency: 64 } });
    expect(r.replies).toContainEqual({ id: 64, allow: true, reason: 'together' });
  });

  it('max_concurrency=1 decides one request at a time, in order', async () => {
    const body =
      'inside = []\ndef decide(call, info):\n    inside.append(1)\n    assert len(inside) == 1\n    time.sleep(0.01)\n    inside.pop()\n    return False, "one"';
    const r = await exchange(script(body, 'serve(decide, name="py", max_concurrency=1)'), 5);
    expect(r.code).toBe(0);
    expect((r.hello as { capabilities: unknown }).capabilities).toEqual({ stateless: false, max_concurrency: 1 });
    expect(r.replies.map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('threads= is a deprecated alias: the smaller of it and max_concurrency, advertised and served', async () => {
    const r = await exchange(script(barrier(4), 'serve(decide, name="py", threads=4)'), 4);
    expect(r.code).toBe(0);
    expect((r.hello as { capabilities: unknown }).capabilities).toEqual({ stateless: false, max_concurrency: 4 });
    expect(r.stderr).toMatch(/threads=\.\.\.\) is deprecated; using max_concurrency=4/);
  });

  it('refuses a max_concurrency the protocol does not allow', async () => {
    const r = await exchange(script(barrier(1), 'serve(decide, name="py", max_concurrency=0)'), 0);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/max_concurrency must be an integer from 1 to 256, not 0/);
  });

  describe('through the gate', () => {
    let opened: OpenedDefense | undefined;
    afterEach(() => opened?.close());

    it('a slow defense with the defaults never waits in its own queue past the per-call timeout', async () => {
      // 0.3 s a decision, 1.5 s per-call timeout: with one thread behind 64 advertised slots, the
      // 6th request in flight would wait 1.5 s before its decision even started.
      const path = script('def decide(call, info):\n    time.sleep(0.3)\n    return True, "slow"', 'serve(decide, name="slow")');
      opened = await openDefense({ kind: 'command', command: `python3 "${path}"` }, { timeoutMs: 1500 });
      const run = await scoreDefense(opened, bundledCorpus.scenarios);
      expect(run.outcomes.length).toBe(bundledCorpus.scenarios.length);
    });
  });
});

/** The Python SDK's default hello, as JSON text. */
const pythonHello = () =>
  new Promise<string>((resolve, reject) => {
    const child = spawn('python3', [
      '-c',
      `import sys, json; sys.path.insert(0, ${JSON.stringify(SDK)}); sys.dont_write_bytecode = True; from defense_protocol import hello; print(json.dumps(hello("x")))`,
    ]);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`python3 exited ${code}`))));
  });

describe('SDK defaults match the protocol', () => {
  it('both SDKs default to stateless false, the protocol default (dedup is opt-in)', async () => {
    const protocolDefault = HelloSchema.parse({ protocol: 1, name: 'x' }).capabilities.stateless;
    expect(protocolDefault).toBe(false);
    const ts = defineDefense({ name: 'x', decide: () => ({ allow: true }) }).hello.capabilities.stateless;
    const py = await pythonHello();
    expect([ts, JSON.parse(py).capabilities.stateless]).toEqual([protocolDefault, protocolDefault]);
  });

  it("both SDKs advertise 64 in flight by default: a 50 ms/decision defense's floor on the action's default corpora is under 10 s", async () => {
    const ts = defineDefense({ name: 'x', decide: () => 'allow' }).hello.capabilities.max_concurrency;
    const py = (JSON.parse(await pythonHello()) as { capabilities: { max_concurrency: number } }).capabilities.max_concurrency;
    expect([ts, py]).toEqual([64, 64]);
    // Issue 9: such a defense at the SDK's defaults finishes the default corpora in under 10 s.
    // The wall time is a bench figure (docs/bench.md); what a test can hold is that the default
    // leaves room for it: the requests a defense that allows everything is asked, 50 ms each, at
    // the default concurrency (at 32 this floor alone was 13.5 s).
    const store = new CorpusStore();
    let requests = 0;
    for (const name of DEFAULT_CORPORA) {
      const run = await drive(
        store.load(name).scenarios,
        { ask: async () => ({ allowed: true, reason: '' }) },
        {
          stateless: false,
          concurrency: py,
          ...newRunSecrets(),
        },
      );
      requests += run.asked;
    }
    expect((requests * 50) / py).toBeLessThan(10_000);
  });
});

describe('Python SDK over HTTP', () => {
  it('keeps connections alive and answers without a Nagle delay', async () => {
    const path = script('def decide(call, info):\n    return True, "fine"', 'serve_http(decide, name="py-http", port=0)');
    const child = spawn('python3', [path], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (s: string) => {
          const m = /listening on (\S+)/.exec(s);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
      });
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const post = (id: number) =>
        new Promise<{ reused: boolean; body: string }>((resolve, reject) => {
          // The first message begins the session the requests belong to.
          const body = id === 0 ? JSON.stringify({ type: 'begin', session: 's', suite: 'banking', prompt: null, tools: [] }) : request(id);
          const req = httpRequest(url, { method: 'POST', agent, headers: { 'content-length': Buffer.byteLength(body) } }, (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (c: string) => (text += c));
            res.on('end', () => resolve({ reused: req.reusedSocket, body: text }));
          });
          req.on('error', reject);
          req.end(body);
        });
      await post(0);
      const t0 = performance.now();
      const answers = [];
      for (let id = 1; id <= 20; id++) answers.push(await post(id));
      const ms = performance.now() - t0;
      agent.destroy();
      expect(answers.every((a) => a.reused)).toBe(true);
      expect(JSON.parse(answers[19]!.body)).toEqual({ id: 20, decision: 'allow', reason: 'fine' });
      // Nagle's algorithm against the client's delayed ACK would cost ~40 ms a request (800 ms).
      expect(ms).toBeLessThan(400);
    } finally {
      child.kill();
    }
  });
});
