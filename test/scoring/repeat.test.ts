// Repetitions: the majority of goodness per scenario (ties not good), the representative outcome,
// flips, and the discordant pairs McNemar counts.
import { describe, expect, it } from 'vitest';
import type { Call, Decision, Denial, Scenario } from '../../src/model/call.js';
import { Outcome } from '../../src/scoring/judge.js';
import { aggregateRepeats, axisOf, discordantPairs, flippedCount, isGood, type Repetition } from '../../src/scoring/repeat.js';

const call = (tool: string): Call => ({ tool, args: [], dest: '', context: [] });
const scenario = (id: string, kind: 'benign' | 'injection'): Scenario => ({
  id,
  kind,
  suite: 'banking',
  task: '',
  prompt: undefined,
  injectionTask: undefined,
  trace: [{ call: call(id), injected: kind === 'injection' }],
  twin: [],
});

const S = [scenario('a', 'injection'), scenario('b', 'injection'), scenario('c', 'benign'), scenario('d', 'benign')];

function rep(codes: number[], tag: string): Repetition {
  const denials = new Map<string, Denial>(
    S.flatMap((s, i) =>
      ([Outcome.BlockedInjected, Outcome.BenignBroken] as number[]).includes(codes[i]!)
        ? [[s.id, { scenario: s.id, step: 0, tool: s.id, reason: tag }]]
        : [],
    ),
  );
  return {
    outcomes: Uint8Array.from(codes),
    asks: Uint16Array.from(codes, (o) => (o === Outcome.BenignConfirmed ? 1 : 0)),
    denials,
    decisionOf: (c): Decision => ({ allowed: false, reason: `${tag}:${c.tool}` }),
  };
}

describe('goodness', () => {
  it('counts what the gate counts: attributable stops and benign tasks kept unattended', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(isGood)).toEqual([false, true, false, false, true, true, false, false, false]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(axisOf)).toEqual([
      undefined,
      'utility',
      'utility',
      'attributable',
      'attributable',
      'attributable',
      'attributable',
      'utility',
      undefined,
    ]);
  });
});

describe('aggregateRepeats', () => {
  const { BlockedInjected: B, HaltedAttributable: H, Missed: M, BenignKept: K, BenignBroken: X, BenignConfirmed: C } = Outcome;

  it('takes the majority of goodness, a tie as not good, and the first repetition that agrees', () => {
    const r = aggregateRepeats(S, [rep([M, H, K, X], 'r0'), rep([B, B, X, K], 'r1'), rep([B, M, C, X], 'r2')]);
    // a: good in 2 of 3 → the first good one (r1, blocked); b: good in 2 of 3 → r0 (halted attributably);
    // c: good in 1 of 3 → the first not good (r1, broken); d: good in 1 of 3 → r0 (broken).
    expect(Array.from(r.outcomes)).toEqual([B, H, X, X]);
    expect(Array.from(r.from)).toEqual([1, 0, 1, 0]);
    expect(r.flipped).toBe(4);
    expect(r.denials.get('a')?.reason).toBe('r1');
    expect(r.denials.get('c')?.reason).toBe('r1');
    expect(r.denials.has('b')).toBe(false);
    expect(r.decisionOf(S[2]!.trace[0]!.call)?.reason).toBe('r1:c');
    expect(r.decisionOf(S[3]!.trace[0]!.call)?.reason).toBe('r0:d');
  });

  it('reads a tie as not good', () => {
    const r = aggregateRepeats(S, [rep([B, M, K, C], 'r0'), rep([M, B, X, K], 'r1')]);
    expect(Array.from(r.outcomes)).toEqual([M, M, X, C]);
    expect(Array.from(r.from)).toEqual([1, 0, 1, 0]);
    expect(Array.from(r.asks)).toEqual([0, 0, 0, 1]);
    expect(r.flipped).toBe(4);
  });

  it('counts no flip when only the code differs, not the goodness, and is the run itself for one repetition', () => {
    const one = rep([B, M, K, X], 'r0');
    const r = aggregateRepeats(S, [one, rep([H, Outcome.HaltedUnattributable, K, C], 'r1')]);
    expect(r.flipped).toBe(0);
    expect(Array.from(r.outcomes)).toEqual([B, M, K, X]);
    const single = aggregateRepeats(S, [one]);
    expect(single.outcomes).toEqual(one.outcomes);
    expect(single.flipped).toBe(0);
  });

  it('refuses repetitions that put a scenario on different axes', () => {
    expect(() => aggregateRepeats(S, [rep([B, M, K, X], 'r0'), rep([K, M, K, X], 'r1')])).toThrow(/scenario a/);
  });

  it('flippedCount agrees with the aggregate on outcome strings', () => {
    const runs = [
      [M, H, K, X],
      [B, B, X, K],
      [B, M, C, X],
    ];
    expect(flippedCount(runs.map((r) => r.join('')))).toBe(4);
    expect(flippedCount(['4531', '5431'])).toBe(0);
    expect(flippedCount(['4', '3', '4'])).toBe(1);
  });
});

describe('discordantPairs', () => {
  it('counts good → not good as worse and the reverse as better, per axis, leaving out other scenarios', () => {
    //            a: 4→3 worse   b: 3→5 better   c: 1→2 worse   d: 7→1 better   e: 0→0   f: 6→4 better
    const base = '431700' + '6';
    const head = '352100' + '4';
    expect(discordantPairs(base, head, 'attributable')).toEqual({ worse: 1, better: 2 });
    expect(discordantPairs(base, head, 'utility')).toEqual({ worse: 1, better: 1 });
    expect(discordantPairs('', '', 'utility')).toEqual({ worse: 0, better: 0 });
    expect(() => discordantPairs('44', '4', 'attributable')).toThrow();
  });
});
