// A shard's part of a run (docs/shards.md): what one matrix job scored, per scenario, and the merge
// that puts the parts back together. A part records only what the defense did on each scenario of
// its shard (the outcome code, the confirmations asked, the first denial, where a recorded run was
// halted); every figure is computed by the merge from the whole corpus, exactly as an unsharded run
// computes it, so nothing a part claims about counts or rates is ever read.
import { z } from 'zod';
import type { Corpus } from '../corpora/corpus.js';
import type { Denial } from '../model/call.js';
import { InputError } from '../model/errors.js';
import { indicesIn, shardPlan } from '../scoring/shard.js';
import type { Halts } from '../scoring/trajectory.js';
import {
  AdaptiveSectionSchema,
  ComparabilityKeySchema,
  incomparable,
  OnlineSectionSchema,
  type ComparabilityKey,
  type OnlineSection,
} from './results.js';
import { buildStreams } from '../scoring/stream.js';
import type { OnlineSettings } from '../model/online.js';

export const PARTIAL_SCHEMA_VERSION = 1;

const Index = z.number().int().nonnegative();

/**
 * A shard's part of an adaptive attack (docs/shards.md#adaptive-attacks): the targets the plan gives
 * it, searched whole against every defense, and what they gave; the merge checks the plan and
 * computes every figure (tallies, the static check) from the whole attack.
 */
export const PartialAttackSchema = AdaptiveSectionSchema.pick({ iterations: true, seed: true, optimiser: true }).extend({
  /** Every target of the attack, in its order, with its cases: what the plan deals. */
  plan: z.array(z.object({ key: z.string(), size: z.number().int().positive() })).min(1),
  /** Per defense, yours first and the reference defenses after it: its outcome on each of this shard's targets, in plan order. */
  results: z
    .array(
      z.object({
        defense: z.string().max(200),
        /** Requests the defense answered in this shard's attack. */
        queries: Index,
        /**
         * Where a defense's answers are kept across batches (a stateless defense): the distinct
         * requests asked, each as 16 characters of its key's SHA-256 (base64url, sorted); the
         * merge counts their union, which is what one process asks.
         */
        requests: z.array(z.string().regex(/^[A-Za-z0-9_-]{16}$/)).optional(),
        targets: z.array(AdaptiveSectionSchema.shape.targets.element.extend({ scored: Index })),
      }),
    )
    .min(1),
  /** The benign runs slipped into this shard's attack, with their outcomes there (your defense only). */
  sentinels: z.array(z.object({ scenario: z.string(), outcome: z.number().int().min(0).max(8) })).optional(),
});
export type PartialAttack = z.infer<typeof PartialAttackSchema>;

export const PartialCorpusSchema = z.object({
  corpus: z.string(),
  version: z.string(),
  /** The corpus's scenario count: the plan is checked against it. */
  size: z.number().int().positive(),
  /** The scenarios of this shard (indices in corpus order, ascending), and per scenario what the defense did. */
  scenarios: z.array(Index),
  outcomes: z.string().regex(/^[0-8]*$/),
  asks: z.array(z.number().int().nonnegative().max(65535)),
  /** First denials, by index into `scenarios`' corpus order (reasons as the defense gave them, at most 10,000 characters). */
  denials: z.array(z.object({ at: Index, step: Index, tool: z.string(), reason: z.string().max(10_000) })),
  /** Recorded runs: the first call stopped (denied or asked about) and the first denied, -1 for none. */
  halts: z.object({ stop: z.array(z.number().int().min(-1)), deny: z.array(z.number().int().min(-1)) }).optional(),
  /** An online run: the streams this shard played (under the seed it drew), none when the plan gave it none of this corpus's. */
  online: OnlineSectionSchema.extend({ streams: z.array(OnlineSectionSchema.shape.streams.element) }).optional(),
  /** An adaptive attack (the paired corpus): this shard's targets. */
  adaptive: PartialAttackSchema.optional(),
});
export type PartialCorpus = z.infer<typeof PartialCorpusSchema>;

export const PartialResultsSchema = z.object({
  schemaVersion: z.literal(PARTIAL_SCHEMA_VERSION),
  /** Shard index (from 1) of count. */
  shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }),
  key: ComparabilityKeySchema,
  commit: z.string(),
  /** The name the report shows (the name input, else the defense's own). */
  defense: z.string().max(200),
  /** Requests sent to the defense, and the decisions its outcomes needed. */
  requests: z.object({ asked: Index, needed: Index }),
  corpora: z.array(PartialCorpusSchema).min(1),
});
export type PartialResults = z.infer<typeof PartialResultsSchema>;

/** What a shard's drive of its scenarios gave, in the order of `indices`. */
export interface ShardRun {
  readonly outcomes: Uint8Array;
  readonly asks: Uint16Array;
  readonly denials: ReadonlyMap<string, Denial>;
  readonly halts: Halts | undefined;
}

/**
 * The online streams of a sharded run: every stream of every online corpus, in corpus order and
 * each corpus's suite order, dealt in turn to shard 1, 2, …, n (0-based values). A stream is played
 * whole by one shard, a fresh defense per stream as always. The suites do not depend on the seed.
 */
export function streamPlan(corpora: readonly Corpus[], settings: OnlineSettings, count: number): Map<string, number> {
  const plan = new Map<string, number>();
  let k = 0;
  for (const corpus of corpora)
    for (const s of buildStreams(corpus.scenarios, settings)) plan.set(streamKey(corpus.name, s.suite), k++ % count);
  return plan;
}

export const streamKey = (corpus: string, suite: string): string => `${corpus}\u0000${suite}`;

/** One corpus's part: `indices` are the scenarios this shard scored, `run` what the defense did on them (same order). */
export function partialCorpus(corpus: Corpus, indices: readonly number[], run: ShardRun): PartialCorpus {
  const at = new Map(corpus.scenarios.map((s, i) => [s.id, i]));
  return {
    corpus: corpus.name,
    version: corpus.version,
    size: corpus.scenarios.length,
    scenarios: [...indices],
    outcomes: Array.from(run.outcomes).join(''),
    asks: Array.from(run.asks),
    denials: [...run.denials.values()]
      .map((d) => ({ at: at.get(d.scenario)!, step: d.step, tool: d.tool, reason: d.reason }))
      .sort((a, b) => a.at - b.at),
    ...(run.halts ? { halts: { stop: Array.from(run.halts.stop), deny: Array.from(run.halts.deny) } } : {}),
  };
}

/** The whole run put back together: per corpus, what the defense did on every scenario. */
export interface Merged {
  readonly defense: string;
  readonly commit: string;
  readonly key: ComparabilityKey;
  readonly asked: number;
  readonly needed: number;
  readonly runs: ReadonlyMap<string, ShardRun>;
  /** The online section of each corpus whose parts played streams. */
  readonly online: ReadonlyMap<string, OnlineSection>;
}

/**
 * Merge the parts of one run. Refused, naming the file at fault: a part missing, given twice or
 * from another split; parts of different runs (comparability key, commit, defense name); a part
 * whose scenarios are not its shard's under the plan (another corpus version or tool version would
 * plan differently); outcomes that do not fit the scenarios.
 */
export function mergePartials(
  corpora: readonly Corpus[],
  headKey: ComparabilityKey,
  parts: readonly { file: string; value: PartialResults }[],
): Merged {
  if (parts.length === 0) throw new InputError('merge: no partial results files were given');
  const count = parts[0]!.value.shard.count;
  const byIndex = new Map<number, { file: string; value: PartialResults }>();
  for (const p of parts) {
    const s = p.value.shard;
    if (s.count !== count)
      throw new InputError(`${p.file}: it is shard ${s.index}/${s.count}, but ${parts[0]!.file} is from a split into ${count}`);
    if (s.index > count) throw new InputError(`${p.file}: shard ${s.index}/${s.count} does not exist`);
    const twice = byIndex.get(s.index);
    if (twice) throw new InputError(`${p.file}: shard ${s.index}/${count} is given twice (also ${twice.file})`);
    byIndex.set(s.index, p);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    throw new InputError(`merge: ${missing.map((i) => `shard ${i}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`);
  const first = parts[0]!.value;
  for (const p of parts) {
    const refused = incomparable(headKey, p.value.key) ?? incomparable(p.value.key, headKey);
    if (refused) throw new InputError(`${p.file}: cannot be merged into this run: ${refused}`);
    if (p.value.commit !== first.commit)
      throw new InputError(
        `${p.file}: it was scored at commit ${p.value.commit || '(unknown)'}, ${parts[0]!.file} at ${first.commit || '(unknown)'}`,
      );
    if (p.value.defense !== first.defense)
      throw new InputError(
        `${p.file}: it scored the defense ${JSON.stringify(p.value.defense)}, ${parts[0]!.file} ${JSON.stringify(first.defense)}`,
      );
  }
  const extra = strayCorpus(byIndex, corpora);
  if (extra) throw new InputError(extra);
  const runs = new Map<string, ShardRun>();
  for (const corpus of corpora) {
    const plan = shardPlan(corpus.scenarios, count);
    const n = corpus.scenarios.length;
    const outcomes = new Uint8Array(n);
    const asks = new Uint16Array(n);
    const denials = new Map<string, Denial>();
    const trajectory = corpus.kind === 'trajectory';
    const halts: Halts = { stop: new Int32Array(n).fill(-1), deny: new Int32Array(n).fill(-1) };
    for (let index = 1; index <= count; index++) {
      const { file, value } = byIndex.get(index)!;
      const part = value.corpora.find((c) => c.corpus === corpus.name);
      if (!part) throw new InputError(`${file}: it has no part of corpus ${corpus.name}`);
      checkPart(file, corpus, part, plan, index, trajectory);
      part.scenarios.forEach((i, k) => {
        outcomes[i] = Number(part.outcomes[k]);
        asks[i] = part.asks[k]!;
        if (part.halts) {
          halts.stop[i] = part.halts.stop[k]!;
          halts.deny[i] = part.halts.deny[k]!;
        }
      });
      for (const d of part.denials) {
        const s = corpus.scenarios[d.at];
        if (!s || plan[d.at] !== index - 1)
          throw new InputError(`${file}: corpus ${corpus.name}: a denial of scenario ${d.at}, which is not in its shard`);
        if (d.step >= s.trace.length)
          throw new InputError(`${file}: corpus ${corpus.name}: a denial at step ${d.step} of ${s.id}, which has ${s.trace.length}`);
        denials.set(s.id, { scenario: s.id, step: d.step, tool: d.tool, reason: d.reason });
      }
    }
    runs.set(corpus.name, { outcomes, asks, denials: sortedDenials(corpus, denials), halts: trajectory ? halts : undefined });
  }
  const parted = [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
  const online = mergeOnline(
    corpora,
    count,
    parted.map((p) => ({ file: p.file, index: p.value.shard.index, corpora: p.value.corpora })),
  );
  return {
    defense: first.defense,
    commit: first.commit,
    key: headKey,
    asked: parted.reduce((s, p) => s + p.value.requests.asked, 0),
    needed: parted.reduce((s, p) => s + p.value.requests.needed, 0),
    runs,
    online,
  };
}

type OnlinePart = NonNullable<PartialCorpus['online']>;

/**
 * The online sections of the parts put together. Every part has one for a corpus, or none does;
 * the settings are the same but for the seed each job drew; each part holds exactly the streams
 * the plan gives its shard, and each stream is the one its part's seed builds (a part cannot pick
 * its streams). The merged settings keep the first part's seed, and under `seeds` the seed of each
 * suite whose part drew another, so the streams can be rebuilt from the results alone.
 */
function mergeOnline(
  corpora: readonly Corpus[],
  count: number,
  parts: readonly { file: string; index: number; corpora: readonly PartialCorpus[] }[],
): Map<string, OnlineSection> {
  const sections = corpora.map((c) => parts.map((p) => ({ ...p, online: p.corpora.find((x) => x.corpus === c.name)!.online })));
  const withOnline = corpora.filter((_, k) => sections[k]!.some((p) => p.online));
  const out = new Map<string, OnlineSection>();
  if (withOnline.length === 0) return out;
  const first = sections.flat().find((p) => p.online)!;
  const settingsOf = (o: OnlinePart) => JSON.stringify({ ...o.settings, seed: undefined, seeds: undefined });
  const plan = streamPlan(withOnline, first.online!.settings as OnlineSettings, count);
  corpora.forEach((corpus, k) => {
    const ps = sections[k]!;
    if (!ps.some((p) => p.online)) return;
    if (corpus.kind !== 'paired' && corpus.kind !== 'trajectory')
      throw new InputError(
        `${ps.find((p) => p.online)!.file}: online streams of corpus ${corpus.name}, which has none (pairs and agentdyn… do)`,
      );
    const lacking = ps.find((p) => !p.online);
    if (lacking) throw new InputError(`${lacking.file}: it has no online streams of corpus ${corpus.name}, ${first.file} has`);
    const streams: OnlineSection['streams'] = [];
    const seeds: Record<string, string> = {};
    const learns = new Set<boolean>();
    for (const p of ps) {
      const o = p.online!;
      const where = `${p.file}: corpus ${corpus.name}: online`;
      if (settingsOf(o) !== settingsOf(first.online!) || o.settings.seeds !== undefined)
        throw new InputError(`${where}: its settings are not those of ${first.file} (only the seed may differ)`);
      if (o.vaccine !== first.online!.vaccine) throw new InputError(`${where}: its vaccine is not that of ${first.file}`);
      const planned = buildStreams(corpus.scenarios, o.settings as OnlineSettings).filter(
        (s) => plan.get(streamKey(corpus.name, s.suite)) === p.index - 1,
      );
      const given = o.streams.map((s) => s.suite);
      if (given.join('\0') !== planned.map((s) => s.suite).join('\0'))
        throw new InputError(
          `${where}: it played ${given.join(', ') || 'no stream'}, the plan gives shard ${p.index} ${planned.map((s) => s.suite).join(', ') || 'none'}`,
        );
      o.streams.forEach((s, i) => {
        const ids = planned[i]!.episodes.map((e) => corpus.scenarios[e.scenario]!.id);
        if (s.episodes.join('\0') !== ids.join('\0'))
          throw new InputError(`${where}: its ${s.suite} stream is not the one its seed ${o.settings.seed} builds`);
        if (o.settings.seed !== first.online!.settings.seed) seeds[s.suite] = o.settings.seed;
        streams.push(s);
      });
      if (o.streams.length > 0) learns.add(o.learns);
    }
    if (learns.size > 1) throw new InputError(`corpus ${corpus.name}: the parts' defense learns in some streams and not in others`);
    const order = buildStreams(corpus.scenarios, first.online!.settings as OnlineSettings).map((s) => s.suite);
    streams.sort((a, b) => order.indexOf(a.suite) - order.indexOf(b.suite));
    // In the order a run's own settings have (run/online.ts onlineSettings): the merged file is the unsharded one, byte for byte.
    const f = first.online!.settings;
    const ordered = order.filter((suite) => seeds[suite] !== undefined).map((suite) => [suite, seeds[suite]!] as const);
    const settings = {
      attacks: f.attacks,
      benign: f.benign,
      window: f.window,
      seed: f.seed,
      budgets: { attack_success: f.budgets.attack_success, false_positive: f.budgets.false_positive },
      ...(ordered.length > 0 ? { seeds: Object.fromEntries(ordered) } : {}),
    };
    out.set(corpus.name, { settings, learns: [...learns][0] ?? false, vaccine: first.online!.vaccine, streams });
  });
  return out;
}

function checkPart(file: string, corpus: Corpus, part: PartialCorpus, plan: Uint16Array, index: number, trajectory: boolean): void {
  const where = `${file}: corpus ${corpus.name}`;
  if (part.version !== corpus.version || part.size !== corpus.scenarios.length)
    throw new InputError(
      `${where}: it is version ${part.version.slice(0, 12)} of ${part.size} scenarios, not ${corpus.version.slice(0, 12)} of ${corpus.scenarios.length}`,
    );
  const expected = indicesIn(plan, index);
  if (part.scenarios.length !== expected.length || part.scenarios.some((i, k) => i !== expected[k]))
    throw new InputError(
      `${where}: its scenarios are not those of shard ${index} under the plan (${part.scenarios.length} given, ${expected.length} planned)`,
    );
  const m = expected.length;
  if (part.outcomes.length !== m || part.asks.length !== m)
    throw new InputError(`${where}: ${part.outcomes.length} outcomes and ${part.asks.length} confirmation counts for ${m} scenarios`);
  if (trajectory !== (part.halts !== undefined) || (part.halts && (part.halts.stop.length !== m || part.halts.deny.length !== m)))
    throw new InputError(
      `${where}: ${trajectory ? 'the halts of its recorded runs are missing or do not fit its scenarios' : 'halts given for a corpus of no recorded runs'}`,
    );
}

/** A part with a corpus this run does not score. */
function strayCorpus(
  byIndex: ReadonlyMap<number, { file: string; value: PartialResults }>,
  corpora: readonly Corpus[],
): string | undefined {
  const names = new Set(corpora.map((c) => c.name));
  for (const { file, value } of byIndex.values()) {
    const extra = value.corpora.find((c) => !names.has(c.corpus));
    if (extra) return `${file}: it has a part of corpus ${extra.corpus}, which this run does not score`;
    if (new Set(value.corpora.map((c) => c.corpus)).size !== value.corpora.length) return `${file}: a corpus appears twice`;
  }
  return undefined;
}

/** Denials in corpus order, as one unsharded drive keys them (a Map's order shows in nothing, but keep it stable). */
function sortedDenials(corpus: Corpus, denials: ReadonlyMap<string, Denial>): Map<string, Denial> {
  const out = new Map<string, Denial>();
  for (const s of corpus.scenarios) {
    const d = denials.get(s.id);
    if (d) out.set(s.id, d);
  }
  return out;
}
