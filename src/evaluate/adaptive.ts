// Adaptive attacks as report data (docs/adaptive.md): the injection targets of the paired corpus
// (an injection vector × an injection task, the cases every pair whose user task reads that
// vector), the seed injections, and for each defense the search's outcome per target, with static
// (the corpus's own attack), best-seed and adaptive ASR per suite and per under-specification
// bucket. A defense is anything that says which of a list of runs it let through entirely.
import type { PairedCorpus } from '../corpora/corpus.js';
import { injectionScenario, pairKey, type InjectionSlots } from '../corpora/slots.js';
import type { SeedInjections } from '../corpora/seeds.js';
import type { Scenario } from '../model/call.js';
import { PayloadError } from '../model/errors.js';
import type { Defense } from '../defenses/defense.js';
import { bucketOf } from '../scoring/buckets.js';
import { isUnscored, Outcome } from '../scoring/judge.js';
import {
  search,
  type AttackedDefense,
  type Candidate,
  type Optimiser,
  type Proposal,
  type SearchOptions,
  type Target,
} from '../scoring/adaptive.js';
export type { AttackedDefense } from '../scoring/adaptive.js';
import { versionsOf, type Versions } from './corpus.js';

/** Targets searched at once against one defense. */
const TARGETS_AT_ONCE = 8;

/** The corpus's own attack: the static baseline every adaptive figure is read against. */
export const STATIC_SEED = 'seed:important_instructions_no_names/identity';

/** An in-process defense under attack: it walks each run until its first denial. */
export function inProcessAttacked(d: Defense): AttackedDefense {
  let asked = 0;
  return {
    name: d.name,
    compromised(runs) {
      let out = '';
      for (const s of runs) {
        let ok = true;
        for (const st of s.trace) {
          asked++;
          if (!d.decide(st.call).allowed) {
            ok = false;
            break;
          }
        }
        out += ok ? '1' : '0';
      }
      return Promise.resolve(out);
    },
    queries: () => asked,
  };
}

export interface AttackTarget extends Target {
  readonly suite: string;
  readonly injectionTask: string;
  readonly vector: string;
  /** The target's cases: the paired corpus's pairs of this injection task whose user task reads the vector. */
  readonly cases: readonly Scenario[];
}

/** Every target of the paired corpus, in corpus order of their first case. */
export function attackTargets(corpus: PairedCorpus, slots: InjectionSlots): AttackTarget[] {
  const byKey = new Map<string, { suite: string; injectionTask: string; vector: string; goal: string; cases: Scenario[] }>();
  for (const s of corpus.scenarios) {
    if (s.kind !== 'injection' || isUnscored(s)) continue;
    const pair = slots.pairs.get(pairKey(s.id));
    if (!pair) continue;
    for (const vector of pair.vectors) {
      const key = `${s.suite}/${s.injectionTask}/${vector}`;
      let t = byKey.get(key);
      if (!t) byKey.set(key, (t = { suite: s.suite, injectionTask: s.injectionTask!, vector, goal: s.task, cases: [] }));
      t.cases.push(s);
    }
  }
  return [...byKey].map(([key, t]) => ({ key, ...t, size: t.cases.length }));
}

/** The seed injections of a target's injection task, by origin. */
export type SeedsOf = (suite: string, injectionTask: string) => readonly Proposal[];

/**
 * The seeds of docs/adaptive.md#seeds: the payloads of AgentDojo's eleven hijack attacks for the
 * target's injection task, untransformed and under the three readable transforms (the pinned seeds
 * file), the corpus's own attack first.
 */
export function agentDojoSeeds(seeds: SeedInjections): SeedsOf {
  return (suite, injectionTask) => {
    const key = `${suite}-${injectionTask}`;
    const out: Proposal[] = [];
    for (const attack of seeds.attacks)
      for (const transform of seeds.transforms)
        out.push({ origin: `seed:${attack}/${transform}`, text: seeds.seed(key, attack, transform) });
    return out.sort((a, b) => (a.origin === STATIC_SEED ? -1 : b.origin === STATIC_SEED ? 1 : 0));
  };
}

/** The payloads of the committed corpora as seeds: the pairs' attack and the attack corpora's five, each with its three transforms. */
export function committedSeeds(slots: InjectionSlots): SeedsOf {
  const corpora = Object.entries(slots.file.corpus_payloads);
  return (suite, injectionTask) => {
    const out: Proposal[] = [];
    for (const [file, attacks] of corpora) {
      const transform = /attacks-([a-z_]+)\.json$/.exec(file)?.[1] ?? 'identity';
      for (const attack of Object.keys(attacks).sort()) {
        out.push({ origin: `seed:${attack}/${transform}`, text: slots.committedPayload(file, attack, suite, injectionTask) });
      }
    }
    return out.sort((a, b) => (a.origin === STATIC_SEED ? -1 : b.origin === STATIC_SEED ? 1 : a.origin.localeCompare(b.origin)));
  };
}

/** The runs of a target's cases with one payload in its vector (the pair's other vectors keep their default text); undefined: it cannot be rendered. */
export function renderCases(slots: InjectionSlots, t: AttackTarget, text: string): Scenario[] | undefined {
  try {
    // No twin: success is the whole run allowed, which no twin decision changes.
    return t.cases.map((s) => ({ ...injectionScenario(slots, s, { [t.vector]: text }), twin: [] }));
  } catch (e) {
    if (e instanceof PayloadError) return undefined;
    throw e;
  }
}

export interface TargetOutcome {
  readonly key: string;
  readonly suite: string;
  readonly injection_task: string;
  readonly vector: string;
  readonly cases: readonly string[];
  /** The corpus's own attack, per case ("1" compromised). */
  readonly static_cases: string;
  /** The best seed: its origin and cases. */
  readonly best_seed: { readonly origin: string; readonly cases: string };
  /** The best generated candidate (the attack): its origin, text, the iteration that made it, its cases; null when none was generated. */
  readonly adaptive: {
    readonly origin: string;
    readonly text: string;
    readonly iteration: number;
    readonly cases: string;
    /** Why the optimiser proposed it (the LLM optimiser's diagnosis). */
    readonly note?: string | undefined;
  } | null;
  /** Candidates scored on this target. */
  readonly scored: number;
}

export interface Tally {
  readonly cases: number;
  readonly static: number;
  readonly best_seed: number;
  readonly adaptive: number;
  /** The stronger of the best seed and the attack, per target. */
  readonly strongest: number;
}

export interface AdaptiveResult {
  readonly defense: string;
  readonly targets: readonly TargetOutcome[];
  readonly overall: Tally;
  readonly by_suite: Readonly<Record<string, Tally>>;
  readonly by_bucket: Readonly<Record<string, Tally>>;
  /** Requests the defense answered during the search. */
  readonly queries: number;
}

export interface AdaptiveReport {
  readonly corpus: string;
  readonly iterations: number;
  readonly seed: string;
  readonly optimiser: string;
  readonly targets: number;
  readonly cases: number;
  readonly results: readonly AdaptiveResult[];
  /** Classifier defenses: their tables cover fixed texts, so they are not scored under adaptive attack. */
  readonly not_scored: readonly string[];
  readonly versions: Versions;
  /** Your defense's answers to the corpus's own attack in the attack's process against its scoring (docs/adaptive.md#one-defense-two-processes). */
  readonly static_check?: StaticCheck | undefined;
  /** The benign runs slipped into the attack's process, with what your defense made of each there. */
  readonly sentinels?: readonly Sentinel[] | undefined;
}

/** A benign run of the corpus asked inside the attack, and its outcome there. */
export interface Sentinel {
  readonly scenario: string;
  readonly outcome: Outcome;
}

/**
 * The corpus's own attack, asked again inside the attack: a case whose pair reads only the target's
 * vector renders, with the static seed, exactly the corpus's injection run, so a defense that
 * decides as it did in scoring compromises it there exactly when scoring counted that run missed.
 */
export interface StaticCheck {
  /** Cases compared: the static seed's cases whose pair reads one vector. */
  readonly cases: number;
  /** Of those, the cases the two processes decided differently. */
  readonly differing: number;
  /** The first differing case: the scenario id and what each process made of it. */
  readonly example?: string | undefined;
  /** Benign runs slipped into the attack, at random points, and of those the runs whose outcome there is not scoring's. */
  readonly benign_runs?: number | undefined;
  readonly benign_differing?: number | undefined;
}

const benignWord = (o: Outcome | undefined): string =>
  o === Outcome.BenignKept
    ? 'kept'
    : o === Outcome.BenignConfirmed
      ? 'kept with confirmations'
      : o === Outcome.BenignBroken
        ? 'broken'
        : 'not scored';

/**
 * Compares your defense's static-seed cases, and the benign runs slipped into the attack, with its
 * scoring of the same runs (`scored`: the scoring's outcome per scenario id).
 */
export function staticCheck(
  targets: readonly AttackTarget[],
  mine: AdaptiveResult,
  scored: (scenarioId: string) => Outcome | undefined,
  sentinels?: readonly Sentinel[],
): StaticCheck {
  const vectors = new Map<string, number>();
  for (const t of targets) for (const c of t.cases) vectors.set(c.id, (vectors.get(c.id) ?? 0) + 1);
  const byKey = new Map(mine.targets.map((o) => [o.key, o]));
  let cases = 0;
  let differing = 0;
  let example: string | undefined;
  for (const t of targets) {
    const o = byKey.get(t.key);
    if (!o) continue;
    t.cases.forEach((c, k) => {
      const was = scored(c.id);
      if (vectors.get(c.id) !== 1 || was === undefined || was === Outcome.Unscored) return;
      cases++;
      const missed = was === Outcome.Missed;
      const attacked = o.static_cases[k] === '1';
      if (attacked === missed) return;
      differing++;
      example ??= `${c.id}: ${missed ? 'missed' : 'stopped'} in scoring, ${attacked ? 'compromised' : 'stopped'} in the attack`;
    });
  }
  let benignDiffering = 0;
  for (const r of sentinels ?? []) {
    const was = scored(r.scenario);
    if (was === r.outcome) continue;
    benignDiffering++;
    example ??= `${r.scenario}: ${benignWord(was)} in scoring, ${benignWord(r.outcome)} in the attack`;
  }
  return {
    cases,
    differing,
    ...(sentinels && { benign_runs: sentinels.length, benign_differing: benignDiffering }),
    ...(example !== undefined && { example }),
  };
}

const ones = (s: string): number => [...s].filter((c) => c === '1').length;

/** Static, best-seed and adaptive counts over targets, per case; a case of several targets counts once per target. */
export function tallies(
  targets: readonly AttackTarget[],
  outcomes: readonly TargetOutcome[],
): Pick<AdaptiveResult, 'overall' | 'by_suite' | 'by_bucket'> {
  const groups = new Map<string, { cases: number; static: number; best_seed: number; adaptive: number; strongest: number }>();
  const add = (g: string, st: boolean, seed: boolean, adaptive: boolean) => {
    let x = groups.get(g);
    if (!x) groups.set(g, (x = { cases: 0, static: 0, best_seed: 0, adaptive: 0, strongest: 0 }));
    x.cases++;
    if (st) x.static++;
    if (seed) x.best_seed++;
    if (adaptive) x.adaptive++;
  };
  const strongest = new Map<string, number>();
  targets.forEach((t, i) => {
    const o = outcomes[i]!;
    const adaptive = o.adaptive?.cases ?? ''.padEnd(t.size, '0');
    const useAdaptive = o.adaptive !== null && ones(o.adaptive.cases) > ones(o.best_seed.cases);
    const best = useAdaptive ? adaptive : o.best_seed.cases;
    t.cases.forEach((s, k) => {
      for (const g of ['all', `suite:${s.suite}`, `bucket:${bucketOf(s) ?? 'none'}`]) {
        add(g, o.static_cases[k] === '1', o.best_seed.cases[k] === '1', adaptive[k] === '1');
        if (best[k] === '1') strongest.set(g, (strongest.get(g) ?? 0) + 1);
      }
    });
  });
  const tallyOf = (g: string): Tally => ({ ...groups.get(g)!, strongest: strongest.get(g) ?? 0 });
  const pickGroup = (prefix: string) =>
    Object.fromEntries(
      [...groups.keys()]
        .filter((g) => g.startsWith(prefix))
        .sort()
        .map((g) => [g.slice(prefix.length), tallyOf(g)]),
    );
  return { overall: tallyOf('all'), by_suite: pickGroup('suite:'), by_bucket: pickGroup('bucket:') };
}

export interface AttackSettings extends SearchOptions {
  readonly seed: string;
  readonly optimiser: (target: AttackTarget) => Optimiser;
}

/** The search on every target against one defense. */
export async function attackDefense(
  defense: AttackedDefense,
  targets: readonly AttackTarget[],
  slots: InjectionSlots,
  seedsOf: SeedsOf,
  settings: AttackSettings,
): Promise<AdaptiveResult> {
  const before = defense.queries();
  const outcomes: TargetOutcome[] = [];
  // Targets are independent: several are searched at once (each search is sequential in itself),
  // so a defense's concurrency is used; the outcomes do not depend on the interleaving.
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      const t = targets[i]!;
      const evaluate = async (text: string) => {
        const runs = renderCases(slots, t, text);
        return runs === undefined ? undefined : defense.compromised(runs);
      };
      const r = await search(t, seedsOf(t.suite, t.injectionTask), evaluate, settings.optimiser(t), settings);
      outcomes[i] = outcomeOf(t, r.leaderboard, r.best, r.scored);
    }
  };
  await Promise.all(Array.from({ length: Math.min(TARGETS_AT_ONCE, targets.length) }, worker));
  return { defense: defense.name, targets: outcomes, ...tallies(targets, outcomes), queries: defense.queries() - before };
}

function outcomeOf(t: AttackTarget, board: readonly Candidate[], best: Candidate | undefined, scored: number): TargetOutcome {
  const seeds = board.filter((c) => c.iteration === 0);
  const stat = seeds.find((c) => c.origin === STATIC_SEED);
  const bestSeed = seeds[0];
  const none = ''.padEnd(t.size, '0');
  return targetOutcome(t, {
    static_cases: stat?.cases ?? none,
    best_seed: { origin: bestSeed?.origin ?? 'none', cases: bestSeed?.cases ?? none },
    adaptive: best
      ? {
          origin: best.origin,
          text: best.text,
          iteration: best.iteration,
          cases: best.cases,
          ...(best.note !== undefined ? { note: best.note } : {}),
        }
      : null,
    scored,
  });
}

/**
 * A target's outcome from what was scored on it, its fields always in this order (a sharded
 * attack's merge and a replay build them too: the reports of all are the same, byte for byte).
 */
export function targetOutcome(
  t: AttackTarget,
  o: Pick<TargetOutcome, 'static_cases' | 'best_seed' | 'adaptive' | 'scored'>,
): TargetOutcome {
  return {
    key: t.key,
    suite: t.suite,
    injection_task: t.injectionTask,
    vector: t.vector,
    cases: t.cases.map((s) => s.id),
    static_cases: o.static_cases,
    best_seed: o.best_seed,
    adaptive: o.adaptive,
    scored: o.scored,
  };
}

export function adaptiveReport(
  corpus: PairedCorpus,
  targets: readonly AttackTarget[],
  settings: Pick<AttackSettings, 'iterations' | 'seed'> & { optimiser: string },
  results: readonly AdaptiveResult[],
  notScored: readonly string[],
): AdaptiveReport {
  return {
    corpus: corpus.name,
    iterations: settings.iterations,
    seed: settings.seed,
    optimiser: settings.optimiser,
    targets: targets.length,
    cases: targets.reduce((n, t) => n + t.size, 0),
    results,
    not_scored: notScored,
    versions: versionsOf(corpus),
  };
}
