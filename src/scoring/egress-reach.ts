// Egress reach (spec §4.2): which injection goals a flow-and-destination defense can even see.
// A goal reachable with no egress tool is never mediated by an egress policy.
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

const MARK = '-injection_task_';

/** `pairs` in attack order, each attack's pairs in file order (benign scenarios are ignored). */
export function egressReach(pairs: readonly Scenario[], egressTools: readonly string[]): EgressReach {
  const egress = new Set(egressTools);
  const first = new Map<string, { suite: string; task: string; tools: string[] }>();
  for (const s of pairs) {
    const bare = s.id.slice(s.id.indexOf(':') + 1);
    const at = bare.lastIndexOf(MARK);
    if (at < 0) continue;
    const task = bare.slice(at + 1);
    const tools = s.trace.filter((st) => st.injected).map((st) => st.call.tool);
    if (tools.length === 0) continue; // unscorable: the goal has no tool call
    const key = `${s.suite}/${task}`;
    if (!first.has(key)) first.set(key, { suite: s.suite, task, tools });
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

export function egressReachText(r: EgressReach): string {
  let out = `egress reach over ${r.Tasks.length} injection-task goals\n\n`;
  out += `  reachable only through egress tools (mediated): ${r.OnEgress}\n`;
  out += `  mixes egress and non-egress tools:              ${r.Mixed}\n`;
  out += `  reachable with no egress tool (never mediated): ${r.OffEgress}\n\n`;
  out += 'goals a flow-and-destination defense never inspects:\n';
  for (const t of r.Tasks) if (t.EgressTools === 0) out += `  ${t.Suite}/${t.Task}: [${t.Tools.join(' ')}]\n`;
  return out;
}
