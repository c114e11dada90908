// Progress lines of a long run: none for a run shorter than the interval, at most one per interval
// for a long one, the figures and ETA right on hand-checked numbers, and the driver feeding them.
import { describe, expect, it } from 'vitest';
import { clock, grouped, Progress, progressLine, type ProgressObserver } from '../../src/scoring/progress.js';
import { drive, type Asker } from '../../src/scoring/drive.js';
import { isUnscored } from '../../src/scoring/judge.js';
import { CorpusStore } from '../../src/data/store.js';
import { referenceDefenses } from '../../src/evaluate/corpus.js';

/** A clock the test moves by hand, and a tracker writing into a list. */
function tracker(interval: number, label = 'pairs, my-defense') {
  let t = 1_000_000; // any origin: the tracker only reads differences
  const lines: string[] = [];
  const p = new Progress({ label, interval, now: () => t, sink: (l) => lines.push(l) });
  return { p, lines, at: (ms: number) => (t = 1_000_000 + ms) };
}

describe('progress lines', () => {
  it('formats counts, rates and times', () => {
    expect(grouped(0)).toBe('0');
    expect(grouped(999)).toBe('999');
    expect(grouped(1498)).toBe('1,498');
    expect(grouped(1234567)).toBe('1,234,567');
    expect(clock(0)).toBe('0:00');
    expect(clock(42.4)).toBe('0:42');
    expect(clock(131.8)).toBe('2:12');
    expect(clock(3723)).toBe('1:02:03');
  });

  it('says what is scored, scenarios done of the total, decisions, their rate and the ETA from the scenario rate', () => {
    // 50 s in: 412 of 1498 scenarios, 3090 decisions → 61.8 decisions/s; 1086 left at 412/50 s → 131.8 s.
    expect(progressLine('pairs, my-defense', 412, 1498, 3090, 50)).toBe(
      'progress: pairs, my-defense: 412/1,498 scenarios (27.5%), 3,090 decisions, 61.8 decisions/s, ETA 2:12',
    );
    // 2 h in, half done: another 2 h.
    expect(progressLine('attacks, d', 5000, 10000, 40000, 7200)).toBe(
      'progress: attacks, d: 5,000/10,000 scenarios (50.0%), 40,000 decisions, 5.6 decisions/s, ETA 2:00:00',
    );
  });

  it('says "ETA unknown" until a scenario is done', () => {
    const { p, lines, at } = tracker(10);
    p.start(10);
    at(10_000);
    p.decided(5);
    expect(lines).toEqual(['progress: pairs, my-defense: 0/10 scenarios (0.0%), 5 decisions, 0.5 decisions/s, ETA unknown']);
  });

  it('writes nothing for a run that ends within the first interval, however many decisions', () => {
    const { p, lines, at } = tracker(10);
    p.start(100);
    for (let i = 1; i <= 1000; i++) {
      at(i * 9.9);
      p.decided();
      if (i % 10 === 0) p.scenariosDone();
    }
    expect(lines).toEqual([]);
  });

  it('writes at most one line per interval on a long run, never one per decision', () => {
    const { p, lines, at } = tracker(10);
    const duration = 95_000;
    p.start(1000);
    for (let i = 1; i <= 10_000; i++) {
      at((i * duration) / 10_000);
      p.decided();
      if (i % 10 === 0) p.scenariosDone();
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(duration / 10_000));
    expect(lines).toHaveLength(9);
    // The first line at 10 s: 1,053 decisions (9.5 ms each, 10 s / 9.5 ms = 1052.6…), 105 scenarios.
    expect(lines[0]).toBe('progress: pairs, my-defense: 105/1,000 scenarios (10.5%), 1,053 decisions, 105.3 decisions/s, ETA 1:25');
  });

  it('is silent with an interval of 0', () => {
    const { p, lines, at } = tracker(0);
    p.start(2);
    at(60_000);
    p.decided();
    p.scenariosDone();
    expect(lines).toEqual([]);
  });

  it('makes a defense-given name one line', () => {
    const { p, lines, at } = tracker(1, 'pairs, evil\nprogress: pairs, fake\u0007 done');
    p.start(1);
    at(1000);
    p.scenariosDone();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^progress: pairs, evil progress: pairs, fake done: 1\/1 scenarios/);
  });
});

describe('drive tells its progress', () => {
  const corpus = new CorpusStore().pairs();
  const defense = referenceDefenses(corpus).find((d) => d.name === 'flow-guard')!;
  const asker: Asker = { ask: async (a) => defense.decide(a.call) };
  const scored = corpus.scenarios.filter((s) => !isUnscored(s)).length;
  const secrets = { secret: new Uint8Array(32).fill(3), orderSeed: [3n, 7n] as const };

  /** Counts what the driver reports, and feeds a tracker whose clock moves 1 s per reading. */
  function observed(interval: number) {
    let t = 0;
    const lines: string[] = [];
    const tracker = new Progress({ label: 'pairs, flow-guard', interval, now: () => (t += 1000), sink: (l) => lines.push(l) });
    const seen = { total: -1, decisions: 0, done: 0 };
    const observer: ProgressObserver = {
      start: (n) => ((seen.total = n), tracker.start(n)),
      decided: (n = 1) => ((seen.decisions += n), tracker.decided(n)),
      scenariosDone: (n = 1) => ((seen.done += n), tracker.scenariosDone(n)),
    };
    return { observer, lines, seen, elapsed: () => t - 1000 };
  }

  for (const stateless of [true, false]) {
    it(`${stateless ? 'stateless' : 'stateful'}: every scored scenario done, one decision per request, lines bounded by the interval`, async () => {
      const o = observed(200);
      const r = await drive(corpus.scenarios, asker, { stateless, concurrency: 8, ...secrets, progress: o.observer });
      expect(o.seen.total).toBe(scored);
      expect(o.seen.done).toBe(scored);
      expect(o.seen.decisions).toBe(r.asked);
      expect(o.lines.length).toBeGreaterThan(0);
      expect(o.lines.length).toBeLessThanOrEqual(Math.ceil(o.elapsed() / 200_000));
      const shape = new RegExp(`^progress: pairs, flow-guard: [\\d,]+/${grouped(scored)} scenarios \\(\\d+\\.\\d%\\), [\\d,]+ decisions, `);
      for (const l of o.lines) expect(l).toMatch(shape);
    });
  }

  it('without a progress option, asks the same requests', async () => {
    const o = observed(200);
    const a = await drive(corpus.scenarios, asker, { stateless: true, concurrency: 8, ...secrets });
    const b = await drive(corpus.scenarios, asker, { stateless: true, concurrency: 8, ...secrets, progress: o.observer });
    expect([...b.outcomes]).toEqual([...a.outcomes]);
    expect(b.asked).toBe(a.asked);
  });
});
