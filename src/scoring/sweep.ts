// The label-error sweep (docs/analyses.md#label-error-sweep): how a provenance-based defense
// degrades when labels are wrong.
import { Provenance, type Scenario } from '../model/call.js';
import type { Defense } from '../defenses/defense.js';
import { judge } from './judge.js';
import { PCG } from './pcg.js';
import { blockRate, utilityRate } from './rates.js';
import { tally } from './tally.js';

export interface Uniform {
  float64(): number;
}

function mapArgs(scenarios: readonly Scenario[], relabel: (provenance: string) => string): Scenario[] {
  return scenarios.map((s) => ({
    ...s,
    trace: s.trace.map((st) => ({
      injected: st.injected,
      call: { ...st.call, args: st.call.args.map((a) => ({ name: a.name, provenance: relabel(a.provenance), text: a.text })) },
    })),
  }));
}

/**
 * A relabeled deep copy. Every argument takes exactly one draw, even at rate 0, in scenario, step,
 * arg order, including unscored scenarios: Go's short-circuit switch draws once per arg either way,
 * and the pinned means depend on that stream alignment.
 */
export function relabel(scenarios: readonly Scenario[], missRate: number, overRate: number, rng: Uniform): Scenario[] {
  return mapArgs(scenarios, (p) => {
    const u = rng.float64();
    if (p === Provenance.Trusted) return u < overRate ? Provenance.UntrustedWeb : p;
    return u < missRate ? Provenance.Trusted : p;
  });
}

/** Every label set to "unknown": provenance tracking switched off. */
export function stripProvenance(scenarios: readonly Scenario[]): Scenario[] {
  return mapArgs(scenarios, () => Provenance.Unknown);
}

export type SweepAxis = 'missed-taint' | 'over-taint';

export interface SweepPoint {
  rate: number;
  block_mean: number;
  block_min: number;
  block_max: number;
  utility_mean: number;
  utility_min: number;
  utility_max: number;
}

export const SWEEP_RATES = [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1] as const;
export const SWEEP_TRIALS = 100;
export const SWEEP_SEED = 20260922;

/** Replays a stream of draws already taken from a generator. */
class Replay implements Uniform {
  private i = 0;
  constructor(private readonly draws: Float64Array) {}
  float64(): number {
    return this.draws[this.i++]!;
  }
}

const argCount = (scenarios: readonly Scenario[]): number =>
  scenarios.reduce((n, s) => n + s.trace.reduce((m, st) => m + st.call.args.length, 0), 0);

// A trial's stream is the same for every rate and both axes (a new generator seeded (seed, t)), so
// it is drawn once per trial and replayed, instead of once per (axis, rate, trial).
const streamMemo = new WeakMap<readonly Scenario[], Map<string, Float64Array[]>>();

function trialStreams(scenarios: readonly Scenario[], trials: number, seed: number): Float64Array[] {
  let bySeed = streamMemo.get(scenarios);
  if (!bySeed) streamMemo.set(scenarios, (bySeed = new Map()));
  const key = `${seed}/${trials}`;
  let streams = bySeed.get(key);
  if (!streams) {
    const n = argCount(scenarios);
    streams = Array.from({ length: trials }, (_, t) => {
      const rng = new PCG(seed, t);
      const draws = new Float64Array(n);
      for (let k = 0; k < n; k++) draws[k] = rng.float64();
      return draws;
    });
    bySeed.set(key, streams);
  }
  return streams;
}

export function sweep(
  defense: Defense,
  scenarios: readonly Scenario[],
  axis: SweepAxis,
  rates: readonly number[] = SWEEP_RATES,
  trials: number = SWEEP_TRIALS,
  seed: number = SWEEP_SEED,
): SweepPoint[] {
  const streams = trialStreams(scenarios, trials, seed);
  return rates.map((rate) => {
    let bSum = 0,
      uSum = 0,
      bMin = 1,
      bMax = 0,
      uMin = 1,
      uMax = 0;
    for (let t = 0; t < trials; t++) {
      const [miss, over] = axis === 'missed-taint' ? [rate, 0] : [0, rate];
      const r = tally(defense.name, judge(defense, relabel(scenarios, miss, over, new Replay(streams[t]!))));
      // The ground-truth corpus has injections and benign tasks in every trial: both rates exist.
      const b = blockRate(r) ?? 0,
        u = utilityRate(r) ?? 0;
      bSum += b;
      uSum += u;
      bMin = Math.min(bMin, b);
      bMax = Math.max(bMax, b);
      uMin = Math.min(uMin, u);
      uMax = Math.max(uMax, u);
    }
    return {
      rate,
      block_mean: bSum / trials,
      block_min: bMin,
      block_max: bMax,
      utility_mean: uSum / trials,
      utility_min: uMin,
      utility_max: uMax,
    };
  });
}
