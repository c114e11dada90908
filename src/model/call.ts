// The data model of spec §1: what a defense sees and what a scenario is.
// Types are inferred from zod schemas so every boundary that takes JSON validates it.
import { z } from 'zod';

/** Provenance is an open string: corpora carry "untrusted", not only the named values (spec §1.1). */
export const Provenance = {
  Trusted: 'trusted',
  UntrustedWeb: 'untrusted.web',
  TenantPrivate: 'tenant.private',
  Unknown: 'unknown',
} as const;

export const SUITES = ['workspace', 'banking', 'travel', 'slack'] as const;
export const SuiteSchema = z.enum(SUITES);
export type Suite = z.infer<typeof SuiteSchema>;

export const ArgSchema = z.object({
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

export const DecisionSchema = z.object({
  allowed: z.boolean(),
  reason: z.string(),
});
export type Decision = z.infer<typeof DecisionSchema>;

export interface Step {
  readonly call: Call;
  /** The call exists only because of the injection. */
  readonly injected: boolean;
}

export interface Scenario {
  readonly id: string;
  readonly suite: Suite;
  /** The user prompt, or the injection goal. */
  readonly task: string;
  /** Non-empty exactly for injection scenarios. */
  readonly goal: string;
  readonly trace: readonly Step[];
  /** The benign twin's calls, in order; empty when the corpus records none. */
  readonly baseline: readonly Call[];
}

/** Go compares Args with == on both fields (spec §1.2). */
export function sameArgs(a: readonly Arg[], b: readonly Arg[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    if (a[k]!.provenance !== b[k]!.provenance || a[k]!.text !== b[k]!.text) return false;
  }
  return true;
}
