// The paired corpus and the attack corpora (docs/corpora.md#the-paired-corpus): user × injection
// task pairs replayed with the tool outputs the agent read, each pair linked to its benign twin.
import { InputError } from '../model/errors.js';
import type { Call, Scenario } from '../model/call.js';
import type { AttacksFile, PairScenario, PairsFile } from '../model/corpus-file.js';
import type { AttackCorpus, CorpusIdentity, PairedCorpus, SessionData } from './corpus.js';
import { calls } from './corpus.js';
import { assertUniqueIds, injectionTaskOf, returnedOf, twinId } from './ids.js';

type Outputs = Readonly<Record<string, string>>;

function output(outputs: Outputs, digest: string, what: string, where: string): string {
  const text = Object.hasOwn(outputs, digest) ? outputs[digest] : undefined;
  if (text === undefined) throw new InputError(`${where}: ${what} references missing output ${digest}`);
  return text;
}

function decode(s: PairScenario, outputs: Outputs, where: string, session: SessionData): Scenario {
  const returned = returnedOf(session, s.id, s.trace.length, where);
  const injection = s.kind === 'injection';
  if (!injection && s.trace.some((st) => st.injected)) throw new InputError(`${where}: benign scenario ${s.id} has an injected step`);
  return {
    id: s.id,
    kind: s.kind,
    suite: s.suite,
    task: s.task,
    // A pair's prompt is its twin's, filled in when the twin is linked.
    prompt: injection ? undefined : s.task,
    injectionTask: injection ? injectionTaskOf(s.id) : undefined,
    twin: [],
    trace: s.trace.map((st, i) => ({
      injected: st.injected,
      output: returned[i],
      call: {
        tool: st.tool,
        dest: st.dest,
        args: st.args.map((a) => ({ name: a.name, provenance: a.provenance, text: a.text })),
        context: st.context.map((d) => output(outputs, d, `scenario ${s.id}`, where)),
      },
    })),
  };
}

function carryingSet(digests: readonly string[], outputs: Outputs, where: string): Set<string> {
  return new Set(digests.map((d) => output(outputs, d, 'outputs_carrying_injection', where)));
}

interface Twin {
  readonly prompt: string;
  readonly calls: readonly Call[];
}

const twinsOf = (benign: readonly Scenario[]): Map<string, Twin> => new Map(benign.map((s) => [s.id, { prompt: s.task, calls: calls(s) }]));

function linkTwin(s: Scenario, twins: ReadonlyMap<string, Twin>, where: string): Scenario {
  const id = twinId(s.id);
  const twin = id === undefined ? undefined : twins.get(id);
  if (twin === undefined) throw new InputError(`${where}: pair ${s.id} has no benign twin`);
  return { ...s, prompt: twin.prompt, twin: twin.calls };
}

export function pairedCorpus(file: PairsFile, where: string, id: CorpusIdentity, session: SessionData): PairedCorpus {
  assertUniqueIds(file.scenarios, where);
  const decoded = file.scenarios.map((s) => decode(s, file.outputs, where, session));
  const benign = decoded.filter((s) => s.kind === 'benign');
  const twins = twinsOf(benign);
  const carrying = carryingSet(file.outputs_carrying_injection, file.outputs, where);
  return {
    ...id,
    kind: 'paired',
    source: file.source,
    scenarios: decoded.map((s) => (s.kind === 'benign' ? s : linkTwin(s, twins, where))),
    benign,
    stats: file.stats,
    carriesInjection: (text) => carrying.has(text),
    policy: { egressTools: file.egress_tools, allowlist: [] },
    tools: session.tools,
  };
}

/** An attack corpus reads its pairs from its own file and its benign tasks (the twins) from the paired corpus. */
export function attackCorpus(file: AttacksFile, paired: PairedCorpus, where: string, id: CorpusIdentity, session: SessionData): AttackCorpus {
  assertUniqueIds(file.scenarios, where);
  const attacks = new Set(file.attacks);
  const twins = twinsOf(paired.benign);
  const byAttack = new Map<string, Scenario[]>(file.attacks.map((a) => [a, []]));
  const pairs: Scenario[] = [];
  for (const raw of file.scenarios) {
    if (raw.attack === undefined || !attacks.has(raw.attack)) {
      throw new InputError(`${where}: scenario ${raw.id} has attack ${JSON.stringify(raw.attack ?? null)}, not one of [${file.attacks.join(', ')}]`);
    }
    if (raw.kind !== 'injection') throw new InputError(`${where}: scenario ${raw.id} is ${raw.kind}; attack corpora hold injection pairs only`);
    const s = linkTwin(decode(raw, file.outputs, where, session), twins, where);
    byAttack.get(raw.attack)!.push(s);
    pairs.push(s);
  }
  const carrying = carryingSet(file.outputs_carrying_injection, file.outputs, where);
  const lists = new Map([...byAttack].map(([a, list]) => [a, [...list, ...paired.benign]]));
  return {
    ...id,
    kind: 'attacks',
    source: file.source,
    transform: file.transform,
    attacks: file.attacks,
    policy: { egressTools: file.egress_tools, allowlist: [] },
    tools: session.tools,
    scenarios: [...pairs, ...paired.benign],
    benign: paired.benign,
    byAttack: (attack) => {
      const list = lists.get(attack);
      if (!list) throw new InputError(`${where}: unknown attack ${attack}`);
      return list;
    },
    pairs,
    stats: file.stats,
    carriesInjection: (text) => carrying.has(text),
  };
}
