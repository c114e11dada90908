// The paired corpus (spec §1.6) and the attack-coverage corpora (§1.7–1.8): user × injection
// task pairs replayed with the tool outputs the agent read, each pair linked to its benign twin.
import { InputError } from '../model/errors.js';
import type { Call, Scenario } from '../model/call.js';
import type { AttacksFile, PairScenario, PairsFile } from '../model/corpus-file.js';
import type { PairedCorpus } from './corpus.js';
import { calls } from './corpus.js';
import { assertUniqueIds, twinId } from './ids.js';

type Outputs = Readonly<Record<string, string>>;

function output(outputs: Outputs, digest: string, what: string, where: string): string {
  const text = Object.hasOwn(outputs, digest) ? outputs[digest] : undefined;
  if (text === undefined) throw new InputError(`${where}: ${what} references missing output ${digest}`);
  return text;
}

function decode(s: PairScenario, outputs: Outputs, where: string): Scenario {
  return {
    id: s.id,
    suite: s.suite,
    task: s.task,
    goal: s.kind === 'injection' ? s.task : '',
    baseline: [],
    trace: s.trace.map((st) => ({
      injected: st.injected,
      call: {
        tool: st.tool,
        dest: st.dest,
        args: st.args.map((a) => ({ provenance: a.provenance, text: a.text })),
        context: st.context.map((d) => output(outputs, d, `scenario ${s.id}`, where)),
      },
    })),
  };
}

function carryingSet(digests: readonly string[], outputs: Outputs, where: string): Set<string> {
  return new Set(digests.map((d) => output(outputs, d, 'outputs_carrying_injection', where)));
}

function linkTwin(s: Scenario, twins: ReadonlyMap<string, Call[]>, where: string): Scenario {
  const id = twinId(s.id);
  const baseline = id === undefined ? undefined : twins.get(id);
  if (baseline === undefined) throw new InputError(`${where}: pair ${s.id} has no benign twin`);
  return { ...s, baseline };
}

function withTwins(decoded: Scenario[], twins: ReadonlyMap<string, Call[]>, where: string): Scenario[] {
  return decoded.map((s) => (s.goal === '' ? s : linkTwin(s, twins, where)));
}

export function pairedCorpus(file: PairsFile, where: string, version: string): PairedCorpus {
  assertUniqueIds(file.scenarios, where);
  const decoded = file.scenarios.map((s) => decode(s, file.outputs, where));
  const benign = decoded.filter((s) => s.goal === '');
  const twins = new Map(benign.map((s) => [s.id, calls(s)]));
  const carrying = carryingSet(file.outputs_carrying_injection, file.outputs, where);
  return {
    name: 'pairs',
    source: file.source,
    version,
    scenarios: withTwins(decoded, twins, where),
    benign,
    stats: file.stats,
    carriesInjection: (text) => carrying.has(text),
    policy: { egressTools: file.egress_tools, allowlist: [] },
  };
}

export interface AttackCorpus {
  readonly name: string;
  readonly source: string;
  readonly version: string;
  readonly transform: string;
  /** Attack names in file order. */
  readonly attacks: readonly string[];
  readonly policy: PairedCorpus['policy'];
  /** That attack's pairs in file order, followed by the paired corpus's benign scenarios. */
  scenarios(attack: string): readonly Scenario[];
  /** Injection pairs only, every attack, file order. */
  readonly pairs: readonly Scenario[];
  readonly stats: AttacksFile['stats'];
  carriesInjection(text: string): boolean;
}

export function attackCorpus(file: AttacksFile, paired: PairedCorpus, where: string, version: string): AttackCorpus {
  assertUniqueIds(file.scenarios, where);
  const attacks = new Set(file.attacks);
  const twins = new Map(paired.benign.map((s) => [s.id, calls(s)]));
  const byAttack = new Map<string, Scenario[]>(file.attacks.map((a) => [a, []]));
  const pairs: Scenario[] = [];
  for (const raw of file.scenarios) {
    if (raw.attack === undefined || !attacks.has(raw.attack)) {
      throw new InputError(`${where}: scenario ${raw.id} has attack ${JSON.stringify(raw.attack ?? null)}, not one of [${file.attacks.join(', ')}]`);
    }
    if (raw.kind !== 'injection') throw new InputError(`${where}: scenario ${raw.id} is ${raw.kind}; attack corpora hold injection pairs only`);
    const s = linkTwin(decode(raw, file.outputs, where), twins, where);
    byAttack.get(raw.attack)!.push(s);
    pairs.push(s);
  }
  const carrying = carryingSet(file.outputs_carrying_injection, file.outputs, where);
  const lists = new Map([...byAttack].map(([a, list]) => [a, [...list, ...paired.benign]]));
  return {
    name: file.transform === 'identity' ? 'attacks' : `attacks-${file.transform}`,
    source: file.source,
    version,
    transform: file.transform,
    attacks: file.attacks,
    policy: { egressTools: file.egress_tools, allowlist: [] },
    scenarios: (attack) => {
      const list = lists.get(attack);
      if (!list) throw new InputError(`${where}: unknown attack ${attack}`);
      return list;
    },
    pairs,
    stats: file.stats,
    carriesInjection: (text) => carrying.has(text),
  };
}
