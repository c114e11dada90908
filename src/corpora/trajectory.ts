// Trajectory corpora (docs/agentdyn.md): what real models did on AgentDyn's suites, as recorded in
// their authors' logs and replayed in the environment. One scenario per replayable run: the calls
// the agent proposed, each with named, labelled arguments, its destination, the outputs it had read
// and the output it returned, and the effect of halting before each call (the benchmark's own
// checkers). A pure builder from validated files; the store reads them.
import type { Call, Scenario, Step, ToolSchema } from '../model/call.js';
import type { AgentDynSuitesFile, ContextFile, EgressRow, TrajectoryFile } from '../model/agentdyn-file.js';
import { InputError } from '../model/errors.js';
import type { CorpusIdentity, TrajectoryCorpus, TrajectoryRunInfo } from './corpus.js';

/** A model's corpus file, with where it was read from. */
export interface TrajectorySource {
  readonly file: TrajectoryFile;
  readonly where: string;
}

export interface TrajectoryInputs {
  readonly suites: AgentDynSuitesFile;
  readonly outputs: Readonly<Record<string, string>>;
  readonly models: readonly TrajectorySource[];
  readonly context: ContextFile;
  /** The user tasks' ground-truth calls, where the task passes its own checker (by `<suite>-<user task>`). */
  readonly groundTruth: ReadonlyMap<string, readonly Call[]>;
}

export function trajectoryCorpus(inputs: TrajectoryInputs, id: CorpusIdentity): TrajectoryCorpus {
  const { suites, outputs } = inputs;
  const scenarios: Scenario[] = [];
  const runs: TrajectoryRunInfo[] = [];
  const text = (where: string, d: string): string => {
    const t = Object.hasOwn(outputs, d) ? outputs[d] : undefined;
    if (t === undefined) throw new InputError(`${where}: references output ${d}, which corpora/agentdyn/outputs.json.gz does not have`);
    return t;
  };
  if (suites.benchmark_version !== id.benchmark)
    throw new InputError(`corpora/agentdyn/suites.json.gz: is benchmark ${suites.benchmark_version}, corpora/agentdyn/manifest.json says ${id.benchmark}`);
  for (const { file, where } of inputs.models) {
    if (file.benchmark_version !== suites.benchmark_version || file.agentdyn_commit !== suites.agentdyn_commit) {
      throw new InputError(
        `${where}: is benchmark ${file.benchmark_version} of AgentDyn ${file.agentdyn_commit.slice(0, 7)}, the suites file ${suites.benchmark_version} of ${suites.agentdyn_commit.slice(0, 7)}`,
      );
    }
    for (const r of file.runs) {
      const at = `${where}: run ${r.id}`;
      const suite = suites.suites[r.suite];
      const prompt = suite.user_tasks[r.user_task];
      if (prompt === undefined) throw new InputError(`${at}: user task ${r.user_task} is not a task of suite ${r.suite}`);
      const goal = r.injection_task === null ? undefined : suite.injection_tasks[r.injection_task];
      if (r.injection_task !== null && goal === undefined)
        throw new InputError(`${at}: injection task ${r.injection_task} is not a task of suite ${r.suite}`);
      const returned = r.calls.map((c) => (c.returned === null ? undefined : text(at, c.returned)));
      const trace: Step[] = r.calls.map((c, i) => ({
        call: {
          tool: c.tool,
          args: c.args,
          dest: c.dest,
          context: c.read.flatMap((j) => (returned[j] === undefined ? [] : [returned[j]])),
        },
        injected: false,
        output: returned[i],
        read: c.read,
      }));
      scenarios.push({
        id: `${file.model}/${r.id}`,
        kind: r.kind === 'benign' ? 'benign' : 'injection',
        suite: r.suite,
        task: goal ?? prompt,
        prompt,
        injectionTask: r.injection_task ?? undefined,
        trace,
        twin: [],
        effects: r.outcomes,
      });
      runs.push({ model: file.model, run: r.id, attack: r.attack, userTask: r.user_task });
    }
  }
  const models = inputs.models.map((m) => m.file.model);
  const egress: EgressRow[] = [];
  const seen = new Set<string>();
  for (const s of Object.values(suites.suites)) {
    for (const row of s.egress) {
      if (seen.has(row.tool)) continue;
      seen.add(row.tool);
      egress.push(row);
    }
  }
  const tools: Record<string, readonly ToolSchema[]> = Object.fromEntries(Object.entries(suites.suites).map(([k, s]) => [k, s.tools]));
  return {
    kind: 'trajectory',
    ...id,
    source: `${suites.source}; ${models.length === 1 ? models[0] : `${models.length} models`}, undefended, replayed`,
    scenarios,
    runs,
    models,
    excluded: Object.fromEntries(
      inputs.models.map(({ file }) => [file.model, Object.fromEntries(Object.entries(file.excluded).map(([c, ids]) => [c, ids.length]))]),
    ),
    skipped: Object.fromEntries(inputs.models.map(({ file }) => [file.model, Object.values(file.skipped).reduce((n, ids) => n + ids.length, 0)])),
    policy: { egressTools: suites.egress_tools, allowlist: [] },
    egress,
    tools,
    context: inputs.context.rows.filter((row) => models.includes(row.model)),
    contextMeasurement: inputs.context.measurement,
    groundTruth: inputs.groundTruth,
  };
}
