// What both shells do with a shard's part of a run (docs/shards.md) beyond scoring it: play the
// online streams and attack the adaptive targets the plan deals the shard, say what the part
// holds, read the parts back for the merge, and put the attack back together.
import { createHash } from 'node:crypto';
import type { Corpus } from '../corpora/corpus.js';
import { InputError } from '../model/errors.js';
import type { Outcome } from '../scoring/judge.js';
import { targetPlan, type Shard } from '../scoring/shard.js';
import type { AttackedDefense } from '../scoring/adaptive.js';
import {
  adaptiveReport,
  tallies,
  targetOutcome,
  type AdaptiveReport,
  type AdaptiveResult,
  type AttackTarget,
  type Sentinel,
  type TargetOutcome,
} from '../evaluate/adaptive.js';
import { referenceDefenses } from '../evaluate/corpus.js';
import {
  attack,
  attackedTargets,
  attackSettings,
  classifierNames,
  withStaticCheck,
  type AdaptiveInputs,
  type AttackHow,
} from './adaptive.js';
import type { OnlineSettings } from '../model/online.js';
import { partialFiles, readValidated } from '../data/files.js';
import { PartialResultsSchema, streamKey, streamPlan, type PartialAttack, type PartialResults } from '../gate/shard.js';
import type { DefenseSpec, OpenOptions } from '../adapters/index.js';
import { playUserDefense, withOnlineSections } from './online.js';

/**
 * The part with the online streams the plan gives its shard, each played whole by a fresh defense
 * under `settings` (the seed this job drew, recorded in the part; the merge keeps each stream's).
 */
export async function playShardStreams(
  spec: DefenseSpec,
  corpora: readonly Corpus[],
  settings: OnlineSettings,
  open: OpenOptions,
  part: PartialResults,
  shard: Shard,
  vaccine?: { path: string; sha256: string },
): Promise<PartialResults> {
  const plan = streamPlan(corpora, settings, shard.count);
  const mine = (corpus: string, suite: string) => plan.get(streamKey(corpus, suite)) === shard.index - 1;
  const played = await playUserDefense(spec, corpora, settings, open, part.defense, vaccine, mine);
  return withOnlineSections(part, (c) => played.get(c)?.section);
}

/** "scored shard 2/8 of my-defense (scenarios: pairs 131/1046, …): 440 requests for 612 decisions; adaptive attack on pairs: 28 of 223 targets, 21000 queries". */
export function shardLine(part: PartialResults): string {
  const sizes = part.corpora.map((c) => `${c.corpus} ${c.scenarios.length}/${c.size}`).join(', ');
  const { index, count } = part.shard;
  const attacks = part.corpora.flatMap((c) => {
    const a = c.adaptive;
    return a
      ? [`; adaptive attack on ${c.corpus}: ${a.results[0]!.targets.length} of ${a.plan.length} targets, ${a.results[0]!.queries} queries`]
      : [];
  });
  return `scored shard ${index}/${count} of ${part.defense} (scenarios: ${sizes}): ${part.requests.asked} requests for ${part.requests.needed} decisions${attacks.join('')}`;
}

/** The online streams a part played, "pairs travel, pairs slack", or "none". */
export function playedStreams(part: PartialResults): string {
  return part.corpora.flatMap((c) => (c.online?.streams ?? []).map((x) => `${c.corpus} ${x.suite}`)).join(', ') || 'none';
}

/** The parts named (a directory stands for every .json file under it), each read and schema-checked; `where` names one in errors. */
export function readParts(paths: readonly string[], where: (path: string) => string): { file: string; value: PartialResults }[] {
  return partialFiles(paths, where).map((file) => ({
    file: where(file),
    value: readValidated(file, PartialResultsSchema, where(file)).value,
  }));
}

/**
 * This shard's part of an adaptive attack (docs/shards.md#adaptive-attacks): the targets the plan
 * deals it, each searched (or replayed) whole, against your defense (`mine`, its own process, as an
 * unsharded attack has) and the reference defenses; the benign runs slipped in come along.
 */
export async function attackShard(inputs: AdaptiveInputs, how: AttackHow, mine: AttackedDefense, shard: Shard): Promise<PartialAttack> {
  const all = attackedTargets(inputs, how);
  const plan = targetPlan(all, shard.count);
  const keys = new Set(all.filter((_, i) => plan[i] === shard.index - 1).map((t) => t.key));
  const report = await attack(
    how.mode === 'search' ? { ...inputs, targets: all.filter((t) => keys.has(t.key)) } : inputs,
    how.mode === 'search' ? how : { ...how, saved: { ...how.saved, targets: how.saved.targets.filter((t) => keys.has(t.key)) } },
    mine,
  );
  return {
    ...attackSettings(how),
    plan: all.map((t) => ({ key: t.key, size: t.size })),
    results: report.results.map((r, i) => ({
      defense: r.defense,
      queries: r.queries,
      ...(i === 0 && mine.distinct ? { requests: [...mine.distinct()].map(requestDigest).sort() } : {}),
      targets: r.targets.map((t) => ({
        key: t.key,
        static_cases: t.static_cases,
        best_seed: t.best_seed,
        adaptive: t.adaptive,
        scored: t.scored,
      })),
    })),
    ...(report.sentinels ? { sentinels: report.sentinels.map((x) => ({ scenario: x.scenario, outcome: x.outcome })) } : {}),
  };
}

/** The part with this shard's part of the attack on `corpus`. */
export function withAttackPart(part: PartialResults, corpus: string, attack: PartialAttack): PartialResults {
  return { ...part, corpora: part.corpora.map((c) => (c.corpus === corpus ? { ...c, adaptive: attack } : c)) };
}

/** A request key as a part keeps it: 96 bits of its SHA-256 (a collision among a million keys has odds below 10^-16). */
const requestDigest = (key: string): string => createHash('sha256').update(key).digest('base64url').slice(0, 16);

/**
 * The adaptive attack of a sharded run put back together, or undefined when the parts attacked
 * nothing. Refused, naming the file: parts that attacked different corpora or targets, or under
 * other settings; a part whose targets are not its shard's under the plan, or whose defenses are
 * not the run's (yours, then the reference defenses); results that do not fit the targets. Every
 * figure is the merge's: the tallies over every target, your defense's queries (the union of the
 * parts' distinct requests where answers are kept across batches, as one process asks them once;
 * else their sum), and the static check against the merged scoring (`outcomes`, corpus order).
 * `expected`: the merge job's own attack inputs, which the parts must have been run under.
 */
export function mergeAttack(
  corpora: readonly Corpus[],
  parts: readonly { file: string; value: PartialResults }[],
  inputsOf: (corpus: Corpus) => AdaptiveInputs,
  outcomesOf: (corpus: string) => Uint8Array,
  expected?: ExpectedAttack,
): { corpus: string; report: AdaptiveReport } | undefined {
  const ordered = [...parts].sort((a, b) => a.value.shard.index - b.value.shard.index);
  const corpus = attackedCorpus(corpora, ordered, expected);
  if (!corpus) return undefined;
  const inputs = inputsOf(corpus);
  const of = ordered.map((p) => ({
    file: p.file,
    index: p.value.shard.index,
    a: p.value.corpora.find((x) => x.corpus === corpus.name)!.adaptive,
  }));
  const lacking = of.find((p) => !p.a);
  if (lacking)
    throw new InputError(`${lacking.file}: it has no part of the adaptive attack on ${corpus.name}, ${of.find((p) => p.a)!.file} has`);
  const first = { file: of[0]!.file, a: of[0]!.a! };
  const fa = first.a;
  const targets = plannedTargets(corpus, inputs, first, expected);
  const plan = targetPlan(targets, ordered[0]!.value.shard.count);
  const names = [ordered[0]!.value.defense, ...referenceDefenses(corpus).map((d) => d.name)];
  const outcomes: TargetOutcome[][] = names.map(() => []);
  const queries = names.map(() => 0);
  const requests = new Set<string>();
  const keeps = new Set<boolean>();
  const sentinels: Sentinel[] = [];
  const benign = new Set(corpus.scenarios.filter((s) => s.kind === 'benign').map((s) => s.id));
  for (const p of of) {
    const a = p.a!;
    const where = `${p.file}: the adaptive attack on ${corpus.name}`;
    if (a.iterations !== fa.iterations || a.seed !== fa.seed || a.optimiser !== fa.optimiser)
      throw new InputError(`${where}: its settings are not those of ${first.file}`);
    if (JSON.stringify(a.plan) !== JSON.stringify(fa.plan)) throw new InputError(`${where}: its targets are not those of ${first.file}`);
    const given = a.results.map((r) => r.defense);
    if (given.join('\0') !== names.join('\0'))
      throw new InputError(
        `${where}: it attacked ${given.map((n) => JSON.stringify(n)).join(', ')}, not ${names.map((n) => JSON.stringify(n)).join(', ')}`,
      );
    const mine = targets.filter((_, i) => plan[i] === p.index - 1);
    a.results.forEach((r, d) => {
      outcomes[d]!.push(...shardOutcomes(where, r, mine, p.index));
      queries[d]! += r.queries;
      if (d > 0 && r.requests) throw new InputError(`${where}: requests kept for the reference defense ${JSON.stringify(r.defense)}`);
      if (d > 0) return;
      keeps.add(r.requests !== undefined);
      if (r.requests && r.requests.length !== r.queries)
        throw new InputError(`${where}: ${r.requests.length} distinct requests for ${r.queries} queries`);
      for (const x of r.requests ?? []) requests.add(x);
    });
    if ((a.sentinels !== undefined) !== (fa.sentinels !== undefined))
      throw new InputError(`${where}: benign runs were slipped into some parts' attacks and not into others`);
    for (const x of a.sentinels ?? []) {
      if (!benign.has(x.scenario))
        throw new InputError(`${where}: a benign run of ${JSON.stringify(x.scenario)}, which is not a benign task of ${corpus.name}`);
      sentinels.push({ scenario: x.scenario, outcome: x.outcome as Outcome });
    }
  }
  if (keeps.size > 1)
    throw new InputError(`${corpus.name}: the parts' defense kept its answers across batches in some parts and not in others`);
  // In plan order, as one process's attack lists them.
  const order = new Map(targets.map((t, i) => [t.key, i]));
  const results: AdaptiveResult[] = names.map((defense, d) => {
    const os = outcomes[d]!.sort((x, y) => order.get(x.key)! - order.get(y.key)!);
    return { defense, targets: os, ...tallies(targets, os), queries: d === 0 && keeps.has(true) ? requests.size : queries[d]! };
  });
  const report = adaptiveReport(
    inputs.corpus,
    targets,
    { iterations: fa.iterations, seed: fa.seed, optimiser: fa.optimiser },
    results,
    classifierNames(),
  );
  const withSentinels = fa.sentinels ? { ...report, sentinels } : report;
  return { corpus: corpus.name, report: withStaticCheck(withSentinels, inputs, outcomesOf(corpus.name)) };
}

/** The merge job's own attack inputs (the action's), which the parts must have been made under; `where` names them. */
type ExpectedAttack = { readonly where: string; readonly how: AttackHow; readonly inputs: AdaptiveInputs };

/** The corpus the parts attacked (the paired corpus, the one a run attacks), or undefined when they attacked none. */
function attackedCorpus(
  corpora: readonly Corpus[],
  ordered: readonly { file: string; value: PartialResults }[],
  expected: ExpectedAttack | undefined,
): Corpus | undefined {
  const attacked = corpora.filter((c) => ordered.some((p) => p.value.corpora.find((x) => x.corpus === c.name)?.adaptive));
  if (attacked.length === 0) {
    if (expected) throw new InputError(`${expected.where}: the parts attacked nothing: give the shard jobs the same attack inputs`);
    return undefined;
  }
  const stray = attacked.find((c) => c.kind !== 'paired') ?? attacked[1];
  if (stray) {
    const file = ordered.find((p) => p.value.corpora.find((x) => x.corpus === stray.name)?.adaptive)!.file;
    throw new InputError(`${file}: an adaptive attack on ${stray.name}: one attack, on the paired corpus (pairs), is all a run has`);
  }
  return attacked[0];
}

/** The attack's targets, in its order, as the first part names them: the corpus's, and the merge job's own when it has inputs. */
function plannedTargets(
  corpus: Corpus,
  inputs: AdaptiveInputs,
  first: { file: string; a: PartialAttack },
  expected: ExpectedAttack | undefined,
): AttackTarget[] {
  const fa = first.a;
  if (expected) {
    const want = attackSettings(expected.how);
    const keys = attackedTargets(expected.inputs, expected.how).map((t) => t.key);
    if (fa.iterations !== want.iterations || fa.seed !== want.seed || fa.optimiser !== want.optimiser)
      throw new InputError(
        `${expected.where}: the parts attacked with ${fa.iterations} iterations, seed ${fa.seed} (${fa.optimiser}), this job's inputs give ${want.iterations}, seed ${want.seed} (${want.optimiser}): give the merge job the shard jobs' attack inputs`,
      );
    if (keys.join('\0') !== fa.plan.map((x) => x.key).join('\0'))
      throw new InputError(
        `${expected.where}: the parts attacked ${fa.plan.length} targets, this job's inputs give ${keys.length}: give the merge job the shard jobs' attack inputs`,
      );
  }
  const byKey = new Map(inputs.targets.map((t) => [t.key, t]));
  const targets = fa.plan.map((x) => {
    const t = byKey.get(x.key);
    if (!t || t.size !== x.size)
      throw new InputError(`${first.file}: adaptive target ${x.key} is not one of ${corpus.name}'s targets (another corpus version?)`);
    return t;
  });
  if (new Set(targets).size !== targets.length) throw new InputError(`${first.file}: an adaptive target appears twice in its plan`);
  return targets;
}

/** One defense's outcomes on a shard's targets (`mine`, plan order), checked against them. */
function shardOutcomes(where: string, r: PartialAttack['results'][number], mine: readonly AttackTarget[], index: number): TargetOutcome[] {
  if (r.targets.map((t) => t.key).join('\0') !== mine.map((t) => t.key).join('\0'))
    throw new InputError(
      `${where}: ${JSON.stringify(r.defense)}'s targets are not those of shard ${index} under the plan (${r.targets.length} given, ${mine.length} planned)`,
    );
  return r.targets.map((o, k) => {
    const t = mine[k]!;
    const fits = (c: string) => c.length === t.size;
    if (!fits(o.static_cases) || !fits(o.best_seed.cases) || (o.adaptive !== null && !fits(o.adaptive.cases)))
      throw new InputError(`${where}: target ${t.key} has ${t.size} cases, its results do not`);
    return targetOutcome(t, o);
  });
}
