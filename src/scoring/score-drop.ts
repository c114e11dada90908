// Evasion score drop (docs/analyses.md#evasion-score-drop): how much a readable rewrite of the injection goal lowers a
// classifier's score on the same injected tool output, and how often it crosses the threshold.
import { InputError } from '../model/errors.js';
import type { Scenario } from '../model/call.js';

/** The same injected tool output, with the goal as the attack wrote it and as the transform rewrote it. */
export interface OutputPair {
  readonly original: string;
  readonly transformed: string;
}

export interface ScoreDrop {
  Transform: string;
  N: number;
  Mean: number;
  Max: number;
  Min: number;
  Evaded: number;
}

/**
 * Join untransformed and transformed pairs by id, in sorted id order (map order once moved the means),
 * keeping, for injected steps, each context position whose transformed text carries the injection.
 */
export function joinTransform(
  transform: string,
  untransformed: readonly Scenario[],
  transformed: readonly Scenario[],
  carries: (text: string) => boolean,
): OutputPair[] {
  const byId = new Map(transformed.map((s) => [s.id, s]));
  const pairs: OutputPair[] = [];
  const ids = untransformed.filter((s) => s.kind === 'injection').sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const b of ids) {
    const t = byId.get(b.id);
    if (!t) throw new InputError(`transform ${transform}: scenario ${b.id} is missing from the transformed corpus`);
    if (t.trace.length !== b.trace.length)
      throw new InputError(`transform ${transform}: scenario ${b.id} has ${t.trace.length} steps, untransformed ${b.trace.length}`);
    b.trace.forEach((bs, i) => {
      const ts = t.trace[i]!;
      if (ts.injected !== bs.injected)
        throw new InputError(`transform ${transform}: scenario ${b.id} step ${i} differs in its injected flag`);
      if (!bs.injected) return;
      bs.call.context.forEach((text, j) => {
        const tt = ts.call.context[j];
        if (tt !== undefined && carries(tt)) pairs.push({ original: text, transformed: tt });
      });
    });
  }
  return pairs;
}

export function dropVsThreshold(
  transform: string,
  pairs: readonly OutputPair[],
  score: (text: string) => number | undefined,
  thr: number,
): ScoreDrop {
  let min = 1,
    max = -1,
    sum = 0,
    n = 0,
    evaded = 0;
  const seen = new Set<string>();
  for (const p of pairs) {
    // The first original seen for a transformed text wins.
    if (p.original === p.transformed || seen.has(p.transformed)) continue;
    seen.add(p.transformed);
    const b = score(p.original),
      t = score(p.transformed);
    if (b === undefined || t === undefined) throw new InputError(`transform ${transform}: a paired output has no score`);
    const drop = b - t;
    sum += drop;
    n++;
    min = Math.min(min, drop);
    max = Math.max(max, drop);
    if (b >= thr && t < thr) evaded++;
  }
  return n === 0
    ? { Transform: transform, N: 0, Mean: 0, Max: 0, Min: 0, Evaded: 0 }
    : { Transform: transform, N: n, Mean: sum / n, Max: max, Min: min, Evaded: evaded };
}
