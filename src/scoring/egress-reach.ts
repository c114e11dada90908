// Egress reach (docs/analyses.md#egress-reach): which injection goals a flow-and-destination
// defense can even see. A goal reachable with no egress tool is never mediated by an egress policy.
import type { Scenario } from '../model/call.js';

export interface GoalReach {
  Suite: string;
  Task: string;
  Tools: string[];
  EgressTools: number;
  Total: number;
}

export interface EgressReach {
  Tasks: GoalReach[];
  OnEgress: number;
  OffEgress: number;
  Mixed: number;
}

/** `pairs` in file order; the first pair of each goal gives its tools. */
export function egressReach(pairs: readonly Scenario[], egressTools: readonly string[]): EgressReach {
  const egress = new Set(egressTools);
  const first = new Map<string, { suite: string; task: string; tools: string[] }>();
  for (const s of pairs) {
    if (s.kind !== 'injection' || s.injectionTask === undefined) continue;
    const tools = s.trace.filter((st) => st.injected).map((st) => st.call.tool);
    if (tools.length === 0) continue; // unscorable: the goal has no tool call
    const key = `${s.suite}/${s.injectionTask}`;
    if (!first.has(key)) first.set(key, { suite: s.suite, task: s.injectionTask, tools });
  }
  const out: EgressReach = { Tasks: [], OnEgress: 0, OffEgress: 0, Mixed: 0 };
  for (const key of [...first.keys()].sort()) {
    const g = first.get(key)!;
    const n = g.tools.filter((t) => egress.has(t)).length;
    out.Tasks.push({ Suite: g.suite, Task: g.task, Tools: g.tools, EgressTools: n, Total: g.tools.length });
    if (n === 0) out.OffEgress++;
    else if (n < g.tools.length) out.Mixed++;
    else out.OnEgress++;
  }
  return out;
}
