// The seed injections (docs/injection-slots.md#10-seed-injections): the pinned file loads, every injection task has
// every hijack attack under every transform, the TypeScript transforms applied to each goal rebuild every transformed
// seed, the committed corpora carry exactly the seeds of their attacks, and every seed renders into a pair.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seedInjections, SEED_TRANSFORMS } from '../../src/corpora/seeds.js';
import { renderPair } from '../../src/corpora/slots.js';
import { applyTransform, GOAL_TRANSFORMS } from '../../src/corpora/transforms.js';
import { FILES, TRANSFORMS } from '../../src/data/registry.js';
import { CorpusStore } from '../../src/data/store.js';
import { InputError } from '../../src/model/errors.js';
import type { SeedsFile } from '../../src/model/corpus-file.js';

const store = new CorpusStore();
const seeds = store.seeds();

const HIJACK = [
  'direct',
  'ignore_previous',
  'system_message',
  'injecagent',
  'important_instructions',
  'important_instructions_no_user_name',
  'important_instructions_no_model_name',
  'important_instructions_no_names',
  'important_instructions_wrong_model_name',
  'important_instructions_wrong_user_name',
  'tool_knowledge',
];

describe('the seeds file', () => {
  it('loads from the pinned file: eleven hijack attacks in registry order, the six others excluded with a reason', () => {
    expect(seeds.where).toBe('corpora/agentdojo-v1.2-seeds.json.gz');
    expect(store.seeds()).toBe(seeds);
    expect(seeds.source).toBe('AgentDojo v1.2 seed injections');
    expect(seeds.attacks).toEqual(HIJACK);
    expect(Object.keys(seeds.file.excluded).sort()).toEqual(['captcha_dos', 'dos', 'felony_dos', 'manual', 'offensive_email_dos', 'swearwords_dos']);
    for (const reason of Object.values(seeds.file.excluded)) expect(reason.length).toBeGreaterThan(20);
    expect(seeds.transforms).toEqual(['identity', ...TRANSFORMS]);
    expect(seeds.file.pipeline).toBe('local');
    expect(seeds.file.names['important_instructions_wrong_model_name']).toEqual({ user: 'Emma Johnson', model: 'Command R+' });
    expect(seeds.file.names['important_instructions_no_names']).toEqual({ user: 'the user', model: 'the AI language model' });
  });

  it('holds every injection task of the ground-truth corpus, with its goal, under every attack and transform (1,540 seeds)', () => {
    const injections = store.groundTruth().scenarios.filter((s) => s.kind === 'injection');
    expect([...seeds.keys].sort()).toEqual(injections.map((s) => s.id).sort());
    for (const s of injections) expect(seeds.goal(s.id)).toBe(s.task);
    let n = 0;
    for (const key of seeds.keys) {
      expect(Object.keys(seeds.file.seeds[key]!).sort()).toEqual([...HIJACK].sort());
      for (const attack of seeds.attacks) {
        expect(Object.keys(seeds.file.seeds[key]![attack]!).sort()).toEqual([...SEED_TRANSFORMS].sort());
        n += SEED_TRANSFORMS.length;
      }
    }
    expect(n).toBe(35 * 11 * 4);
  });

  it('the TypeScript transforms rebuild every transformed seed from its goal, and the goal each seed carries passes its check', () => {
    let rebuilt = 0;
    for (const key of seeds.keys) {
      const goal = seeds.goal(key);
      for (const attack of seeds.attacks) {
        const identity = seeds.seed(key, attack, 'identity');
        const [before, after] = identity.split(goal) as [string, string];
        for (const t of SEED_TRANSFORMS) {
          const text = seeds.seed(key, attack, t);
          expect(text, `${key} ${attack} ${t}`).toBe(seeds.wrap(key, attack, applyTransform(t, goal)));
          expect(text.startsWith(before) && text.endsWith(after)).toBe(true);
          const carried = text.slice(before.length, text.length - after.length);
          expect(GOAL_TRANSFORMS[t].check(goal, carried), `${key} ${attack} ${t}`).toBe(true);
          if (t !== 'identity') expect(text).not.toBe(identity);
          rebuilt++;
        }
      }
    }
    expect(rebuilt).toBe(1540);
  });

  it('the committed corpora carry exactly the seeds of their attacks and transforms (735 payloads)', () => {
    const slots = store.slots();
    const corpora: [string, string[], string][] = [
      ['agentdojo-v1.2-pairs.json', ['important_instructions_no_names'], 'identity'],
      ['agentdojo-v1.2-attacks.json', ['direct', 'ignore_previous', 'injecagent', 'system_message', 'tool_knowledge'], 'identity'],
      ...TRANSFORMS.map((t): [string, string[], string] => [
        `transformed/agentdojo-v1.2-attacks-${t}.json`,
        ['direct', 'ignore_previous', 'injecagent', 'system_message', 'tool_knowledge'],
        t,
      ]),
    ];
    expect(Object.keys(slots.file.corpus_payloads).sort()).toEqual(corpora.map(([c]) => c).sort());
    let n = 0;
    for (const [corpus, attacks, t] of corpora) {
      expect(Object.keys(slots.file.corpus_payloads[corpus]!).sort()).toEqual([...attacks].sort());
      for (const attack of attacks) {
        for (const key of seeds.keys) {
          const [suite, task] = [key.slice(0, key.indexOf('-')), key.slice(key.indexOf('-') + 1)];
          expect(seeds.seed(key, attack, t as 'identity'), `${corpus} ${attack} ${key}`).toBe(slots.committedPayload(corpus, attack, suite, task));
          n++;
        }
      }
    }
    expect(n).toBe(735);
  });

  it('every seed renders into the first pair of its injection task (none hits a restriction of the slots)', () => {
    const slots = store.slots();
    const firstPair = new Map<string, string>();
    for (const key of slots.pairs.keys()) {
      const task = key.slice(0, key.indexOf('-')) + key.slice(key.lastIndexOf('-'));
      if (!firstPair.has(task)) firstPair.set(task, key);
    }
    let n = 0;
    for (const key of seeds.keys) {
      const pair = firstPair.get(key)!;
      for (const attack of seeds.attacks) {
        for (const t of SEED_TRANSFORMS) {
          expect(renderPair(slots, pair, seeds.seed(key, attack, t)).returned.length).toBeGreaterThan(0);
          n++;
        }
      }
    }
    expect(n).toBe(1540);
  });
});

describe('a seeds file that breaks what the attacker relies on is refused, naming the file', () => {
  const edited = (edit: (f: SeedsFile) => void): SeedsFile => {
    const f = structuredClone(seeds.file) as SeedsFile;
    edit(f);
    return f;
  };
  const where = 'seeds.json';
  const key = 'banking-injection_task_0';

  it.each([
    ['a transform missing for one attack', (f: SeedsFile) => delete f.seeds[key]!['direct']!['leet'], `${where}: ${key} direct: transforms [field_split,framing,identity], expected [identity, framing, field_split, leet]`],
    ['an attack missing for one task', (f: SeedsFile) => delete f.seeds[key]!['tool_knowledge'], `${where}: ${key}: no seeds under tool_knowledge`],
    ['seeds of an attack not listed', (f: SeedsFile) => (f.seeds[key]!['dos'] = f.seeds[key]!['direct']!), `${where}: ${key}: seeds under dos, which is no seeded attack`],
    ['a goal twice in its seed', (f: SeedsFile) => (f.seeds[key]!['direct']!['identity'] += ` ${f.goals[key]!}`), `${where}: ${key} direct: the goal occurs 2 times in the seed, not once`],
    ['a goal absent from its seed', (f: SeedsFile) => (f.goals[key] = 'something else'), `${where}: ${key} direct: the goal occurs 0 times in the seed, not once`],
    ['a task without seeds', (f: SeedsFile) => (f.goals['banking-injection_task_99'] = 'x'), `${where}: no seeds for banking-injection_task_99`],
    ['other transforms', (f: SeedsFile) => (f.transforms = ['identity', 'leet']), `${where}: transforms are [identity, leet]; expected [identity, framing, field_split, leet]`],
    ['an attack both seeded and excluded', (f: SeedsFile) => (f.excluded['direct'] = 'why'), `${where}: attack direct is both seeded and excluded`],
  ])('%s', (_, edit, message) => {
    expect(() => seedInjections(edited(edit), where)).toThrow(new InputError(message));
  });

  it('asking for an unknown task, attack or transform is an InputError naming the file', () => {
    expect(() => seeds.seed('banking-injection_task_99', 'direct', 'identity')).toThrow(
      new InputError('corpora/agentdojo-v1.2-seeds.json.gz: no injection task banking-injection_task_99'),
    );
    expect(() => seeds.wrap(key, 'dos', 'x')).toThrow(/^corpora\/agentdojo-v1\.2-seeds\.json\.gz: no seeded attack dos \(seeded: direct, /);
    expect(() => seeds.seed(key, 'direct', 'rot13' as 'identity')).toThrow(/no transform rot13/);
  });

  it('the store refuses a seeds file that differs from the manifest', () => {
    const root = mkdtempSync(join(tmpdir(), 'ade-seeds-'));
    cpSync(join(store.root, 'corpora'), join(root, 'corpora'), { recursive: true });
    const path = join(root, 'corpora', FILES.seeds);
    const doc = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as SeedsFile;
    doc.seeds[key]!['direct']!['identity'] = 'TODO: something else';
    writeFileSync(path, gzipSync(Buffer.from(JSON.stringify(doc))));
    expect(() => new CorpusStore(root).seeds()).toThrow(/agentdojo-v1\.2-seeds\.json\.gz/);
    expect(() => new CorpusStore(root).seeds()).toThrow(InputError);
  });
});
