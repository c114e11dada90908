// What both shells run for an adaptive attack (docs/adaptive.md): the targets and seeds of the
// paired corpus, the search against your defense (one process for the whole search: the attacker
// is a client of the defense like any agent) and against the reference defenses on the same
// targets, or a replay of saved winning payloads without searching.
import { createHash, randomInt } from 'node:crypto';
import type { Corpus, PairedCorpus } from '../corpora/corpus.js';
import { InputError } from '../model/errors.js';
import type { CorpusStore } from '../data/store.js';
import {
  adaptiveReport,
  attackDefense,
  attackTargets,
  agentDojoSeeds,
  inProcessAttacked,
  renderCases,
  STATIC_SEED,
  staticCheck,
  tallies,
  targetOutcome,
  type AdaptiveReport,
  type AdaptiveResult,
  type AttackTarget,
  type Sentinel,
  type SeedsOf,
  type TargetOutcome,
} from '../evaluate/adaptive.js';
import { referenceDefenses } from '../evaluate/corpus.js';
import { isUnscored, Outcome } from '../scoring/judge.js';
import { mutationOptimiser, type AttackedDefense, type Optimiser } from '../scoring/adaptive.js';
import type { AdaptiveSection } from '../gate/results.js';
import type { InjectionSlots } from '../corpora/slots.js';
import { attackedDefense, openDefense, type DefenseSpec, type OpenOptions } from '../adapters/index.js';

export const DEFAULT_ADAPTIVE_SEED = '1';
/** Leaders shown to the optimiser, as AutoDojo shows them. */
export const ADAPTIVE_TOP = 5;

export interface AdaptiveOptions {
  readonly iterations: number;
  readonly seed: string;
  /** A factory of the optimiser for one target; the seeded mutation optimiser by default. */
  readonly optimiser?: { readonly name: string; make(target: AttackTarget, seed: bigint): Optimiser };
}

/** The corpus an adaptive attack runs on: only the paired corpus's outputs can be re-rendered with a new payload. */
export function checkAdaptiveCorpus(corpus: Corpus): PairedCorpus {
  if (corpus.kind !== 'paired')
    throw new InputError(
      corpus.kind === 'trajectory'
        ? `an adaptive attack needs outputs it can re-render: ${corpus.name}'s recorded runs are fixed agent behaviour, out of its scope`
        : `an adaptive attack runs on the paired corpus (pairs), not on ${corpus.name}: the attack corpora's attacks are among its seeds`,
    );
  return corpus;
}

/** A target's optimiser seed: the run's seed with a word of the target key's SHA-256, so targets search independently. */
export function targetSeed(seed: string, key: string): bigint {
  return BigInt(seed) ^ createHash('sha256').update(key).digest().readBigUInt64BE(0);
}

const mutation = { name: 'mutation', make: (_t: AttackTarget, seed: bigint) => mutationOptimiser(seed) };

export interface AdaptiveInputs {
  readonly corpus: PairedCorpus;
  readonly slots: InjectionSlots;
  readonly targets: readonly AttackTarget[];
  readonly seeds: SeedsOf;
}

export function adaptiveInputs(corpus: Corpus, store: CorpusStore): AdaptiveInputs {
  const paired = checkAdaptiveCorpus(corpus);
  const slots = store.slots();
  return { corpus: paired, slots, targets: attackTargets(paired, slots), seeds: agentDojoSeeds(store.seeds()) };
}

/** The search against each defense, yours first when given. */
/** One attacked batch in this many brings a benign run of the corpus along (docs/adaptive.md#one-defense-two-processes). */
export const SENTINEL_EVERY = 10;

/**
 * Your defense with benign runs slipped in: at random (a secret draw, not the attack's seed, so
 * nothing predicts when), one batch in SENTINEL_EVERY also asks a benign run of the corpus, afresh
 * and beside the batch. `done()` gives each such run's outcome once the attack is over.
 */
export function withSentinels(
  mine: AttackedDefense,
  corpus: PairedCorpus,
  draw: (n: number) => number = (n) => randomInt(n),
): { attacked: AttackedDefense; done(): Promise<Sentinel[]> } {
  const benign = corpus.scenarios.filter((s) => s.kind === 'benign' && !isUnscored(s));
  const pending: Promise<Sentinel>[] = [];
  const probe = mine.probe?.bind(mine);
  const attacked: AttackedDefense = {
    name: mine.name,
    queries: () => mine.queries(),
    compromised(runs) {
      if (probe && benign.length > 0 && draw(SENTINEL_EVERY) === 0) {
        const s = benign[draw(benign.length)]!;
        pending.push(probe([s]).then((o) => ({ scenario: s.id, outcome: o[0] as Outcome })));
      }
      return mine.compromised(runs);
    },
  };
  return { attacked, done: () => Promise.all(pending) };
}

/** Your defense (with benign runs slipped in, where it can be asked afresh) and the reference defenses; `finish` adds the benign runs' outcomes to the report. */
function attackedDefenses(
  corpus: PairedCorpus,
  mine: AttackedDefense | undefined,
): { defenses: AttackedDefense[]; finish(report: AdaptiveReport): Promise<AdaptiveReport> } {
  const sentinels = mine?.probe && withSentinels(mine, corpus);
  return {
    defenses: [...(mine ? [sentinels ? sentinels.attacked : mine] : []), ...referenceDefenses(corpus).map(inProcessAttacked)],
    finish: async (report) => (sentinels ? { ...report, sentinels: await sentinels.done() } : report),
  };
}

export async function adaptiveAttack(inputs: AdaptiveInputs, opts: AdaptiveOptions, mine?: AttackedDefense): Promise<AdaptiveReport> {
  const optimiser = opts.optimiser ?? mutation;
  const settings = {
    iterations: opts.iterations,
    top: ADAPTIVE_TOP,
    seed: opts.seed,
    optimiser: (t: AttackTarget) => optimiser.make(t, targetSeed(opts.seed, t.key)),
  };
  const { defenses, finish } = attackedDefenses(inputs.corpus, mine);
  const results: AdaptiveResult[] = [];
  for (const d of defenses) results.push(await attackDefense(d, inputs.targets, inputs.slots, inputs.seeds, settings));
  const report = adaptiveReport(
    inputs.corpus,
    inputs.targets,
    attackSettings({ mode: 'search', options: opts }),
    results,
    classifierNames(),
  );
  return finish(report);
}

/**
 * Your defense under attack: a fresh process (or module instance) of it, as the attack always has,
 * closed once `body` is done (docs/adaptive.md#one-defense-two-processes).
 */
export async function withAttackedDefense<T>(
  spec: DefenseSpec,
  open: OpenOptions,
  corpus: PairedCorpus,
  body: (mine: AttackedDefense) => Promise<T>,
): Promise<T> {
  const defense = await openDefense(spec, open);
  try {
    return await body(attackedDefense(defense, corpus));
  } finally {
    await defense.close();
  }
}

/** How an attack runs: a search, or a replay of a results file's saved winners (`where` names the file in errors). */
export type AttackHow =
  | { readonly mode: 'search'; readonly options: AdaptiveOptions }
  | { readonly mode: 'replay'; readonly saved: AdaptiveSection; readonly where: string };

/** The search or the replay, against your defense first when given. */
export function attack(inputs: AdaptiveInputs, how: AttackHow, mine?: AttackedDefense): Promise<AdaptiveReport> {
  return how.mode === 'search' ? adaptiveAttack(inputs, how.options, mine) : replayAttack(inputs, how.saved, how.where, mine);
}

/** The targets an attack scores, in its order: the inputs' for a search, the saved section's for a replay. */
export function attackedTargets(inputs: AdaptiveInputs, how: AttackHow): AttackTarget[] {
  return how.mode === 'search' ? [...inputs.targets] : savedTargets(inputs, how.saved, how.where);
}

/** The settings an attack's report and results record: a replay searches nothing. */
export function attackSettings(how: AttackHow): { iterations: number; seed: string; optimiser: string } {
  return how.mode === 'search'
    ? { iterations: how.options.iterations, seed: how.options.seed, optimiser: (how.options.optimiser ?? mutation).name }
    : { iterations: 0, seed: how.saved.seed, optimiser: `replay of ${how.saved.optimiser}` };
}

/** The classifier defenses: fixed texts in their tables, so never re-scored (docs/adaptive.md#what-is-not-scored). */
export const classifierNames = (): string[] => ['the classifier defenses over the pinned score tables'];

/** A results file's adaptive section, from your defense's result. */
export function adaptiveSection(report: AdaptiveReport, mine: AdaptiveResult): AdaptiveSection {
  return {
    iterations: report.iterations,
    seed: report.seed,
    optimiser: report.optimiser,
    queries: mine.queries,
    targets: mine.targets.map((t) => ({
      key: t.key,
      static_cases: t.static_cases,
      best_seed: t.best_seed,
      adaptive: t.adaptive,
    })),
    ...(report.static_check && { static_check: report.static_check }),
  };
}

/**
 * The report with your defense's static check: its scoring's outcomes on the paired corpus
 * (`outcomes` in the corpus's scenario order) against the static seed's cases in the attack.
 */
export function withStaticCheck(report: AdaptiveReport, inputs: AdaptiveInputs, outcomes: Uint8Array): AdaptiveReport {
  const mine = report.results[0];
  if (!mine) return report;
  const byId = new Map(inputs.corpus.scenarios.map((s, i) => [s.id, outcomes[i] as Outcome]));
  return { ...report, static_check: staticCheck(inputs.targets, mine, (id) => byId.get(id), report.sentinels) };
}

/**
 * Replay (no search): the saved winners of each target (its best seed and its attack) re-scored
 * against the defenses, as static, best-seed and adaptive figures. A target the file does not
 * name, or names with other cases, is an input error: the file is of another corpus version.
 */
export async function replayAttack(
  inputs: AdaptiveInputs,
  saved: AdaptiveSection,
  where: string,
  mine?: AttackedDefense,
): Promise<AdaptiveReport> {
  const targets = savedTargets(inputs, saved, where);
  const { defenses, finish } = attackedDefenses(inputs.corpus, mine);
  const results: AdaptiveResult[] = [];
  for (const d of defenses) {
    const before = d.queries();
    const outcomes: TargetOutcome[] = [];
    for (const [i, t] of targets.entries()) {
      const s = saved.targets[i]!;
      const score = async (text: string | undefined) => {
        const runs = text === undefined ? undefined : renderCases(inputs.slots, t, text);
        return runs === undefined ? ''.padEnd(t.size, '0') : d.compromised(runs);
      };
      const seeds = inputs.seeds(t.suite, t.injectionTask);
      const seedText = (origin: string) => seeds.find((x) => x.origin === origin)?.text;
      outcomes.push(
        targetOutcome(t, {
          static_cases: await score(seedText(STATIC_SEED)),
          best_seed: { origin: s.best_seed.origin, cases: await score(seedText(s.best_seed.origin)) },
          adaptive: s.adaptive && { ...s.adaptive, cases: await score(s.adaptive.text) },
          scored: 3,
        }),
      );
    }
    results.push({ defense: d.name, targets: outcomes, ...tallies(targets, outcomes), queries: d.queries() - before });
  }
  const report = adaptiveReport(inputs.corpus, targets, attackSettings({ mode: 'replay', saved, where }), results, classifierNames());
  return finish(report);
}

/** A replay's targets: the saved section's, in its order; one the corpus does not have is an input error (another corpus version). */
function savedTargets(inputs: AdaptiveInputs, saved: AdaptiveSection, where: string): AttackTarget[] {
  const byKey = new Map(inputs.targets.map((t) => [t.key, t]));
  return saved.targets.map((s) => {
    const t = byKey.get(s.key);
    if (!t || t.size !== s.static_cases.length)
      throw new InputError(`${where}: target ${s.key} is not one of this corpus's targets (another corpus version?)`);
    return t;
  });
}

/** A report of your defense alone from a results file's section (the companion renders a fork's comment from it). */
export function reportFromSection(inputs: AdaptiveInputs, section: AdaptiveSection, defense: string): AdaptiveReport {
  const targets = savedTargets(inputs, section, "the results' adaptive section");
  const outcomes = section.targets.map((s, i) => targetOutcome(targets[i]!, { ...s, scored: 0 }));
  const mine: AdaptiveResult = { defense, targets: outcomes, ...tallies(targets, outcomes), queries: section.queries };
  return adaptiveReport(
    inputs.corpus,
    targets,
    { iterations: section.iterations, seed: section.seed, optimiser: section.optimiser },
    [mine],
    classifierNames(),
  );
}
