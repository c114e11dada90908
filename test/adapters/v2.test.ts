// Protocol v2 end to end through a real process: sessions begin with the suite, the user's prompt
// (only where every run of the corpus has one) and the suite's tools; requests carry named
// arguments and the trace so far, in step order; sessions end; ask is read as the protocol says.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDefense, scoreDefense, type OpenedDefense } from '../../src/adapters/index.js';
import { CorpusStore } from '../../src/data/store.js';
import { DefenseError } from '../../src/model/errors.js';
import type { Decision } from '../../src/model/call.js';
import type { Corpus } from '../../src/corpora/corpus.js';
import { judge } from '../../src/scoring/judge.js';
import { tally } from '../../src/scoring/tally.js';

const FIX = join(import.meta.dirname, '../fixtures/defenses/v2-recorder.mjs');
const store = new CorpusStore();

interface Msg {
  type: 'begin' | 'request' | 'end';
  session: string;
  id?: number;
  suite?: string;
  prompt?: string | null;
  tools?: { name: string }[];
  call?: { tool: string; args: { name: string; provenance: string; text: string }[]; dest: string };
  trace?: { tool: string; output: string; read: boolean }[];
}

async function run(corpus: Corpus, rule: string, stateless = false) {
  const log = join(mkdtempSync(join(tmpdir(), 'ade-v2-')), 'log.jsonl');
  writeFileSync(log, '');
  const d: OpenedDefense = await openDefense(
    { kind: 'command', command: `"${process.execPath}" "${FIX}" "${log}" ${rule} ${stateless}` },
    { timeoutMs: 5000 },
  );
  try {
    const r = await scoreDefense(d, corpus);
    return {
      r,
      d,
      messages: readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Msg),
    };
  } finally {
    await d.close();
  }
}

describe('protocol v2 sessions', () => {
  it('on pairs: begin, the run in step order with its trace, end; the twin prompt, never a goal; named arguments; the suite tools', async () => {
    const pairs = store.pairs();
    const { messages, d } = await run(pairs, 'egress-ask');
    expect(d.protocol).toBe(2);
    const goals = new Set(pairs.scenarios.filter((s) => s.kind === 'injection').map((s) => s.task));
    const prompts = new Set(pairs.benign.map((s) => s.task));
    const sessions = new Map<string, Msg[]>();
    for (const m of messages) sessions.set(m.session, [...(sessions.get(m.session) ?? []), m]);
    expect(sessions.size).toBe(97 + 609); // every benign task and every scorable pair, never an unscored one
    for (const [id, ms] of sessions) {
      expect(ms[0]!.type, id).toBe('begin');
      expect(ms.at(-1)!.type, id).toBe('end');
      const begin = ms[0]!;
      expect(prompts.has(begin.prompt!), id).toBe(true);
      expect(goals.has(begin.prompt!)).toBe(false);
      expect(begin.tools!.map((t) => t.name)).toEqual(pairs.tools[begin.suite!]!.map((t) => t.name));
      const requests = ms.filter((m) => m.type === 'request');
      requests.forEach((q, step) => {
        expect(q.trace!.length, id).toBe(step); // in step order, each with the calls before it
        for (const t of q.trace!) expect(t.read).toBe(true);
        for (const a of q.call!.args) expect(a.name).not.toBe('');
      });
      // Consecutive requests: the trace grows by the previous call, with the output it returned.
      for (let k = 1; k < requests.length; k++) expect(requests[k]!.trace!.at(-1)!.tool).toBe(requests[k - 1]!.call!.tool);
    }
    // The interleaving: sessions are not asked in file order, and several are open at once.
    let open = 0,
      most = 0;
    for (const m of messages) {
      if (m.type === 'begin') most = Math.max(most, ++open);
      if (m.type === 'end') open--;
    }
    expect(most).toBeGreaterThan(1);
  });

  it('on the ground truth and bundled corpora no session gets a prompt (their injection runs have no user task)', async () => {
    for (const c of [store.groundTruth(), store.bundled()]) {
      const { messages } = await run(c, 'egress-ask');
      const begins = messages.filter((m) => m.type === 'begin');
      expect(begins.length).toBeGreaterThan(0);
      for (const b of begins) expect(b.prompt).toBeNull();
    }
  });
});

describe('ask', () => {
  const asking = { name: 'ask-all', decide: (): Decision => ({ allowed: false, ask: true, reason: '' }) };

  it('ask everything: every benign task kept only with confirmations, every injection run stopped at its first call', async () => {
    const pairs = store.pairs();
    const { r } = await run(pairs, 'ask-all');
    expect([...r.outcomes]).toEqual([...judge(asking, pairs.scenarios)]);
    const t = tally('x', r.outcomes, undefined, r.asks);
    const benignCalls = pairs.benign.reduce((n, s) => n + s.trace.length, 0);
    expect([t.benign_kept, t.benign_confirmed, t.confirmations]).toEqual([
      0,
      97 - pairs.benign.filter((s) => s.trace.length === 0).length,
      benignCalls,
    ]);
    expect([t.injections_blocked, t.injections_attributable]).toEqual([609, 0]);
  });

  it('a stateful session goes on after an ask (as confirmed) and stops at a deny', async () => {
    const pairs = store.pairs();
    const asks = await run(pairs, 'ask-all');
    const requests = (ms: Msg[]) => ms.filter((m) => m.type === 'request').length;
    // Every call of every asked run, since nothing is denied.
    expect(requests(asks.messages)).toBe(
      pairs.scenarios.filter((s) => s.kind === 'benign' || s.trace.some((st) => st.injected)).reduce((n, s) => n + s.trace.length, 0),
    );
    const denies = await run(pairs, 'deny-send');
    expect(requests(denies.messages)).toBeLessThan(requests(asks.messages));
  });

  it('sanitize is refused with the reason', async () => {
    const err = await run(store.bundled(), 'sanitize').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DefenseError);
    expect((err as Error).message).toMatch(
      /sanitize is not offered: a replayed trace cannot show how the agent reacts to a rewritten output/,
    );
  });
});

describe('a stateless v2 defense', () => {
  it('gets exactly the in-process outcomes of the same rule', async () => {
    const pairs = store.pairs();
    const rule = { name: 'deny-send', decide: (c: { tool: string }): Decision => ({ allowed: c.tool !== 'send_money', reason: '' }) };
    const { r } = await run(pairs, 'deny-send', true);
    expect([...r.outcomes]).toEqual([...judge(rule, pairs.scenarios)]);
  });
});
