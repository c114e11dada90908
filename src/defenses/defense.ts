// A defense rules on one proposed tool call (docs/scoring.md#the-data-model). An in-process
// defense must be a pure function of the call and its own configuration: scoring relies on that
// to re-decide a benign twin's call.
import type { Call, Decision } from '../model/call.js';

export interface Defense {
  readonly name: string;
  decide(call: Call): Decision;
}

export const allow = (reason: string): Decision => ({ allowed: true, reason });
export const deny = (reason: string): Decision => ({ allowed: false, reason });
