// The driver of out-of-process defenses: a stateless defense gets exactly the in-process judge's
// outcomes whatever the order and concurrency; a stateful one gets sessions that halt at the first
// denial, and a pair's halt is attributable only when the twin's own run reached and allowed the call.
import { describe, expect, it } from 'vitest';
import { drive, sessionId, shuffledOrder, type Ask, type Asker } from '../../src/scoring/drive.js';
import { judge, Outcome } from '../../src/scoring/judge.js';
import type { Decision, Scenario } from '../../src/model/call.js';
import type { Defense } from '../../src/defenses/defense.js';
import { CorpusStore } from '../../src/data/store.js';
import { referenceDefenses } from '../../src/evaluate/corpus.js';
import { denyTools, mkCall, scenario, step } from '../helpers.js';

const secrets = (n: number) => ({ secret: new Uint8Array(32).fill(n), orderSeed: [BigInt(n), 7n] as const });

/** An asker over an in-process defense that records what it was asked, in order. */
function asker(d: Defense, opts: { delay?: boolean } = {}): Asker & { asks: Ask[]; begins: string[]; ends: string[] } {
  const asks: Ask[] = [],
    begins: string[] = [],
    ends: string[] = [];
  return {
    asks,
    begins,
    ends,
    begin: (s) => void begins.push(s),
    end: (s) => void ends.push(s),
    async ask(a): Promise<Decision> {
      asks.push(a);
      if (opts.delay) await new Promise((r) => setTimeout(r, Math.random() * 2));
      return d.decide(a.call);
    },
  };
}

describe('drive, stateless', () => {
  it('gives the in-process outcomes on every reference defense of the paired corpus, at any concurrency and order', async () => {
    const pairs = new CorpusStore().pairs();
    for (const d of referenceDefenses(pairs)) {
      const want = judge(d, pairs.scenarios);
      for (const [n, concurrency] of [
        [1, 1],
        [2, 16],
      ] as const) {
        const r = await drive(pairs.scenarios, asker(d), { stateless: true, concurrency, ...secrets(n) });
        expect([...r.outcomes], d.name).toEqual([...want]);
      }
    }
  });

  it('asks every distinct call of every scored scenario once, even after a denial, and never an unscored one', async () => {
    const d = denyTools('a');
    const twin = [mkCall('a'), mkCall('b')];
    const ss: Scenario[] = [
      scenario(
        twin.map((c) => step(c)),
        { id: 'benign' },
      ),
      scenario([step(mkCall('a', 'x')), step(mkCall('b')), step(mkCall('evil'), true)], { id: 'pair', kind: 'injection', twin }),
      scenario([step(mkCall('only-user'))], { id: 'unscored', kind: 'injection' }),
    ];
    const a = asker(d);
    const r = await drive(ss, a, { stateless: true, concurrency: 4, ...secrets(1) });
    expect(a.asks.map((x) => x.call.tool).sort()).toEqual(['a', 'a', 'b', 'evil']); // b once: identical in both runs
    expect(a.asks.some((x) => x.scenario.id === 'unscored')).toBe(false);
    expect([...r.outcomes]).toEqual([...judge(d, ss)]);
    expect([r.asked, r.needed]).toEqual([4, 2]);
  });

  it('asks a twin that is not one of the scenarios as a run of its own', async () => {
    const twin = [mkCall('read', 'clean')];
    const pair = scenario([step(mkCall('read', 'clean', 'trusted', { context: ['INJECTED'] })), step(mkCall('evil'), true)], {
      kind: 'injection',
      twin,
    });
    const d: Defense = { name: 'ctx', decide: (c) => ({ allowed: !c.context.includes('INJECTED'), reason: '' }) };
    const r = await drive([pair], asker(d), { stateless: true, concurrency: 1, ...secrets(1) });
    expect(r.outcomes[0]).toBe(Outcome.HaltedAttributable);
  });
});

describe('drive, stateful', () => {
  const twin = [mkCall('read'), mkCall('send', 'x')];
  const benign = scenario(
    twin.map((c) => step(c)),
    { id: 'benign' },
  );
  const pair = scenario(
    [step(mkCall('read', '', 'trusted', { context: ['INJECTED'] })), step(mkCall('send', 'x')), step(mkCall('evil'), true)],
    {
      id: 'pair',
      kind: 'injection',
      twin,
    },
  );

  it('runs each scenario as a session that halts at its first denial, begun and ended once', async () => {
    const a = asker(denyTools('read'));
    await drive([benign, pair], a, { stateless: false, concurrency: 1, ...secrets(3) });
    expect(a.asks.map((x) => `${x.scenario.id}:${x.step}`).sort()).toEqual(['benign:0', 'pair:0']);
    expect(new Set(a.begins).size).toBe(2);
    expect(a.ends.sort()).toEqual([...a.begins].sort());
    for (const x of a.asks) expect(x.session).toBe(sessionId(secrets(3).secret, x.scenario.id));
  });

  it('a halt is attributable when the twin run allowed the same call, and not when the twin never reached it', async () => {
    // Denies "send" only when it has read the injection: the twin allows it, the pair is halted.
    const ctxGuard: Defense = {
      name: 'g',
      decide: (c) => ({ allowed: !(c.tool === 'send' && c.context.includes('INJECTED')), reason: '' }),
    };
    const pairCtx = { ...pair, trace: pair.trace.map((st, i) => (i === 1 ? step({ ...st.call, context: ['INJECTED'] }) : st)) };
    const ok = await drive([benign, pairCtx], asker(ctxGuard), { stateless: false, concurrency: 2, ...secrets(4) });
    expect(ok.outcomes[1]).toBe(Outcome.HaltedAttributable);
    // The same denial of "send", but the defense also breaks the twin at its first call: never reached.
    const brittle: Defense = {
      name: 'b',
      decide: (c) => ({ allowed: c.context.includes('INJECTED') ? c.tool !== 'send' : c.tool !== 'read', reason: '' }),
    };
    const no = await drive([benign, pairCtx], asker(brittle), { stateless: false, concurrency: 2, ...secrets(4) });
    expect([no.outcomes[0], no.outcomes[1]]).toEqual([Outcome.BenignBroken, Outcome.HaltedUnattributable]);
  });
});

describe('identifiers and order', () => {
  it('session ids are opaque: keyed by the run secret, never containing the scenario id', () => {
    const id = 'banking-user_task_0-injection_task_3';
    const a = sessionId(secrets(1).secret, id),
      b = sessionId(secrets(2).secret, id);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('injection');
  });

  it('the order is a permutation drawn from the seed: the same seed the same order, another seed another', () => {
    const a = shuffledOrder(1046, [1n, 2n]);
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 1046 }, (_, i) => i));
    expect(shuffledOrder(1046, [1n, 2n])).toEqual(a);
    expect(shuffledOrder(1046, [3n, 2n])).not.toEqual(a);
    // Benign tasks are not all first: the file order (benign, then its pairs) is gone.
    expect(a.slice(0, 20)).not.toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('a stateful run interleaves scenarios: consecutive asks rarely come from file-order neighbours', async () => {
    const pairs = new CorpusStore().pairs();
    const a = asker(referenceDefenses(pairs)[0]!);
    await drive(pairs.scenarios, a, { stateless: false, concurrency: 1, ...secrets(9) });
    const index = new Map(pairs.scenarios.map((s, i) => [s, i]));
    const firsts = a.asks.filter((x) => x.step === 0).map((x) => index.get(x.scenario)!);
    const adjacent = firsts.slice(1).filter((i, k) => Math.abs(i - firsts[k]!) === 1).length;
    expect(adjacent / firsts.length).toBeLessThan(0.02);
  });
});
