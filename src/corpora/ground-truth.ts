// The ground-truth corpus (spec §1.5): AgentDojo v1.2 task ground truth, no baselines, no context.
import { InputError } from '../model/errors.js';
import type { Scenario, Step } from '../model/call.js';
import type { GroundTruthFile } from '../model/corpus-file.js';
import type { GroundTruthCorpus } from './corpus.js';
import { assertUniqueIds } from './ids.js';

export function groundTruthCorpus(file: GroundTruthFile, where: string, version: string): GroundTruthCorpus {
  assertUniqueIds(file.scenarios, where);
  const scenarios: Scenario[] = [];
  const corrected: Scenario[] = [];
  const unscorable: string[] = [];
  for (const s of file.scenarios) {
    const injection = s.kind === 'injection';
    const goal = injection ? s.task : '';
    if (injection && goal === '') throw new InputError(`${where}: injection scenario ${s.id} has an empty task`);
    if (injection && s.trace.length === 0) unscorable.push(s.id);
    // Every step of an injection task is injected: the file has no user-task part.
    const steps = (fixNeither: boolean): Step[] =>
      s.trace.map((st) => ({
        injected: injection,
        call: {
          tool: st.tool,
          dest: st.dest,
          context: [],
          args: st.args.map((a) => ({
            provenance: fixNeither && a.origin === 'neither' ? 'trusted' : a.provenance,
            text: a.text,
          })),
        },
      }));
    const base = { id: s.id, suite: s.suite, task: s.task, goal, baseline: [] };
    scenarios.push({ ...base, trace: steps(false) });
    corrected.push({ ...base, trace: steps(!injection) });
  }
  return {
    name: 'agentdojo',
    source: file.source,
    version,
    scenarios,
    corrected,
    unscorable,
    diagnostics: file.diagnostics,
    policy: { egressTools: file.egress_tools, allowlist: [] },
  };
}
