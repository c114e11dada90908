// The external-defense adapters against real child processes and a real HTTP server: correct
// outcomes when the defense behaves, one clear DefenseError when it does not.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDefense, scoreDefense, type DefenseSpec, type OpenedDefense } from '../../src/adapters/index.js';
import { bundledCorpus } from '../../src/data/store.js';
import { denyEgress } from '../../src/defenses/egress.js';
import { DefenseError } from '../../src/model/errors.js';
import { judge } from '../../src/scoring/judge.js';
import { tally } from '../../src/scoring/tally.js';
import type { Scenario } from '../../src/model/call.js';

const SCRIPT = join(import.meta.dirname, '../fixtures/action/defenses/scripted.mjs');
const scripted = (mode: string, n = 3): DefenseSpec => ({ kind: 'command', command: `"${process.execPath}" "${SCRIPT}" ${mode} ${n}` });
const scenarios = bundledCorpus.scenarios;
const expected = judge(denyEgress(bundledCorpus.policy.egressTools), scenarios);

let opened: OpenedDefense[] = [];
afterEach(async () => {
  await Promise.all(opened.map((d) => d.close()));
  opened = [];
});

async function run(spec: DefenseSpec, timeoutMs = 2000, list: readonly Scenario[] = scenarios) {
  const d = await openDefense(spec, { timeoutMs });
  opened.push(d);
  return { defense: d, run: await scoreDefense(d, list) };
}

async function failure(spec: DefenseSpec, timeoutMs = 2000): Promise<string> {
  const err = await run(spec, timeoutMs).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DefenseError);
  return (err as Error).message;
}

describe('stdio defense', () => {
  it('scores exactly like the same policy in process, with pipelined out-of-order replies', async () => {
    const { defense, run: r } = await run(scripted('ok'));
    expect(defense.name).toBe('scripted-ok');
    expect([...r.outcomes]).toEqual([...expected]);
    expect(tally('x', r.outcomes)).toEqual(tally('x', expected));
    expect(r.denials.get('workspace-exfil-inband')).toEqual({
      scenario: 'workspace-exfil-inband',
      step: 1,
      tool: 'email.send',
      reason: 'scripted email.send',
    });
  });

  it('decides identical calls once when the defense is stateless', async () => {
    // The same scenarios twice (fresh ids, same calls): every second copy comes from the cache.
    const twice = [
      ...scenarios,
      ...scenarios.map((s) => ({ ...s, id: `${s.id}-again`, trace: s.trace.map((st) => ({ ...st, call: { ...st.call } })) })),
    ];
    const { defense, run: r } = await run(scripted('ok'), 2000, twice);
    const d = defense as import('../../src/adapters/index.js').ExternalDefense;
    expect([...r.outcomes]).toEqual([...expected, ...expected]);
    expect(d.stats.requests).toBe(r.asked);
    // Every distinct call of the first copy is asked once (denied or not), the second copy never.
    const distinct = new Set(scenarios.flatMap((s) => s.trace.map((st, i) => JSON.stringify([i, st.call]))));
    expect(r.asked).toBe(distinct.size);
    expect(r.needed).toBeGreaterThan(r.asked);
  });

  it.each([
    ['crash', /exited with code 3 while deciding scenario \S+ step \d+ \(tool [^)]+\)[\s\S]*Traceback: something broke/],
    ['garbage', /wrote a line that is not JSON: "this is not json" while deciding scenario \S+ step \d+/],
    ['unknown-id', /replied to unknown request id 9999/],
    ['bad-hello', /invalid hello .*protocol/],
  ])('%s ends the run with a DefenseError naming the call and the stderr tail', async (mode, pattern) => {
    const msg = await failure(scripted(mode));
    expect(msg).toMatch(pattern);
    expect(msg).not.toMatch(/\| defense \|/); // never a table
  });

  it('a hung defense times out, naming the request, scenario and call', async () => {
    const msg = await failure(scripted('hang'), 300);
    expect(msg).toMatch(/no reply to request \d+ within 300 ms \(timeout-per-call\) while deciding scenario \S+ step \d+ \(tool /);
  });

  it('a reply that never comes (others answered) times out on exactly that request', async () => {
    const msg = await failure(scripted('missing', 2), 300);
    expect(msg).toMatch(/no reply to request 2 within 300 ms/);
  });

  it('a command that does not exist fails before its hello, with the shell error', async () => {
    const msg = await failure({ kind: 'command', command: 'definitely-not-a-defense-xyz' });
    expect(msg).toMatch(/exited with code 127 before sending its hello[\s\S]*not found/);
  });
});

describe('http defense', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function serve(fail?: number): Promise<string> {
    let n = 0;
    server = createServer((req, res) => {
      if (req.method === 'GET')
        return res.end(JSON.stringify({ protocol: 1, name: 'http-def', capabilities: { stateless: false, max_concurrency: 3 } }));
      let body = '';
      req
        .on('data', (c) => (body += c))
        .on('end', () => {
          const r = JSON.parse(body);
          if (++n === fail) {
            res.statusCode = 500;
            return res.end('internal <b>error</b>');
          }
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ id: r.id, allow: !bundledCorpus.policy.egressTools.includes(r.call.tool), reason: 'http' }));
        });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const addr = server.address() as { port: number };
    return `http://127.0.0.1:${addr.port}/decide`;
  }

  it('scores like the in-process policy', async () => {
    const { run: r } = await run({ kind: 'url', url: await serve() });
    expect([...r.outcomes]).toEqual([...expected]);
  });

  it('an HTTP 500 fails the run naming the request', async () => {
    const msg = await failure({ kind: 'url', url: await serve(2) });
    expect(msg).toMatch(/answered HTTP 500 to request \d+: "internal <b>error<\/b>" while deciding scenario/);
  });

  it('an unreachable URL fails before the hello', async () => {
    const url = await serve();
    await new Promise((r) => server!.close(r));
    const msg = await failure({ kind: 'url', url });
    expect(msg).toMatch(/could not be reached for the hello request: ECONNREFUSED/);
  });
});

describe('module defense', () => {
  const dir = mkdtempSync(join(tmpdir(), 'module-defense-'));
  it('accepts {allow} and {allowed} decisions, sync or async', async () => {
    const path = join(dir, 'ok.mjs');
    writeFileSync(
      path,
      `const egress = ${JSON.stringify(bundledCorpus.policy.egressTools)};
export default { name: 'mod', decide: async (c) => egress.includes(c.tool) ? { allow: false, reason: 'no' } : { allowed: true, reason: 'ok' } };`,
    );
    const { defense, run: r } = await run({ kind: 'module', path });
    expect(defense.name).toBe('mod');
    expect([...r.outcomes]).toEqual([...expected]);
  });

  it('a throwing module fails the run naming the call', async () => {
    const path = join(dir, 'throws.mjs');
    writeFileSync(
      path,
      `export const defense = { name: 'boom', decide(c) { if (c.tool === 'email.send') throw new Error('kaput'); return { allow: true } } };`,
    );
    expect(await failure({ kind: 'module', path })).toMatch(
      /defense "boom" \(module .*\) threw kaput while deciding scenario \S+ step \d \(tool email\.send\)/,
    );
  });
});
