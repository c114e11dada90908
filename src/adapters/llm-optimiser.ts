// TEMPORARY stub: replaced by the llm branch.
import { InputError } from '../model/errors.js';
import type { Optimiser, Target } from '../scoring/adaptive.js';
export function llmOptimiserFromEnv(_env: NodeJS.ProcessEnv): { name: string; make(t: Target, seed: bigint): Optimiser } {
  throw new InputError('--adaptive-optimiser llm is not available yet');
}
