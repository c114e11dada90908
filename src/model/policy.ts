// The egress policy a corpus gives its reference defenses (docs/defenses.md#the-egress-policy).
export interface EgressPolicy {
  /** Tools that send data out of the tenant. */
  readonly egressTools: readonly string[];
  /** Allowed destinations; empty turns the destination check off. */
  readonly allowlist: readonly string[];
}
