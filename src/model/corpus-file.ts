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
