// The results file the action writes (results-path), caches and reads back as the base commit's results. It is
// versioned, and carries the comparability key: results are only compared with results of the same
// corpus versions, tool version and defense name.
import { z } from 'zod';
import type { Corpus } from '../corpora/corpus.js';
import type { Denial } from '../model/call.js';
import { ScoredResultSchema } from '../model/result.js';
import { groupIndices } from '../scoring/compare.js';
import { scored } from '../scoring/rates.js';
import { tally } from '../scoring/tally.js';
import { breakdowns } from '../scoring/buckets.js';
import { trajectoryCounts, type Halts } from '../scoring/trajectory.js';

export const RESULTS_SCHEMA_VERSION = 1;

const Counts = ScoredResultSchema;

/** A recorded-run corpus's effect counts (scoring/trajectory.ts), from which its ASR and utilities are derived. */
const TrajectoryCountsSchema = z.object({
  attacked: z.number().int().nonnegative(),
  attack_success_undefended: z.number().int().nonnegative(),
  attack_success: z.number().int().nonnegative(),
  utility_under_attack: z.number().int().nonnegative(),
  benign: z.number().int().nonnegative(),
  benign_utility_undefended: z.number().int().nonnegative(),
  benign_utility: z.number().int().nonnegative(),
  benign_utility_confirmed: z.number().int().nonnegative(),
});

const Count = z.number().int().nonnegative();

/** One stream of an online run (scoring/stream.ts StreamCounts). */
const StreamCountsSchema = z.object({
  attacks: Count,
  attack_success: Count,
  task_success: Count,
  benign: Count,
  benign_kept: Count,
  benign_kept_confirmed: Count,
  confirmations: Count,
  labels: z.object({ attack_success: Count, false_positive: Count, blocked_attack: Count }),
  attack_outcomes: z.string().regex(/^[01]*$/),
});

const Seed = z
  .string()
  .regex(/^\d{1,20}$/)
  .refine((x) => BigInt(x) < 2n ** 64n, 'must be a 64-bit unsigned integer');

/**
 * An online run (docs/online.md): the settings and seed the streams were built from, each stream's
 * episodes (scenario ids in play order) and what the defense did on it. The streams can be rebuilt
 * from the settings and the corpus, and the metrics recomputed from the counts.
 */
export const OnlineSectionSchema = z.object({
  settings: z.object({
    attacks: z.number().int().positive(),
    benign: Count,
    seed: Seed,
    /** Per suite, a seed of its own (a sharded run's jobs each drew one: docs/shards.md). */
    seeds: z.record(z.string(), Seed).optional(),
    window: z.number().int().positive(),
    budgets: z.object({ attack_success: Count, false_positive: Count }),
  }),
  /** Feedback was sent: the defense declared that it learns. */
  learns: z.boolean(),
  /** SHA-256 of the vaccine file each stream started from; null: none. */
  vaccine: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  streams: z.array(z.object({ suite: z.string(), episodes: z.array(z.string()), counts: StreamCountsSchema })).min(1),
});
export type OnlineSection = z.infer<typeof OnlineSectionSchema>;

const CaseString = z.string().regex(/^[01]*$/);

/**
 * An adaptive attack on this corpus (docs/adaptive.md): per injection target, which cases the
 * corpus's own attack, the best seed and the attack (the best generated candidate, with its text)
 * compromised. A replay re-scores these payloads without searching.
 */
export const AdaptiveSectionSchema = z.object({
  iterations: Count,
  seed: z.string().regex(/^\d{1,20}$/),
  optimiser: z.string().max(200),
  /** Requests your defense answered during the search. */
  queries: Count,
  targets: z
    .array(
      z.object({
        key: z.string(),
        static_cases: CaseString,
        best_seed: z.object({ origin: z.string(), cases: CaseString }),
        adaptive: z
          .object({ origin: z.string(), text: z.string(), iteration: Count, cases: CaseString, note: z.string().max(2000).optional() })
          .nullable(),
      }),
    )
    .min(1),
  /** The corpus's own attack, asked in the attack's process, against its scoring (docs/adaptive.md#one-defense-two-processes). */
  static_check: z
    .object({
      cases: Count,
      differing: Count,
      benign_runs: Count.optional(),
      benign_differing: Count.optional(),
      example: z.string().max(2000).optional(),
    })
    .optional(),
});
export type AdaptiveSection = z.infer<typeof AdaptiveSectionSchema>;

export const CorpusResultSchema = z.object({
  corpus: z.string(),
  /** The corpus's kind (corpora/corpus.ts): how its outcome codes read. Absent in files written before it was recorded. */
  kind: z.enum(['bundled', 'ground-truth', 'paired', 'attacks', 'trajectory']).optional(),
  /** The benchmark version the corpus was derived under (AgentDojo v1.2, AgentDyn v1.2.2). */
  benchmark: z.string().optional(),
  /** The corpus version: its file's SHA-256, or a digest over every file it reads (docs/corpora.md#the-manifest-and-corpus-versions). */
  version: z.string(),
  result: Counts,
  by_suite: z.record(z.string(), Counts),
  /** Under-specification bucket and attack class breakdowns (docs/analyses.md), where they apply. */
  by_bucket: z.record(z.string(), Counts).optional(),
  by_attack_class: z.record(z.string(), Counts).optional(),
  /** Recorded runs of several models: per model. */
  by_model: z.record(z.string(), Counts).optional(),
  /** Recorded runs: the effect counts (ASR with and without the defense, utilities), overall and per model. */
  trajectory: z.object({ result: TrajectoryCountsSchema, by_model: z.record(z.string(), TrajectoryCountsSchema).optional() }).optional(),
  /** One outcome code (judge.ts Outcome) per scenario, in corpus order: lets two runs be diffed. */
  outcomes: z.string().regex(/^[0-8]*$/),
  /**
   * Every repetition's outcomes when the corpus was scored more than once (repeat: N,
   * docs/scoring.md#repetitions-and-paired-significance); `outcomes` is then their aggregate.
   */
  repeats: z
    .object({
      n: z.number().int().min(2).max(100),
      outcomes: z
        .array(z.string().regex(/^[0-8]*$/))
        .min(2)
        .max(100),
    })
    .refine((r) => r.outcomes.length === r.n, 'must hold n outcome strings')
    .optional(),
  /** The online run on this corpus, when one was asked for. */
  online: OnlineSectionSchema.optional(),
  /** The adaptive attack on this corpus, when one was asked for. */
  adaptive: AdaptiveSectionSchema.optional(),
  /** The first denial of each benign task the defense broke (reasons cut at 200 characters). */
  broken: z.array(z.object({ scenario: z.string(), step: z.number().int(), tool: z.string(), reason: z.string().max(201) })).optional(),
});
export type CorpusResult = z.infer<typeof CorpusResultSchema>;

export const ComparabilityKeySchema = z.object({
  tool_version: z.string(),
  /** The name results are compared under: the workflow's name input, else its comment key (never the defense's own name). */
  defense: z.string(),
  /** corpus name → version. */
  corpora: z.record(z.string(), z.string()),
});
export type ComparabilityKey = z.infer<typeof ComparabilityKeySchema>;

export const RunResultsSchema = z.object({
  schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
  key: ComparabilityKeySchema,
  /** The commit the defense was scored at ('' when unknown). */
  commit: z.string(),
  corpora: z.array(CorpusResultSchema).min(1),
});
export type RunResults = z.infer<typeof RunResultsSchema>;

export function keyOf(
  defense: string,
  toolVersion: string,
  corpora: readonly Pick<CorpusResult, 'corpus' | 'version'>[],
): ComparabilityKey {
  return { tool_version: toolVersion, defense, corpora: Object.fromEntries(corpora.map((c) => [c.corpus, c.version])) };
}

/** Why two results cannot be compared, or undefined when they can. */
export function incomparable(head: ComparabilityKey, base: ComparabilityKey): string | undefined {
  if (head.defense !== base.defense)
    return `it was scored under the name ${JSON.stringify(base.defense)}, not ${JSON.stringify(head.defense)} (the name input, else the comment key)`;
  if (head.tool_version !== base.tool_version) return `it was made by agent-defense-eval ${base.tool_version}, not ${head.tool_version}`;
  for (const [corpus, version] of Object.entries(head.corpora)) {
    const b = base.corpora[corpus];
    if (b === undefined) return `it has no results for corpus ${corpus}`;
    if (b !== version) return `its corpus ${corpus} is version ${b.slice(0, 12)}, not ${version.slice(0, 12)}`;
  }
  return undefined;
}

/**
 * Why a base's outcomes cannot be paired scenario by scenario with these corpora (significance,
 * verdict.ts): a corpus of the same version with another number of outcomes. Undefined when they can
 * (a corpus of another version is refused by the comparability key instead).
 */
export function unpaired(base: RunResults, corpora: readonly Pick<Corpus, 'name' | 'version' | 'scenarios'>[]): string | undefined {
  for (const c of corpora) {
    const b = base.corpora.find((x) => x.corpus === c.name);
    if (b && b.version === c.version && b.outcomes.length !== c.scenarios.length)
      return `it holds ${b.outcomes.length} outcomes on ${c.name}, which has ${c.scenarios.length} scenarios: they cannot be paired scenario by scenario`;
  }
  return undefined;
}

/** One corpus's entry from a defense's per-scenario outcomes (judge, or drive for an external defense). */
export function corpusResult(
  corpus: Corpus,
  defense: string,
  outcomes: Uint8Array,
  broken?: readonly Denial[],
  /** Per scenario, the confirmations a defense asked for (protocol v2's ask). */
  asks?: Uint16Array,
  /** Recorded runs: where the defense halted each (scoring/trajectory.ts). */
  halts?: Halts,
): CorpusResult {
  const grouped = (key: (s: Corpus['scenarios'][number]) => string | undefined) =>
    Object.fromEntries([...groupIndices(corpus.scenarios, key)].map(([k, idx]) => [k, scored(tally(defense, outcomes, idx, asks))]));
  const extra = breakdowns(corpus);
  const models = corpus.kind === 'trajectory' && corpus.models.length > 1 ? corpus : undefined;
  const modelOf = models && new Map(corpus.scenarios.map((s, i) => [s, models.runs[i]!.model]));
  const trajectory =
    corpus.kind === 'trajectory' && halts
      ? {
          result: trajectoryCounts(corpus.scenarios, halts),
          ...(modelOf
            ? {
                by_model: Object.fromEntries(
                  [...groupIndices(corpus.scenarios, (s) => modelOf.get(s))].map(([m, idx]) => [
                    m,
                    trajectoryCounts(corpus.scenarios, halts, idx),
                  ]),
                ),
              }
            : {}),
        }
      : undefined;
  return {
    corpus: corpus.name,
    kind: corpus.kind,
    benchmark: corpus.benchmark,
    version: corpus.version,
    result: scored(tally(defense, outcomes, undefined, asks)),
    by_suite: grouped((s) => s.suite),
    ...(extra.by_bucket ? { by_bucket: grouped(extra.by_bucket) } : {}),
    ...(extra.by_attack_class ? { by_attack_class: grouped(extra.by_attack_class) } : {}),
    ...(modelOf ? { by_model: grouped((s) => modelOf.get(s)) } : {}),
    ...(trajectory ? { trajectory } : {}),
    outcomes: Array.from(outcomes).join(''),
    ...(broken ? { broken: broken.map((d) => ({ ...d, reason: d.reason.length > 200 ? `${d.reason.slice(0, 200)}…` : d.reason })) } : {}),
  };
}
