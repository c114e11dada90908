// The ground-truth corpus (docs/corpora.md#the-ground-truth-corpus): AgentDojo v1.2 task ground
// truth, one scenario per user task and per injection task; no twins, no tool outputs.
import { InputError } from '../model/errors.js';
import type { Scenario, Step } from '../model/call.js';
import type { GroundTruthFile } from '../model/corpus-file.js';
import type { CorpusIdentity, GroundTruthCorpus, SessionData } from './corpus.js';
import { assertUniqueIds, injectionTaskOf, returnedOf } from './ids.js';

export function groundTruthCorpus(file: GroundTruthFile, where: string, id: CorpusIdentity, session: SessionData): GroundTruthCorpus {
  assertUniqueIds(file.scenarios, where);
  const scenarios: Scenario[] = [];
  const corrected: Scenario[] = [];
  const unscorable: string[] = [];
  for (const s of file.scenarios) {
    const injection = s.kind === 'injection';
    if (injection && s.task === '') throw new InputError(`${where}: injection scenario ${s.id} has an empty task`);
    if (injection && s.trace.length === 0) unscorable.push(s.id);
    // Every step of an injection task is injected: the file has no user-task part.
    const outputs = returnedOf(session, s.id, s.trace.length, where);
    const steps = (fixNeither: boolean): Step[] =>
      s.trace.map((st, i) => ({
        injected: injection,
        output: outputs[i],
        call: {
          tool: st.tool,
          dest: st.dest,
          context: [],
          args: st.args.map((a) => ({
            name: a.name,
            provenance: fixNeither && a.origin === 'neither' ? 'trusted' : a.provenance,
            text: a.text,
          })),
        },
      }));
    const base = {
      id: s.id,
      kind: s.kind,
      suite: s.suite,
      task: s.task,
      prompt: injection ? undefined : s.task,
      injectionTask: injection ? injectionTaskOf(s.id) : undefined,
      twin: [],
    };
    scenarios.push({ ...base, trace: steps(false) });
    corrected.push({ ...base, trace: steps(!injection) });
  }
  return {
    ...id,
    kind: 'ground-truth',
    source: file.source,
    scenarios,
    corrected,
    unscorable,
    diagnostics: file.diagnostics,
    policy: { egressTools: file.egress_tools, allowlist: [] },
    tools: session.tools,
  };
}
