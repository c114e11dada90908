// The reference defenses by name, shared by the CLI and the action. Each entry is rebuilt from
// its name plus the corpus's egress policy, so any result can be replayed.
import type { Defense } from './defense.js';
import type { EgressPolicy } from '../model/policy.js';
import { denyEgress, flowGuard } from './egress.js';
import { keywordFilter } from './keyword-filter.js';
import { allowAll, denyAll } from './trivial.js';

export const REFERENCE_DEFENSES = ['allow-all', 'deny-all', 'keyword-filter', 'deny-egress', 'flow-guard'] as const;
export type ReferenceDefenseName = (typeof REFERENCE_DEFENSES)[number];

export function isReferenceDefense(name: string): name is ReferenceDefenseName {
  return (REFERENCE_DEFENSES as readonly string[]).includes(name);
}

export function referenceDefense(name: ReferenceDefenseName, policy: EgressPolicy): Defense {
  switch (name) {
    case 'allow-all':
      return allowAll;
    case 'deny-all':
      return denyAll;
    case 'keyword-filter':
      return keywordFilter;
    case 'deny-egress':
      return denyEgress(policy.egressTools);
    case 'flow-guard':
      return flowGuard(policy);
  }
}
