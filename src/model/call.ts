// What a defense sees and what a scenario is (docs/scoring.md#the-data-model). Types that cross a
// boundary as JSON are inferred from zod schemas, so whatever reads them validates them.
import { z } from 'zod';

/** Provenance is an open string: corpora also carry "untrusted", not only these named values. */
export const Provenance = {
  Trusted: 'trusted',
  UntrustedWeb: 'untrusted.web',
  Unknown: 'unknown',
} as const;

/** AgentDojo's four suites (the AgentDojo corpora); AgentDyn adds three open-ended ones. */
export const AGENTDOJO_SUITES = ['workspace', 'banking', 'travel', 'slack'] as const;
export const AGENTDYN_SUITES = ['shopping', 'github', 'dailylife'] as const;
export const SUITES = [...AGENTDOJO_SUITES, ...AGENTDYN_SUITES] as const;
export const SuiteSchema = z.enum(SUITES);
export const AgentDojoSuiteSchema = z.enum(AGENTDOJO_SUITES);
export const AgentDynSuiteSchema = z.enum(AGENTDYN_SUITES);
export type Suite = z.infer<typeof SuiteSchema>;

export const ArgSchema = z.object({
  /** The argument's name in the tool's signature ('' where a corpus records none). */
  name: z.string(),
  provenance: z.string(),
  text: z.string(),
});
export type Arg = z.infer<typeof ArgSchema>;

export const CallSchema = z.object({
  tool: z.string(),
  args: z.array(ArgSchema),
  /** Egress destination; empty when the call has none. */
  dest: z.string(),
  /** Tool outputs the agent read before proposing this call, in order. */
  context: z.array(z.string()),
});
export type Call = z.infer<typeof CallSchema>;

/**
 * A defense's ruling on one call. `ask` (protocol v2) means the call waits for the user to confirm
 * it: it is not allowed unattended (`allowed` is false); a confirming user lets the run go on.
 */
export interface Decision {
  readonly allowed: boolean;
  readonly reason: string;
  readonly ask?: boolean | undefined;
}

/** The first call a defense denied in a scenario: what reports show for a broken benign task. */
export interface Denial {
  readonly scenario: string;
  /** Index of the denied call in the scenario's trace. */
  readonly step: number;
  readonly tool: string;
  readonly reason: string;
}

export interface Step {
  readonly call: Call;
  /** The call exists only because of the injection. */
  readonly injected: boolean;
  /** The text the call returned when it ran (protocol v2's trace); undefined where a corpus records none. */
  readonly output?: string | undefined;
  /** Indices of the earlier calls whose output the agent had read when it proposed this one; undefined: all of them. */
  readonly read?: readonly number[] | undefined;
}

/** A tool as the agent's model is told about it (protocol v2's `begin`). */
export interface ToolSchema {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the tool's parameters. */
  readonly parameters: unknown;
}

export const SCENARIO_KINDS = ['benign', 'injection'] as const;
export type ScenarioKind = (typeof SCENARIO_KINDS)[number];

export interface Scenario {
  readonly id: string;
  /** benign: a user task; injection: user-task calls followed by the injected calls (or these alone). */
  readonly kind: ScenarioKind;
  readonly suite: Suite;
  /** The user prompt of a benign scenario; the injection goal of an injection scenario. */
  readonly task: string;
  /**
   * The user's request as a deployed defense would know it: a benign task's prompt, and for a pair
   * its benign twin's prompt (never the goal). Undefined when the scenario has no user task.
   */
  readonly prompt: string | undefined;
  /** The injection task an injection scenario pursues (`injection_task_3`); undefined when benign. */
  readonly injectionTask: string | undefined;
  readonly trace: readonly Step[];
  /** The benign twin's calls, in order; empty when the corpus records no twin. */
  readonly twin: readonly Call[];
  /**
   * A recorded run (a trajectory corpus): what its calls did, replayed in the run's environment by
   * the benchmark's own checkers — `effects[k]` is the outcome if the agent halts before call k,
   * for k = 0..n (`effects[n]`: not halted, the recorded labels). Scoring reads these effects, not
   * labels of calls; undefined for the AgentDojo corpora, which are judged by the attribution rule.
   */
  readonly effects?: readonly HaltOutcome[] | undefined;
}

/** The benchmark's verdicts on a run's state: the user task done; the injection goal met (null without an injection task). */
export interface HaltOutcome {
  readonly utility: boolean;
  readonly security: boolean | null;
}

/** Two argument lists are the same when every argument has the same provenance and text (names aside, as the original compared). */
export function sameArgs(a: readonly Arg[], b: readonly Arg[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    if (a[k]!.provenance !== b[k]!.provenance || a[k]!.text !== b[k]!.text) return false;
  }
  return true;
}
