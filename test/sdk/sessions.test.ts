// Both SDKs through the gate, on the default corpora: one stateful protocol v2 policy (per-session
// state, ask, deny, the suite's tools from the begin) written once with each SDK, served over stdio
// and HTTP and, for TypeScript, in process. Every way must score the same, call for call.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDefense, scoreDefense, type DefenseSpec } from '../../src/adapters/index.js';
import { CorpusStore } from '../../src/data/store.js';
import { tally } from '../../src/scoring/tally.js';

const ROOT = join(import.meta.dirname, '../..');
const FIX = 'test/sdk/fixtures';
const store = new CorpusStore();
const corpora = [store.pairs(), store.groundTruth()];

const servers: ChildProcess[] = [];
afterAll(() => servers.forEach((s) => s.kill()));

function serve(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (s: string) => {
      const m = /listening on (\S+)/.exec(s);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (c) => reject(new Error(`${args[0]} exited ${c}`)));
  });
}

async function score(spec: DefenseSpec) {
  const d = await openDefense(spec, { timeoutMs: 10_000, cwd: ROOT });
  try {
    const out: { corpus: string; outcomes: number[]; result: ReturnType<typeof tally> }[] = [];
    for (const c of corpora) {
      const r = await scoreDefense(d, c);
      out.push({ corpus: c.name, outcomes: [...r.outcomes], result: tally(d.name, r.outcomes, undefined, r.asks) });
    }
    return out;
  } finally {
    await d.close();
  }
}

const specs: Record<string, () => Promise<DefenseSpec>> = {
  'Python, stdio': async () => ({ kind: 'command', command: `python3 ${FIX}/egress_budget.py` }),
  'Python, HTTP': async () => ({ kind: 'url', url: await serve('python3', [`${FIX}/egress_budget.py`, '--http', '0']) }),
  'TypeScript, stdio': async () => ({ kind: 'command', command: `"${process.execPath}" --import tsx ${FIX}/egress-budget.ts` }),
  'TypeScript, HTTP': async () => ({
    kind: 'url',
    url: await serve(process.execPath, ['--import', 'tsx', `${FIX}/egress-budget.ts`, '--http', '0']),
  }),
  'TypeScript, in process': async () => ({ kind: 'module', path: `${FIX}/egress-budget.ts` }),
};

describe('one stateful v2 policy, both SDKs, every transport', () => {
  let reference: Awaited<ReturnType<typeof score>>;
  beforeAll(async () => {
    reference = await score(await specs['Python, stdio']!());
  });

  it('asks, denies and keeps state: not a trivial policy', () => {
    const [pairs, agentdojo] = reference.map((r) => r.result);
    for (const r of [pairs!, agentdojo!]) {
      expect(r.confirmations).toBeGreaterThan(0);
      expect(r.benign_confirmed).toBeGreaterThan(0);
      expect(r.injections_blocked).toBeGreaterThan(0);
      expect(r.benign_kept).toBeLessThan(r.benign_total);
    }
  });

  it.each(Object.keys(specs).slice(1))('%s scores exactly like Python over stdio', async (name) => {
    const r = await score(await specs[name]!());
    expect(r.map((x) => x.corpus)).toEqual(['pairs', 'agentdojo']);
    expect(r.map((x) => x.result)).toEqual(reference.map((x) => x.result));
    expect(r.map((x) => x.outcomes)).toEqual(reference.map((x) => x.outcomes));
  });
});

describe('in process (defense-module)', () => {
  it("an SDK module hears every session's end, as over the wire", async () => {
    const d = await openDefense(
      { kind: 'module', path: join(import.meta.dirname, 'fixtures/counting-sessions.ts') },
      { timeoutMs: 10_000 },
    );
    try {
      await scoreDefense(d, new CorpusStore().pairs());
    } finally {
      await d.close();
    }
    const counts = (globalThis as { __sessions?: { begun: number; ended: number; open: Set<string> } }).__sessions!;
    expect(counts.begun).toBeGreaterThan(500);
    expect(counts.ended).toBe(counts.begun);
    expect(counts.open.size).toBe(0);
  });
});
