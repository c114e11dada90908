// Shards (docs/shards.md): every corpus kind scored in parts and merged gives the results file of
// one unsharded run byte for byte, for a stateless and a stateful defense; the merge refuses parts
// that are missing, given twice, from another split, another run or another plan.
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { CorpusStore } from '../../src/data/store.js';
import { loadCorpora, mergeShards, scoreShard, scoreUserDefense, type ScoreOptions } from '../../src/run/score.js';
import { playShardStreams } from '../../src/run/shard.js';
import type { CorpusName } from '../../src/data/registry.js';
import type { DefenseSpec } from '../../src/adapters/index.js';
import type { PartialResults } from '../../src/gate/shard.js';
import { PartialResultsSchema } from '../../src/gate/shard.js';
import { onlineDetails, onlineSettings, playUserDefense, withOnlineSections } from '../../src/run/online.js';
import { streamsOf } from '../../src/evaluate/online.js';
import type { OnlineSettings } from '../../src/model/online.js';
import { shardIndices, shardPlan, shardUnits, parseShard } from '../../src/scoring/shard.js';
import { twinId } from '../../src/corpora/ids.js';
import { judge } from '../../src/scoring/judge.js';
import { allowAll, denyAll } from '../../src/defenses/trivial.js';

const store = new CorpusStore();
// Every corpus kind: bundled, ground-truth, paired, attacks, trajectory.
const KINDS: CorpusName[] = ['bundled', 'agentdojo', 'pairs', 'attacks-leet', 'agentdyn-gpt-4o-2024-08-06'];
const corpora = loadCorpora(KINDS, () => store);
const fixture = (f: string): DefenseSpec => ({ kind: 'module', path: resolve('test/fixtures/defenses', f) });
const opts: ScoreOptions = { name: undefined, keyName: 'default', timeoutMs: 10_000, cwd: process.cwd(), commit: 'c0ffee' };

async function parts(spec: DefenseSpec, count: number): Promise<{ file: string; value: PartialResults }[]> {
  const out = [];
  for (let index = 1; index <= count; index++) {
    const value = await scoreShard(spec, corpora, opts, { index, count });
    // What the merge job reads is a file: the part goes through JSON and the schema.
    out.push({ file: `part-${index}.json`, value: PartialResultsSchema.parse(JSON.parse(JSON.stringify(value))) });
  }
  return out;
}

describe('the plan', () => {
  it('puts every scenario in exactly one shard, a pair with its twin, and keeps the shards close in size', () => {
    for (const c of corpora) {
      const plan = shardPlan(c.scenarios, 8);
      const at = new Map(c.scenarios.map((s, i) => [s.id, i]));
      let pairs = 0;
      c.scenarios.forEach((s, i) => {
        const twin = s.kind === 'injection' && s.twin.length > 0 ? at.get(twinId(s.id)!) : undefined;
        if (twin !== undefined) {
          pairs++;
          expect(plan[twin], `${c.name}: ${s.id}`).toBe(plan[i]);
        }
      });
      if (c.kind === 'paired' || c.kind === 'attacks') expect(pairs).toBeGreaterThan(0);
      const indices = Array.from({ length: 8 }, (_, j) => shardIndices(c.scenarios, { index: j + 1, count: 8 }));
      expect(indices.flat().sort((a, b) => a - b)).toEqual(c.scenarios.map((_, i) => i));
      const load = indices.map((ix) => ix.reduce((n, i) => n + c.scenarios[i]!.trace.length + c.scenarios[i]!.twin.length, 0));
      const biggest = Math.max(
        ...shardUnits(c.scenarios).map((u) => u.reduce((n, i) => n + c.scenarios[i]!.trace.length + c.scenarios[i]!.twin.length, 0)),
      );
      // Longest first to the least loaded: no shard exceeds another by more than the biggest unit.
      expect(Math.max(...load) - Math.min(...load), c.name).toBeLessThanOrEqual(biggest);
    }
  });

  it('is the same plan every time, and one shard is the whole corpus', () => {
    const pairs = corpora[2]!;
    expect(shardPlan(pairs.scenarios, 5)).toEqual(shardPlan(pairs.scenarios, 5));
    expect(shardIndices(pairs.scenarios, { index: 1, count: 1 })).toEqual(pairs.scenarios.map((_, i) => i));
  });

  it('reads i/n and refuses anything else, naming it', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    expect(parseShard(' 1/1 ')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/8', '9/8', '8', '1/0', '-1/2', '1/2/3', 'a/b', '1.5/2', '', '1/257', '01/2'])
      expect(parseShard(bad), bad).toEqual(expect.stringContaining(JSON.stringify(bad)));
  });
});

describe('merged parts equal one run', () => {
  for (const [defense, file] of [
    ['a stateless defense', 'rule-module.mjs'],
    ['a stateful protocol-v2 defense with session memory and asks', 'session-memory-module.mjs'],
  ] as const)
    it(`${defense}: every corpus kind, byte for byte, in 1, 3 and 8 parts`, async () => {
      const whole = await scoreUserDefense(fixture(file), corpora, opts);
      const text = JSON.stringify(whole.results, null, 2);
      // The defense must do something on every kind, or the equality shows nothing.
      for (const c of whole.results.corpora) expect(c.outcomes, c.corpus).toMatch(/^(?!(.)\1*$)/);
      // The stateful one halts pairs attributably: the twin's own session must be in the same shard.
      if (file === 'session-memory-module.mjs') expect(whole.results.corpora.find((c) => c.corpus === 'pairs')!.outcomes).toContain('5');
      for (const n of [1, 3, 8]) {
        const merged = mergeShards(corpora, opts, await parts(fixture(file), n));
        expect(JSON.stringify(merged.results, null, 2), `${n} parts`).toBe(text);
        expect(merged.name).toBe(whole.name);
        for (const c of corpora) {
          const [a, b] = [whole.runs.get(c.name)!, merged.runs.get(c.name)!];
          expect([...b.denials.entries()], `${c.name} denials`).toEqual([...a.denials.entries()]);
          expect(Array.from(b.asks)).toEqual(Array.from(a.asks));
          expect(b.halts && [Array.from(b.halts.stop), Array.from(b.halts.deny)]).toEqual(
            a.halts && [Array.from(a.halts.stop), Array.from(a.halts.deny)],
          );
        }
      }
    });
});

describe('the merge refuses', () => {
  const rule = fixture('rule-module.mjs');
  let three: { file: string; value: PartialResults }[];
  const get = async () => (three ??= await parts(rule, 3));
  const merge =
    (ps: { file: string; value: PartialResults }[], keyName = 'default') =>
    () =>
      mergeShards(corpora, { keyName }, ps);

  it('a missing part, a part given twice, a part of another split', async () => {
    const [p1, p2, p3] = await get();
    expect(merge([p1!, p3!])).toThrow('merge: shard 2/3 is missing');
    expect(merge([p1!, p2!, p3!, { ...p2!, file: 'again.json' }])).toThrow('again.json: shard 2/3 is given twice (also part-2.json)');
    const other = await scoreShard(rule, corpora, opts, { index: 2, count: 4 });
    expect(merge([p1!, { file: 'four.json', value: other }, p3!])).toThrow(
      'four.json: it is shard 2/4, but part-1.json is from a split into 3',
    );
    expect(merge([])).toThrow('no partial results files');
  });

  it('parts of another run: another name, commit, corpus version or defense', async () => {
    const [p1, p2, p3] = await get();
    expect(merge([p1!, p2!, p3!], 'other')).toThrow(
      /part-1\.json: cannot be merged into this run: it was scored under the name "default", not "other"/,
    );
    const commit = { file: 'c.json', value: { ...p2!.value, commit: 'beef' } };
    expect(merge([p1!, commit, p3!])).toThrow('c.json: it was scored at commit beef, part-1.json at c0ffee');
    const renamed = { file: 'n.json', value: { ...p2!.value, defense: 'better' } };
    expect(merge([p1!, renamed, p3!])).toThrow('n.json: it scored the defense "better", part-1.json "rule-module"');
    const version = structuredClone(p3!.value);
    version.key.corpora['pairs'] = 'f'.repeat(64);
    expect(merge([p1!, p2!, { file: 'v.json', value: version }])).toThrow(
      /v\.json: cannot be merged into this run: its corpus pairs is version ffffffffffff/,
    );
    const tool = structuredClone(p3!.value);
    tool.key.tool_version = '0.9.0';
    expect(merge([p1!, p2!, { file: 't.json', value: tool }])).toThrow(/t\.json: .*agent-defense-eval 0\.9\.0/);
  });

  it('a part whose scenarios are not its shard’s, or whose outcomes do not fit them', async () => {
    const [p1, p2, p3] = await get();
    const moved = structuredClone(p2!.value);
    const c = moved.corpora.find((x) => x.corpus === 'pairs')!;
    c.scenarios = [...c.scenarios.slice(1), c.scenarios[0]!];
    expect(merge([p1!, { file: 'm.json', value: moved }, p3!])).toThrow(
      /m\.json: corpus pairs: its scenarios are not those of shard 2 under the plan/,
    );
    const short = structuredClone(p2!.value);
    short.corpora.find((x) => x.corpus === 'pairs')!.outcomes = '1';
    expect(merge([p1!, { file: 's.json', value: short }, p3!])).toThrow(
      /s\.json: corpus pairs: 1 outcomes and \d+ confirmation counts for \d+ scenarios/,
    );
    const lost = structuredClone(p2!.value);
    lost.corpora = lost.corpora.filter((x) => x.corpus !== 'agentdojo');
    expect(merge([p1!, { file: 'l.json', value: lost }, p3!])).toThrow('l.json: it has no part of corpus agentdojo');
    const halts = structuredClone(p2!.value);
    delete halts.corpora.find((x) => x.corpus === 'agentdyn-gpt-4o-2024-08-06')!.halts;
    expect(merge([p1!, { file: 'h.json', value: halts }, p3!])).toThrow(
      /h\.json: corpus agentdyn-gpt-4o-2024-08-06: the halts of its recorded runs are missing/,
    );
    const denial = structuredClone(p2!.value);
    const d = denial.corpora.find((x) => x.corpus === 'pairs')!;
    d.denials.push({ at: p1!.value.corpora.find((x) => x.corpus === 'pairs')!.scenarios[0]!, step: 0, tool: 'x', reason: 'forged' });
    expect(merge([p1!, { file: 'd.json', value: denial }, p3!])).toThrow(
      /d\.json: corpus pairs: a denial of scenario \d+, which is not in its shard/,
    );
  });
});

describe('online streams in shards', () => {
  const online = loadCorpora(['pairs', 'agentdyn-gpt-4o-2024-08-06'], () => store);
  const learner: DefenseSpec = {
    kind: 'command',
    command: `"${process.execPath}" "${resolve('test/fixtures/defenses/learner-stdio.mjs')}" -`,
  };
  const open = { name: undefined, timeoutMs: 10_000, cwd: process.cwd() };
  const settingsOf = (seed: string) => onlineSettings({ seed });

  /** One part: the shard's scenarios and its streams, under the seed its job drew, through JSON and the schema. */
  async function part(index: number, count: number, seed: string) {
    const scored = await scoreShard(learner, online, opts, { index, count });
    const played = await playShardStreams(learner, online, settingsOf(seed), open, scored, { index, count });
    return { file: `part-${index}.json`, value: PartialResultsSchema.parse(JSON.parse(JSON.stringify(played))) };
  }

  it('a learner: every stream played whole by one shard, merged byte for byte under one seed', async () => {
    const whole = await scoreUserDefense(learner, online, opts);
    const mine = await playUserDefense(learner, online, settingsOf('7'), open, whole.name);
    const text = JSON.stringify(
      withOnlineSections(whole.results, (c) => mine.get(c)?.section),
      null,
      2,
    );
    const parts = [await part(1, 3, '7'), await part(2, 3, '7'), await part(3, 3, '7')];
    // 4 streams on pairs and 3 on agentdyn, dealt in turn: 3, 2 and 2 streams.
    expect(parts.map((p) => p.value.corpora.reduce((n, c) => n + c.online!.streams.length, 0))).toEqual([3, 2, 2]);
    const merged = mergeShards(online, opts, parts);
    expect(JSON.stringify(merged.results, null, 2)).toBe(text);
    // The learner learns: its stream outcomes are not all equal, so the equality says something.
    expect(merged.results.corpora[0]!.online!.learns).toBe(true);
  });

  it('each job its own seed: the merged settings keep every stream’s, and the streams are rebuilt from them', async () => {
    const parts = [await part(1, 2, '11'), await part(2, 2, '22')];
    const merged = mergeShards(online, opts, parts);
    for (const c of merged.results.corpora) {
      const corpus = online.find((x) => x.name === c.corpus)!;
      const s = c.online!.settings;
      expect(s.seed).toBe('11');
      expect(Object.values(s.seeds ?? {})).toEqual(c.online!.streams.filter((_, i) => i % 2 === 1).map(() => '22'));
      const rebuilt = streamsOf(corpus, s as OnlineSettings).described.streams;
      expect(rebuilt.map((x) => x.episodes)).toEqual(c.online!.streams.map((x) => x.episodes));
    }
    // The report's rows are rebuilt from the results alone (the references played on the same streams).
    const reports = await onlineDetails(online, merged.results, merged.name);
    expect(Object.keys(reports)).toEqual(['pairs', 'agentdyn-gpt-4o-2024-08-06']);
  });

  it('refuses a stream its seed does not build, a stream of another shard, other settings, a part without streams', async () => {
    const [p1, p2] = [await part(1, 2, '5'), await part(2, 2, '6')];
    const merge = (a: typeof p1, b: typeof p2) => () => mergeShards(online, opts, [a, b]);
    const forged = structuredClone(p2);
    const stream = forged.value.corpora[0]!.online!.streams[0]!;
    stream.episodes = [...stream.episodes].reverse();
    expect(merge(p1, forged)).toThrow(/part-2\.json: corpus pairs: online: its travel stream is not the one its seed 6 builds/);
    const moved = structuredClone(p2);
    moved.value.corpora[0]!.online!.streams.push(p1.value.corpora[0]!.online!.streams[0]!);
    expect(merge(p1, moved)).toThrow(
      /part-2\.json: corpus pairs: online: it played travel, slack, workspace, the plan gives shard 2 travel, slack/,
    );
    const other = structuredClone(p2);
    other.value.corpora[0]!.online!.settings.attacks = 40;
    expect(merge(p1, other)).toThrow(
      /part-2\.json: corpus pairs: online: its settings are not those of part-1\.json \(only the seed may differ\)/,
    );
    const none = structuredClone(p2);
    delete none.value.corpora[1]!.online;
    expect(merge(p1, none)).toThrow('part-2.json: it has no online streams of corpus agentdyn-gpt-4o-2024-08-06, part-1.json has');
  });
});

describe('a defense that reads ids or counts what it is asked gains nothing from a shard', () => {
  // The id-memory probe decides from the opaque ids it has seen (test/probes-cross-corpus.test.ts):
  // in a shard it sees fewer runs, grouped as the plan groups them (a pair with its twin), under
  // ids of that job's own secrets. It must score like its trivial counterpart there too.
  const probe = (rule: string, stateless: boolean): DefenseSpec => ({
    kind: 'command',
    command: `"${process.execPath}" "${resolve('test/fixtures/defenses/id-memory-probe.mjs')}" ${rule} 1 ${stateless}`,
  });
  const two = loadCorpora(['pairs', 'agentdojo'], () => store);
  for (const [rule, like] of [
    ['repeat-is-benign', allowAll],
    ['only-known', denyAll],
  ] as const)
    for (const stateless of [false, true])
      it(`${rule} (stateless ${stateless}): merged from 3 parts, ${like.name} on every scenario`, async () => {
        const parts = [];
        for (const index of [1, 2, 3])
          parts.push({ file: `${index}.json`, value: await scoreShard(probe(rule, stateless), two, opts, { index, count: 3 }) });
        const merged = mergeShards(two, opts, parts);
        for (const c of two)
          expect(merged.results.corpora.find((x) => x.corpus === c.name)!.outcomes, c.name).toBe([...judge(like, c.scenarios)].join(''));
      });
});
