// Egress-based defenses (docs/defenses.md#deny-egress-and-flow-guard): deny-egress refuses every
// egress tool; flow-guard refuses egress only when non-trusted data would reach it or the
// destination is not allowlisted.
import { allow, deny, type Defense } from './defense.js';
import { Provenance, type Call } from '../model/call.js';
import type { EgressPolicy } from '../model/policy.js';

const EGRESS_REFUSED = deny('egress tool refused');
const NOT_EGRESS = allow('not an egress tool');

export function denyEgress(egressTools: readonly string[]): Defense {
  const egress = new Set(egressTools);
  return {
    name: 'deny-egress',
    decide: (call: Call) => (egress.has(call.tool) ? EGRESS_REFUSED : NOT_EGRESS),
  };
}

const LOCAL_SINK = allow('local sink, no egress');
const TRUSTED_OK = allow('trusted data to an allowed destination');

export function flowGuard(policy: EgressPolicy): Defense {
  const egress = new Set(policy.egressTools);
  const allowed = new Set(policy.allowlist);
  return {
    name: 'flow-guard',
    decide(call: Call) {
      if (!egress.has(call.tool)) return LOCAL_SINK;
      for (const arg of call.args) {
        if (arg.provenance !== Provenance.Trusted) {
          return deny(`${arg.provenance} data may not reach an egress sink`);
        }
      }
      // The destination is compared as one whole string; in the corpora it can be a
      // comma-joined list, which then never matches a single allowlist entry.
      if (allowed.size > 0 && call.dest !== '' && !allowed.has(call.dest)) {
        return deny(`destination ${call.dest} is not on the egress allowlist`);
      }
      return TRUSTED_OK;
    },
  };
}
