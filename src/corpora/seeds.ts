// The seed injections of the adaptive attacker (docs/injection-slots.md#10-seed-injections): the payloads of
// AgentDojo's hijack attacks per injection task, untransformed and under the readable transforms, checked once.
import { AGENTDOJO_SUITES } from '../model/call.js';
import type { SeedsFile } from '../model/corpus-file.js';
import { InputError } from '../model/errors.js';
import { TRANSFORM_NAMES, type TransformName } from './transforms.js';

/** The transforms a seeds file must hold, in its order. */
export const SEED_TRANSFORMS: readonly TransformName[] = ['identity', ...TRANSFORM_NAMES];

export interface SeedInjections {
  /** Where the file came from (`corpora/agentdojo-v1.2-seeds.json.gz`), for messages. */
  readonly where: string;
  readonly source: string;
  readonly file: SeedsFile;
  /** The hijack attacks, in AgentDojo's registry order. */
  readonly attacks: readonly string[];
  readonly transforms: readonly TransformName[];
  /** Every injection task, `<suite>-<injection task>`, in file order. */
  readonly keys: readonly string[];
  /** The injection task's goal (untransformed). */
  goal(key: string): string;
  /** The payload the attack gives every injected vector of any pair of this injection task. */
  seed(key: string, attack: string, transform: TransformName): string;
  /**
   * The attack's payload for this injection task with `goal` in the place of its goal: what AgentDojo's attack gives
   * after the goal was rewritten to `goal` (a transformed goal gives the transformed seed).
   */
  wrap(key: string, attack: string, goal: string): string;
}

const KEY = new RegExp(`^(${AGENTDOJO_SUITES.join('|')})-injection_task_\\d+$`);

/** Check a validated seeds file once: every injection task under every attack and transform, each goal once in its seed. */
export function seedInjections(file: SeedsFile, where: string): SeedInjections {
  const fail = (what: string): never => {
    throw new InputError(`${where}: ${what}`);
  };
  if (file.transforms.join(',') !== SEED_TRANSFORMS.join(','))
    fail(`transforms are [${file.transforms.join(', ')}]; expected [${SEED_TRANSFORMS.join(', ')}]`);
  if (new Set(file.attacks).size !== file.attacks.length) fail(`attacks repeat a name: [${file.attacks.join(', ')}]`);
  for (const a of file.attacks) if (Object.hasOwn(file.excluded, a)) fail(`attack ${a} is both seeded and excluded`);
  for (const a of Object.keys(file.names)) if (!file.attacks.includes(a)) fail(`names given for ${a}, which is no seeded attack`);
  const keys = Object.keys(file.goals);
  if (keys.length === 0) fail('no injection task');
  for (const k of Object.keys(file.seeds)) if (!Object.hasOwn(file.goals, k)) fail(`seeds for ${k}, which has no goal`);
  // Per injection task and attack, the text before and after the goal in the untransformed seed.
  const frames = new Map<string, readonly [string, string]>();
  for (const key of keys) {
    if (!KEY.test(key)) fail(`injection task ${JSON.stringify(key)} is not <suite>-injection_task_<n>`);
    const goal = file.goals[key]!;
    const perAttack = file.seeds[key] ?? fail(`no seeds for ${key}`);
    for (const a of Object.keys(perAttack)) if (!file.attacks.includes(a)) fail(`${key}: seeds under ${a}, which is no seeded attack`);
    for (const attack of file.attacks) {
      const texts = perAttack[attack] ?? fail(`${key}: no seeds under ${attack}`);
      const held = Object.keys(texts).sort().join(',');
      if (held !== [...SEED_TRANSFORMS].sort().join(',')) fail(`${key} ${attack}: transforms [${held}], expected [${SEED_TRANSFORMS.join(', ')}]`);
      const parts = texts.identity!.split(goal);
      if (goal === '' || parts.length !== 2) fail(`${key} ${attack}: the goal occurs ${Math.max(parts.length - 1, 0)} times in the seed, not once`);
      frames.set(`${key}\n${attack}`, [parts[0]!, parts[1]!]);
    }
  }
  const entry = (key: string, attack: string): readonly [string, string] =>
    frames.get(`${key}\n${attack}`) ??
    (Object.hasOwn(file.goals, key) ? fail(`no seeded attack ${attack} (seeded: ${file.attacks.join(', ')})`) : fail(`no injection task ${key}`));
  return {
    where,
    source: file.source,
    file,
    attacks: file.attacks,
    transforms: SEED_TRANSFORMS,
    keys,
    goal: (key) => (Object.hasOwn(file.goals, key) ? file.goals[key]! : fail(`no injection task ${key}`)),
    seed(key, attack, transform) {
      entry(key, attack);
      if (!SEED_TRANSFORMS.includes(transform)) fail(`no transform ${transform} (held: ${SEED_TRANSFORMS.join(', ')})`);
      return file.seeds[key]![attack]![transform]!;
    },
    wrap(key, attack, goal) {
      const [before, after] = entry(key, attack);
      return before + goal + after;
    },
  };
}
