// Schemas of the AgentDojo corpus files (docs/corpora.md). Raw JSON never enters the core:
// every file goes through one of these first.
import { z } from 'zod';
import { AgentDojoSuiteSchema } from './call.js';

const Kind = z.enum(['benign', 'injection']);

const Diagnostics = z.object({
  benign_untrusted_args: z.number().int(),
  tasks_skipped: z.number().int(),
  untrusted_in_environment: z.number().int(),
  untrusted_in_neither: z.number().int(),
});
export type Diagnostics = z.infer<typeof Diagnostics>;

export const GroundTruthFileSchema = z.object({
  diagnostics: Diagnostics,
  egress_tools: z.array(z.string()),
  source: z.string(),
  scenarios: z.array(
    z.object({
      id: z.string().min(1),
      kind: Kind,
      suite: AgentDojoSuiteSchema,
      task: z.string(),
      trace: z.array(
        z.object({
          tool: z.string().min(1),
          dest: z.string(),
          args: z.array(
            z.object({
              name: z.string(),
              origin: z.enum(['prompt', 'environment', 'neither']),
              provenance: z.string(),
              text: z.string(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type GroundTruthFile = z.infer<typeof GroundTruthFileSchema>;

const Digest = z.string().regex(/^[0-9a-f]{16}$/, 'expected a 16-hex-digit output digest');

const PairStats = z.object({
  pairs: z.number().int(),
  scorable_pairs: z.number().int(),
  scorable_pairs_injection_not_before_a_call: z.number().int(),
  unscorable_pairs: z.number().int(),
  unscorable_pairs_injection_not_before_a_call: z.number().int(),
});
export type PairStats = z.infer<typeof PairStats>;

const PairScenario = z.object({
  id: z.string().min(1),
  kind: Kind,
  suite: AgentDojoSuiteSchema,
  task: z.string(),
  attack: z.string().optional(),
  trace: z.array(
    z.object({
      tool: z.string().min(1),
      dest: z.string(),
      injected: z.boolean(),
      context: z.array(Digest),
      args: z.array(z.object({ name: z.string(), provenance: z.string(), text: z.string() })),
    }),
  ),
});
export type PairScenario = z.infer<typeof PairScenario>;

const PairedCommon = {
  egress_tools: z.array(z.string()),
  outputs: z.record(Digest, z.string()),
  outputs_carrying_injection: z.array(Digest),
  scenarios: z.array(PairScenario),
  source: z.string(),
};

export const PairsFileSchema = z.object({
  ...PairedCommon,
  attack: z.string(),
  stats: PairStats,
});
export type PairsFile = z.infer<typeof PairsFileSchema>;

/** A returned-outputs sidecar: per scenario, the digest of what each step's call returned. */
export const ReturnedFileSchema = z.object({
  corpus: z.string(),
  corpus_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  returned: z.record(z.string(), z.array(Digest)),
  outputs: z.record(Digest, z.string()),
});

/** Per suite the tools as the model is told about them; per user task its prompt. */
export const SuitesFileSchema = z.object({
  source: z.string(),
  benchmark: z.string(),
  tools: z.record(
    AgentDojoSuiteSchema,
    z.array(z.object({ name: z.string().min(1), description: z.string(), parameters: z.record(z.string(), z.unknown()) })),
  ),
  prompts: z.record(z.string(), z.string()),
});
export type SuitesFile = z.infer<typeof SuitesFileSchema>;

export const AttacksFileSchema = z.object({
  ...PairedCommon,
  attacks: z.array(z.string()).min(1),
  stats: z.record(z.string(), PairStats),
  // Older exporters wrote no transform field; it then reads as identity (docs/corpora.md#the-attack-corpora).
  transform: z.string().default('identity'),
});
export type AttacksFile = z.infer<typeof AttacksFileSchema>;

// The injection slots (docs/injection-slots.md#2-data-layout-agentdojo-v12-slotsjson): how any
// payload renders into each pair's outputs and payload-dependent arguments.
const EnvRef = z.object({ env: z.string().min(1) });
/** A value template: literal strings and environment scalars, concatenated. */
const SlotValue = z.array(z.union([z.string(), EnvRef]));
const SlotOccurrence = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('yaml'), column: z.number().int().min(0), indent: z.number().int().min(0), value: SlotValue }),
  z.object({ rule: z.literal('py_repr'), value: SlotValue }),
  z.object({ rule: z.literal('raw'), value: SlotValue }),
  z.object({ rule: z.literal('len'), value: SlotValue }),
]);
export type SlotOccurrence = z.infer<typeof SlotOccurrence>;

const SlotVariant = z.object({
  /** Per step, the template of the output its call returns. */
  returned: z.array(Digest),
  /** Per step, null or its payload-dependent arguments (a list-valued argument as a list of value templates). */
  args: z.array(z.record(z.string(), z.union([SlotValue, z.array(SlotValue)])).nullable()).optional(),
});

export const SlotsFileSchema = z.object({
  source: z.string(),
  rules: z.array(z.string()),
  suites: z.record(
    AgentDojoSuiteSchema,
    z.object({ defaults: z.record(z.string(), z.string()), vector_env: z.record(z.string(), z.string()) }),
  ),
  /** Env id → the raw text between the scalar's double quotes, with the vectors it holds. */
  env: z.record(z.string(), z.array(z.union([z.string(), z.object({ vector: z.string().min(1) })]))),
  templates: z.record(Digest, z.array(z.union([z.string(), SlotOccurrence]))),
  pairs: z.record(
    z.string(),
    z.object({
      vectors: z.array(z.string()).min(1),
      user_steps: z.number().int().min(0),
      search: z.array(z.object({ step: z.number().int().min(0), query: z.string().min(1), env: z.string() })).optional(),
      variants: z.record(z.string(), SlotVariant),
    }),
  ),
  payloads: z.record(Digest, z.string()),
  corpus_payloads: z.record(z.string(), z.record(z.string(), z.record(z.string(), Digest))),
});
export type SlotsFile = z.infer<typeof SlotsFileSchema>;

// The adaptive attacker's seed injections (docs/injection-slots.md#10-seed-injections): per injection task, the
// payload of every hijack attack under every transform.
export const SeedsFileSchema = z.object({
  source: z.string(),
  /** The stand-in pipeline's name the attacks read (`local`, "Local model"). */
  pipeline: z.string(),
  /** The hijack attacks, in AgentDojo's registry order. */
  attacks: z.array(z.string().min(1)).min(1),
  /** The registry's other attacks, each with why it is no seed. */
  excluded: z.record(z.string(), z.string()),
  /** The user and model names an attack's text carries. */
  names: z.record(z.string(), z.object({ user: z.string().optional(), model: z.string().optional() })),
  transforms: z.array(z.string()).min(1),
  /** `<suite>-<injection task>` → its goal. */
  goals: z.record(z.string(), z.string()),
  /** `<suite>-<injection task>` → attack → transform → payload. */
  seeds: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.string()))),
});
export type SeedsFile = z.infer<typeof SeedsFileSchema>;
