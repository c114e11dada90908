// Shards (docs/shards.md): which part of a corpus, and of an adaptive attack's targets, each of n
// jobs scores. The plan is a function of the corpus alone, so every shard job and the merge job
// compute the same one and the merge can check each part against it. A unit of work is never
// split: a pair goes with its benign twin (the attribution rule reads the twin's own run), every
// other scenario stands alone, an attack target is searched whole. Units are dealt longest first
// to the least loaded shard (calls to decide as the load), ties to the lower shard, so the parts
// are close in size and the plan is the same on every machine.
import type { Scenario } from '../model/call.js';
import { twinId } from '../corpora/ids.js';

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The most shards a run is split into: a GitHub Actions matrix holds at most 256 jobs. */
export const MAX_SHARDS = 256;

/** The scenario indices of each unit: a benign scenario with the pairs whose twin it is, or one scenario. */
export function shardUnits(scenarios: readonly Scenario[]): number[][] {
  const at = new Map(scenarios.map((s, i) => [s.id, i]));
  const unitOf = new Map<number, number[]>();
  const units: number[][] = [];
  scenarios.forEach((s, i) => {
    const twin = s.kind === 'injection' && s.twin.length > 0 ? twinId(s.id) : undefined;
    const head = twin === undefined ? i : (at.get(twin) ?? i);
    let unit = unitOf.get(head);
    if (!unit) {
      unit = [];
      unitOf.set(head, unit);
      units.push(unit);
    }
    unit.push(i);
  });
  // A twin listed after its pairs joins the unit its pairs opened; keep each unit in corpus order.
  return units.map((u) => u.sort((a, b) => a - b));
}

/** The shard (0-based) of every scenario. */
export function shardPlan(scenarios: readonly Scenario[], count: number): Uint16Array {
  const units = shardUnits(scenarios);
  const cost = (u: readonly number[]) => u.reduce((n, i) => n + scenarios[i]!.trace.length + scenarios[i]!.twin.length, 0);
  const shardOf = deal(units.map(cost), count);
  const plan = new Uint16Array(scenarios.length);
  units.forEach((u, k) => {
    for (const i of u) plan[i] = shardOf[k]!;
  });
  return plan;
}

/**
 * The shard (0-based) of every target of an adaptive attack, in the attack's target order. A target
 * is searched whole by one shard (its candidates build on each other). Every target scores the
 * same seeds and iterations on each of its cases, so the calls of its cases are its cost.
 */
export function targetPlan(targets: readonly { readonly cases: readonly Scenario[] }[], count: number): Uint16Array {
  return deal(
    targets.map((t) => t.cases.reduce((n, s) => n + s.trace.length, 0)),
    count,
  );
}

/** Units dealt longest first to the least loaded shard, ties to the earlier unit and the lower shard. */
function deal(costs: readonly number[], count: number): Uint16Array {
  const order = costs.map((cost, k) => ({ k, cost })).sort((a, b) => b.cost - a.cost || a.k - b.k);
  const load = new Array<number>(count).fill(0);
  const plan = new Uint16Array(costs.length);
  for (const { k, cost } of order) {
    let best = 0;
    for (let j = 1; j < count; j++) if (load[j]! < load[best]!) best = j;
    load[best]! += cost;
    plan[k] = best;
  }
  return plan;
}

/** The scenario indices shard `shard` scores, ascending. */
export function shardIndices(scenarios: readonly Scenario[], shard: Shard): number[] {
  return indicesIn(shardPlan(scenarios, shard.count), shard.index);
}

/** The indices a plan gives shard `index` (from 1), ascending. */
export function indicesIn(plan: Uint16Array, index: number): number[] {
  const out: number[] = [];
  plan.forEach((j, i) => {
    if (j === index - 1) out.push(i);
  });
  return out;
}

/** `i/n` as given to `shard` / `--shard`: 1 ≤ i ≤ n ≤ MAX_SHARDS, plain decimal. */
export function parseShard(raw: string): Shard | string {
  const m = /^([1-9]\d{0,2})\/([1-9]\d{0,2})$/.exec(raw.trim());
  if (!m) return `${JSON.stringify(raw)} must be i/n, e.g. 2/8 (shard i of n, counting from 1)`;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count > MAX_SHARDS) return `${JSON.stringify(raw)}: at most ${MAX_SHARDS} shards`;
  if (index > count) return `${JSON.stringify(raw)}: shard ${index} of ${count} does not exist`;
  return { index, count };
}
