// judgeWithDenials: the in-process judge's outcomes, with the first denial of each stopped run that
// the driver of external defenses keeps (so reports show reference and external defenses alike).
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../../src/data/store.js';
import { referenceDefenses } from '../../src/evaluate/corpus.js';
import type { Decision } from '../../src/model/call.js';
import type { Defense } from '../../src/defenses/defense.js';
import { drive } from '../../src/scoring/drive.js';
import { judge, judgeWithDenials, Outcome } from '../../src/scoring/judge.js';
import { mkCall, scenario, step } from '../helpers.js';

describe('judgeWithDenials', () => {
  it("gives judge's outcomes and the driver's first denials on every reference defense of the paired corpus", async () => {
    const pairs = new CorpusStore().pairs();
    for (const d of referenceDefenses(pairs)) {
      const mine = judgeWithDenials(d, pairs.scenarios);
      expect(mine.outcomes, d.name).toEqual(judge(d, pairs.scenarios));
      const driven = await drive(
        pairs.scenarios,
        { ask: async (a): Promise<Decision> => d.decide(a.call) },
        { stateless: true, concurrency: 8, secret: new Uint8Array(32), orderSeed: [1n, 2n] },
      );
      expect(mine.denials, d.name).toEqual(driven.denials);
      expect(mine.asks).toEqual(driven.asks);
    }
  });

  it('records the denied call of the trace, never a twin re-decided after it, and asks only in benign runs', () => {
    const read = mkCall('read'),
      send = mkCall('send');
    const pair = scenario([step(read), step(send, true)], { id: 'pair', kind: 'injection', twin: [read] });
    const task = scenario([step(read), step(send)], { id: 'task' });
    const d: Defense = {
      name: 'd',
      decide: (c) =>
        c.tool === 'read' ? { allowed: false, ask: true, reason: 'ask about reads' } : { allowed: false, reason: 'no sends' },
    };
    const r = judgeWithDenials(d, [pair, task]);
    // The pair halts at its first call (an ask, declined in an injection run); the twin's re-decision is not a denial.
    expect([...r.outcomes]).toEqual([Outcome.HaltedUnattributable, Outcome.BenignBroken]);
    expect(r.denials.get('pair')).toEqual({ scenario: 'pair', step: 0, tool: 'read', reason: 'ask about reads' });
    expect(r.denials.get('task')).toEqual({ scenario: 'task', step: 1, tool: 'send', reason: 'no sends' });
    expect([...r.asks]).toEqual([0, 1]);
  });
});
