// Injection slots (docs/injection-slots.md): any payload rendered into a pair's tool outputs and the arguments
// that carry it, so an injection scenario can be rebuilt for a payload no corpus holds. Pure: the store reads and
// pins the file, `injectionSlots` checks its references once, `renderPair` and `injectionScenario` render.
import type { Arg, Scenario, Step } from '../model/call.js';
import type { SlotOccurrence, SlotsFile } from '../model/corpus-file.js';
import { InputError, PayloadError } from '../model/errors.js';
import { codePointLength, pyRepr } from './python-str.js';
import { yamlDq } from './yaml-dq.js';
import { yamlScalar } from './yaml-scalar.js';

/** The rules this port implements, in the file's order. */
export const SLOT_RULES = ['yaml_dq', 'yaml', 'py_repr', 'raw', 'len'] as const;

/** Tool → the argument that names its egress destination (the exporter's EGRESS table, docs/defenses.md#the-egress-policy). */
export const EGRESS_ARGS: Readonly<Record<string, string>> = {
  send_money: 'recipient',
  schedule_transaction: 'recipient',
  update_scheduled_transaction: 'recipient',
  send_email: 'recipients',
  share_file: 'email',
  create_calendar_event: 'participants',
  add_calendar_event_participants: 'participants',
  send_direct_message: 'recipient',
  send_channel_message: 'channel',
  invite_user_to_slack: 'user_email',
  add_user_to_channel: 'user',
  post_webpage: 'url',
  get_webpage: 'url',
};

/** One payload for every injected vector of a pair (as AgentDojo's attacks do), or a payload per vector (the rest keep their defaults). */
export type Assignment = string | Readonly<Record<string, string>>;

type Variant = SlotsFile['pairs'][string]['variants'][string];
/** A value template: literal strings and environment scalars, concatenated. */
type ValueParts = readonly (string | { readonly env: string })[];

export interface PairSlots {
  readonly key: string;
  readonly suite: keyof SlotsFile['suites'];
  /** The injected vectors, in AgentDojo's order. */
  readonly vectors: readonly string[];
  /** The environment scalars holding them. */
  readonly envs: readonly string[];
  readonly userSteps: number;
  readonly search: readonly { readonly step: number; readonly query: string; readonly env: string }[];
  readonly variants: ReadonlyMap<string, Variant>;
  /** Steps of every variant's trace. */
  readonly steps: number;
}

export interface InjectionSlots {
  /** Where the file came from (`corpora/agentdojo-v1.2-slots.json.gz`), for messages. */
  readonly where: string;
  readonly source: string;
  readonly file: SlotsFile;
  /** Every pair by key, `<suite>-<user task>-<injection task>`. */
  readonly pairs: ReadonlyMap<string, PairSlots>;
  /** The payload a committed corpus gave a pair's injection task under an attack (the corpus as `corpus_payloads` names it). */
  committedPayload(corpus: string, attack: string, suite: string, injectionTask: string): string;
}

/** A scenario's pair key: its id without an `<attack>:` prefix. */
export const pairKey = (scenarioId: string): string => scenarioId.slice(scenarioId.indexOf(':') + 1);

const isAscii = (s: string): boolean => /^[\x00-\x7f]*$/.test(s);

/** Check every reference of a validated slots file once, so that rendering never meets a dangling one. */
export function injectionSlots(file: SlotsFile, where: string): InjectionSlots {
  const fail = (what: string): never => {
    throw new InputError(`${where}: ${what}`);
  };
  if (file.rules.join(',') !== SLOT_RULES.join(',')) fail(`rules are [${file.rules.join(', ')}]; this port implements [${SLOT_RULES.join(', ')}]`);
  for (const [id, parts] of Object.entries(file.env)) {
    const suite = file.suites[id.split(':')[0] as keyof SlotsFile['suites']] ?? fail(`env ${id} names no suite of the file`);
    for (const p of parts) if (typeof p !== 'string' && !Object.hasOwn(suite.defaults, p.vector)) fail(`env ${id} holds unknown vector ${p.vector}`);
  }
  const checkValue = (parts: ValueParts, what: string): void => {
    for (const p of parts) if (typeof p !== 'string' && !Object.hasOwn(file.env, p.env)) fail(`${what} references missing env ${p.env}`);
  };
  for (const [id, parts] of Object.entries(file.templates)) {
    for (const p of parts) if (typeof p !== 'string') checkValue(p.value, `template ${id}`);
  }
  const pairs = new Map<string, PairSlots>();
  for (const [key, entry] of Object.entries(file.pairs)) {
    const suiteName = key.split('-')[0] as keyof SlotsFile['suites'];
    const suite = file.suites[suiteName] ?? fail(`pair ${key} names no suite of the file`);
    const envs = [
      ...new Set(
        entry.vectors.map((v) => (Object.hasOwn(suite.vector_env, v) ? suite.vector_env[v]! : fail(`pair ${key}: unknown vector ${v}`))),
      ),
    ];
    for (const e of envs) if (!Object.hasOwn(file.env, e)) fail(`pair ${key} references missing env ${e}`);
    const search = entry.search ?? [];
    for (const s of search) {
      if (!envs.includes(s.env)) fail(`pair ${key}: search entry on env ${s.env}, which holds none of its vectors`);
      // Python's str.lower and JavaScript's toLowerCase agree on whether an ASCII query occurs (docs/injection-slots.md#7-restrictions-for-the-attacker).
      if (!isAscii(s.query)) fail(`pair ${key}: search query ${JSON.stringify(s.query)} is not ASCII`);
    }
    const variants = new Map(Object.entries(entry.variants));
    const steps = variants.get('0'.repeat(search.length))?.returned.length ?? fail(`pair ${key} has no variant ${'0'.repeat(search.length)}`);
    for (const [k, variant] of variants) {
      const what = `pair ${key} variant ${JSON.stringify(k)}`;
      if (!/^[01]*$/.test(k) || k.length !== search.length) fail(`${what}: expected ${search.length} search digits`);
      if (variant.returned.length !== steps) fail(`${what} has ${variant.returned.length} steps, not ${steps}`);
      for (const t of variant.returned) if (!Object.hasOwn(file.templates, t)) fail(`${what} references missing template ${t}`);
      if (variant.args !== undefined && variant.args.length !== steps) fail(`${what} has arguments for ${variant.args.length} steps, not ${steps}`);
      for (const a of variant.args ?? []) for (const t of Object.values(a ?? {})) for (const v of valueList(t)) checkValue(v, what);
    }
    pairs.set(key, { key, suite: suiteName, vectors: entry.vectors, envs, userSteps: entry.user_steps, search, variants, steps });
  }
  for (const [corpus, attacks] of Object.entries(file.corpus_payloads)) {
    for (const [attack, tasks] of Object.entries(attacks)) {
      for (const [task, d] of Object.entries(tasks)) if (!Object.hasOwn(file.payloads, d)) fail(`${corpus} ${attack} ${task} references missing payload ${d}`);
    }
  }
  return {
    where,
    source: file.source,
    file,
    pairs,
    committedPayload(corpus, attack, suite, injectionTask) {
      const d = file.corpus_payloads[corpus]?.[attack]?.[`${suite}-${injectionTask}`];
      if (d === undefined) throw new InputError(`${where}: no payload of ${corpus} under ${attack} for ${suite}-${injectionTask}`);
      return file.payloads[d]!;
    },
  };
}

/** A list-valued argument's value templates; a scalar's one template (an empty template is a scalar, as in slot_render). */
function valueList(t: ValueParts | readonly ValueParts[]): readonly ValueParts[] {
  return t.length > 0 && Array.isArray(t[0]) ? (t as readonly ValueParts[]) : [t as ValueParts];
}

export interface RenderedPair {
  readonly key: string;
  /** The search key that picked the variant (docs/injection-slots.md#4-search-variants). */
  readonly variant: string;
  /** Per step, the text its call returned (protocol v2's `Step.output`). */
  readonly returned: readonly string[];
  /** Per step, its context: the outputs of the steps before it. */
  readonly contexts: readonly (readonly string[])[];
  /** Per step, null or the values of its payload-dependent arguments (a list-valued argument as its items). */
  readonly args: readonly (Readonly<Record<string, string | readonly string[]>> | null)[];
}

function envValues(slots: InjectionSlots, pair: PairSlots, assignment: Assignment): Map<string, string> {
  const defaults = slots.file.suites[pair.suite].defaults;
  if (typeof assignment !== 'string') {
    for (const v of Object.keys(assignment)) {
      if (!pair.vectors.includes(v)) throw new InputError(`pair ${pair.key}: vector ${v} is not injected there (its vectors: ${pair.vectors.join(', ')})`);
    }
  }
  const payloadOf = (v: string): string => {
    if (typeof assignment === 'string') return pair.vectors.includes(v) ? assignment : defaults[v]!;
    return Object.hasOwn(assignment, v) ? assignment[v]! : defaults[v]!;
  };
  const values = new Map<string, string>();
  for (const id of pair.envs) {
    const parts = slots.file.env[id]!;
    const raw = parts.map((p) => (typeof p === 'string' ? p : payloadOf(p.vector))).join('');
    try {
      values.set(id, yamlDq(raw));
    } catch (e) {
      if (!(e instanceof PayloadError)) throw e;
      const first = parts.findIndex((p) => typeof p !== 'string');
      const at = codePointLength(parts.slice(0, first).join(''));
      throw new PayloadError(`pair ${pair.key}, environment scalar ${id} (the payload starts at code point ${at} of its text): ${e.message}`);
    }
  }
  return values;
}

const renderValue = (parts: ValueParts, env: ReadonlyMap<string, string>): string =>
  parts.map((p) => (typeof p === 'string' ? p : env.get(p.env)!)).join('');

function renderOccurrence(p: SlotOccurrence, env: ReadonlyMap<string, string>): string {
  const value = renderValue(p.value, env);
  switch (p.rule) {
    case 'yaml':
      return yamlScalar(value, p.column, p.indent);
    case 'py_repr':
      return pyRepr(value);
    case 'raw':
      return value;
    case 'len':
      return String(codePointLength(value));
  }
}

/** Render a pair for a payload assignment: every step's output, context and payload-dependent arguments. */
export function renderPair(slots: InjectionSlots, key: string, assignment: Assignment): RenderedPair {
  const pair = slots.pairs.get(key);
  if (pair === undefined) throw new InputError(`${slots.where}: no pair ${key}`);
  const env = envValues(slots, pair, assignment);
  const variantKey = pair.search.map((s) => (env.get(s.env)!.toLowerCase().includes(s.query.toLowerCase()) ? '1' : '0')).join('');
  const variant = pair.variants.get(variantKey);
  if (variant === undefined) throw new InputError(`${slots.where}: pair ${key} has no variant ${variantKey}`);
  const texts = new Map<string, string>();
  const returned = variant.returned.map((t) => {
    let text = texts.get(t);
    if (text === undefined) {
      text = slots.file.templates[t]!.map((p) => (typeof p === 'string' ? p : renderOccurrence(p, env))).join('');
      texts.set(t, text);
    }
    return text;
  });
  const args = (variant.args ?? returned.map(() => null)).map((a) => {
    if (a === null) return null;
    const out: Record<string, string | readonly string[]> = {};
    for (const [name, t] of Object.entries(a)) {
      out[name] = t.length > 0 && Array.isArray(t[0]) ? valueList(t).map((v) => renderValue(v, env)) : renderValue(t as ValueParts, env);
    }
    return out;
  });
  return { key, variant: variantKey, returned, contexts: returned.map((_, k) => returned.slice(0, k)), args };
}

/** The exporter's provenance label (docs/corpora.md#provenance-labels): trusted when every non-empty value occurs in the prompt. */
export function provenanceLabel(values: readonly string[], prompt: string): 'trusted' | 'untrusted' {
  // toLowerCase for Python's str.lower: they differ only on characters newer than Python's Unicode database, which
  // lower-case to non-ASCII text and so cannot change whether a value occurs in an ASCII prompt (every AgentDojo one).
  const p = prompt.toLowerCase();
  return values.every((v) => v === '' || p.includes(v.toLowerCase())) ? 'trusted' : 'untrusted';
}

function withArgs(step: Step, values: Readonly<Record<string, string | readonly string[]>>, prompt: string | undefined, where: string): Step {
  const call = step.call;
  let dest = call.dest;
  const args: Arg[] = call.args.map((a) => ({ ...a }));
  for (const [name, value] of Object.entries(values)) {
    const k = args.findIndex((a) => a.name === name);
    if (k < 0) throw new InputError(`${where}: the slots give argument ${name}, which the call ${call.tool} does not have`);
    const items = typeof value === 'string' ? [value] : value;
    let provenance = 'untrusted';
    if (!step.injected) {
      if (prompt === undefined) throw new InputError(`${where}: a user-task argument depends on the payload, but the scenario has no prompt to label it against`);
      provenance = provenanceLabel(items, prompt);
    }
    args[k] = { name, provenance, text: items.join(' ') };
    if (EGRESS_ARGS[call.tool] === name) dest = items.join(',');
  }
  return { ...step, call: { ...call, args, dest } };
}

/**
 * The injection scenario of `base`'s pair under another payload: `base` (a pair of the paired or an attack corpus)
 * with every step's output and context rendered from the slots, and its payload-dependent arguments re-rendered
 * and labelled as the exporter labels them (user-task arguments against the prompt, injected ones untrusted), with
 * the egress destination they name. Everything else (id, task, twin, prompt, flags) is `base`'s. Rendering the
 * payload `base` was exported with gives `base` back.
 */
export function injectionScenario(slots: InjectionSlots, base: Scenario, assignment: Assignment): Scenario {
  if (base.kind !== 'injection') throw new InputError(`scenario ${base.id} is ${base.kind}, not an injection pair`);
  return renderedScenario(slots, base, renderPair(slots, pairKey(base.id), assignment));
}

/** `injectionScenario` from a pair already rendered (`renderPair` of `base`'s pair). */
export function renderedScenario(slots: InjectionSlots, base: Scenario, r: RenderedPair): Scenario {
  const where = `scenario ${base.id}`;
  const pair = slots.pairs.get(r.key);
  if (pair === undefined || r.key !== pairKey(base.id)) throw new InputError(`${where}: rendered for pair ${r.key}, not its own`);
  const userSteps = base.trace.filter((st) => !st.injected).length;
  if (r.returned.length !== base.trace.length || userSteps !== pair.userSteps) {
    throw new InputError(
      `${where}: has ${base.trace.length} steps (${userSteps} of the user task), the slots of pair ${r.key} ${pair.steps} (${pair.userSteps})`,
    );
  }
  const trace = base.trace.map((st, i): Step => {
    const step = r.args[i] ? withArgs(st, r.args[i]!, base.prompt, where) : st;
    return { ...step, output: r.returned[i], call: { ...step.call, context: r.returned.slice(0, i) } };
  });
  return { ...base, trace };
}
