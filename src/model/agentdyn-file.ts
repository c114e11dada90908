// Schemas of the AgentDyn files (docs/agentdyn.md#files): the suites, the shared outputs table,
// one trajectory corpus per model, and the context rows. Raw JSON never enters the core: every
// file goes through one of these first.
import { z } from 'zod';
import { AgentDynSuiteSchema } from './call.js';

const Digest = z.string().regex(/^[0-9a-f]{16}$/, 'expected a 16-hex-digit output digest');

const Tool = z.object({ name: z.string().min(1), description: z.string(), parameters: z.record(z.string(), z.unknown()) });

const EgressRow = z.object({
  tool: z.string().min(1),
  egress: z.boolean(),
  /** The arguments whose values are the call's destination. */
  dest: z.array(z.string()),
  /** One line: why the tool is (or is not) egress. */
  reason: z.string().min(1),
});
export type EgressRow = z.infer<typeof EgressRow>;

export const AgentDynSuitesFileSchema = z.object({
  agentdyn_commit: z.string(),
  benchmark_version: z.string(),
  source: z.string(),
  halt_message: z.string(),
  egress_tools: z.array(z.string()),
  suites: z.record(
    AgentDynSuiteSchema,
    z.object({
      tools: z.array(Tool),
      user_tasks: z.record(z.string(), z.string()),
      injection_tasks: z.record(z.string(), z.string()),
      egress: z.array(EgressRow),
    }),
  ),
});
export type AgentDynSuitesFile = z.infer<typeof AgentDynSuitesFileSchema>;

export const AgentDynOutputsFileSchema = z.object({ outputs: z.record(Digest, z.string()) });

const HaltOutcome = z.object({ utility: z.boolean(), security: z.boolean().nullable() });

const TrajectoryRun = z
  .object({
    id: z.string().min(1),
    kind: z.enum(['benign', 'attacked']),
    suite: AgentDynSuiteSchema,
    user_task: z.string().min(1),
    injection_task: z.string().nullable(),
    attack: z.string().nullable(),
    calls: z.array(
      z.object({
        tool: z.string(),
        args: z.array(z.object({ name: z.string(), provenance: z.string(), text: z.string() })),
        dest: z.string(),
        read: z.array(z.number().int().nonnegative()),
        returned: Digest.nullable(),
      }),
    ),
    outcomes: z.array(HaltOutcome),
    recorded: HaltOutcome,
  })
  .superRefine((r, ctx) => {
    const at = (message: string) => ctx.addIssue({ code: 'custom', message: `run ${r.id}: ${message}` });
    if (r.outcomes.length !== r.calls.length + 1)
      at(`has ${r.outcomes.length} outcomes for ${r.calls.length} calls (expected one per halt point, calls + 1)`);
    const last = r.outcomes.at(-1);
    if (last && (last.utility !== r.recorded.utility || last.security !== r.recorded.security))
      at('its outcome when not halted differs from the recorded labels');
    if ((r.kind === 'attacked') !== (r.injection_task !== null)) at(`kind ${r.kind} with injection_task ${String(r.injection_task)}`);
    if (r.kind === 'attacked' && r.outcomes.some((o) => o.security === null))
      at('an attacked run needs a security outcome at every halt point');
    r.calls.forEach((c, i) => {
      if (c.read.some((j) => j >= i)) at(`call ${i} reads the output of a call that is not earlier`);
    });
  });
export type TrajectoryRun = z.infer<typeof TrajectoryRun>;

export const TrajectoryFileSchema = z.object({
  model: z.string().min(1),
  benchmark_version: z.string(),
  agentdyn_commit: z.string(),
  source: z.string(),
  halt_message: z.string(),
  excluded: z.record(z.string(), z.array(z.string())),
  skipped: z.record(z.string(), z.array(z.string())),
  diagnostics: z.record(z.string(), z.number().int()),
  runs: z.array(TrajectoryRun),
});
export type TrajectoryFile = z.infer<typeof TrajectoryFileSchema>;

const Count = z.object({ runs: z.number().int(), utility_true: z.number().int(), utility: z.number().nullable().optional() });

/** One logged pipeline's own end-to-end results, from the labels in its logs (nothing replayed). */
export const ContextFileSchema = z.object({
  measurement: z.string(),
  rows: z.array(
    z.object({
      pipeline: z.string(),
      model: z.string(),
      defense: z.string(),
      attacked: z.record(z.string(), Count.extend({ security_true: z.number().int(), asr: z.number().nullable().optional() })),
      benign: Count,
      errors: z.number().int(),
      unlabelled: z.number().int(),
    }),
  ),
});
export type ContextFile = z.infer<typeof ContextFileSchema>;

/** AgentDyn's own ground truth of the user tasks that pass their own checker (the AgentDojo ground-truth shape). */
export const AgentDynGroundTruthFileSchema = z.object({
  benchmark_version: z.string(),
  scenarios: z.array(
    z.object({
      id: z.string().min(1),
      kind: z.literal('benign'),
      suite: AgentDynSuiteSchema,
      task: z.string(),
      trace: z.array(
        z.object({
          tool: z.string().min(1),
          dest: z.string(),
          args: z.array(z.object({ name: z.string(), origin: z.string(), provenance: z.string(), text: z.string() })),
        }),
      ),
    }),
  ),
  failing: z.array(z.object({ id: z.string(), suite: z.string(), task: z.string(), reason: z.string(), why: z.string() })),
});
