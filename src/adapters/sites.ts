// Where each call of a corpus sits, so requests and error messages can name the scenario and step
// even though the scoring driver hands a defense nothing but the call. Calls are indexed by object
// identity: the corpus loaders build one object per step, and a pair's twin reuses its benign
// twin's step objects, so a re-decided twin call is named as the twin's own step.
import type { Call, Scenario } from '../model/call.js';
import type { CallSite } from './protocol.js';

const UNKNOWN: CallSite = { scenario: '(not in the indexed corpus)', step: -1 };

export class SiteIndex {
  private readonly sites = new WeakMap<Call, CallSite>();

  constructor(scenarios: readonly Scenario[] = []) {
    this.add(scenarios);
  }

  add(scenarios: readonly Scenario[]): void {
    for (const s of scenarios) {
      s.trace.forEach((st, step) => {
        if (!this.sites.has(st.call)) this.sites.set(st.call, { scenario: s.id, step });
      });
    }
    // Twin calls not shared with a benign scenario (e.g. hand-built scenarios) still get a name.
    for (const s of scenarios) {
      s.twin.forEach((c, step) => {
        if (!this.sites.has(c)) this.sites.set(c, { scenario: `${s.id} (benign twin)`, step });
      });
    }
  }

  site(call: Call): CallSite {
    return this.sites.get(call) ?? UNKNOWN;
  }

  /** e.g. `scenario banking-user_task_0 step 1 (tool send_money)`. */
  describe(call: Call): string {
    const s = this.site(call);
    return `scenario ${s.scenario} step ${s.step} (tool ${call.tool})`;
  }
}
