// Shards of an adaptive attack (docs/shards.md#adaptive-attacks): each target searched whole by one
// shard, against your defense and the reference defenses; the merge gives the report and the
// results section of one unsharded attack, byte for byte but for the count of benign runs slipped
// in (a secret random draw in every run), for a stateless defense (whose queries are the union of
// the parts' distinct requests) and a stateful one, for a search and a replay; and it refuses
// parts that do not fit the plan, the settings or the run, naming the file.
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { CorpusStore } from '../../src/data/store.js';
import { loadCorpora, mergeShards, scoreShard, scoreUserDefense, type ScoreOptions } from '../../src/run/score.js';
import { attackShard, mergeAttack, withAttackPart } from '../../src/run/shard.js';
import { adaptiveInputs, adaptiveSection, attack, withAttackedDefense, withStaticCheck, type AttackHow } from '../../src/run/adaptive.js';
import type { AttackedDefense } from '../../src/scoring/adaptive.js';
import type { DefenseSpec } from '../../src/adapters/index.js';
import { PartialResultsSchema, type PartialResults } from '../../src/gate/shard.js';
import { targetPlan } from '../../src/scoring/shard.js';
import type { AdaptiveReport } from '../../src/evaluate/adaptive.js';
import type { AdaptiveSection } from '../../src/gate/results.js';
import { adaptiveMarkdown } from '../../src/report/adaptive.js';
import { escapeMarkdown } from '../../src/format/escape.js';

const store = new CorpusStore();
const corpora = loadCorpora(['pairs'], () => store);
const pairs = corpora[0]!;
const all = adaptiveInputs(pairs, store);
// banking's 36 targets (144 cases): every target kind of the corpus, at a test's cost.
const inputs = { ...all, targets: all.targets.filter((t) => t.suite === 'banking') };
const search: AttackHow = { mode: 'search', options: { iterations: 2, seed: '7' } };
const fixture = (f: string): DefenseSpec => ({ kind: 'module', path: resolve('test/fixtures/defenses', f) });
const opts: ScoreOptions = { name: undefined, keyName: 'default', timeoutMs: 10_000, cwd: process.cwd(), commit: 'c0ffee' };
type Part = { file: string; value: PartialResults };

const withAttacked = <T>(spec: DefenseSpec, body: (mine: AttackedDefense) => Promise<T>) =>
  withAttackedDefense(spec, { timeoutMs: 10_000, cwd: process.cwd() }, all.corpus, body);

/** One process's run: scoring, then the attack with its static check, as both shells run it. */
async function whole(spec: DefenseSpec, how: AttackHow) {
  const scored = await scoreUserDefense(spec, corpora, opts);
  const report = await withAttacked(spec, async (mine) =>
    withStaticCheck(await attack(inputs, how, mine), inputs, scored.runs.get('pairs')!.outcomes),
  );
  return { scored, report };
}

async function parts(spec: DefenseSpec, count: number, how: AttackHow): Promise<Part[]> {
  const out: Part[] = [];
  for (let index = 1; index <= count; index++) {
    const shard = { index, count };
    const scored = await scoreShard(spec, corpora, opts, shard);
    const part = await withAttacked(spec, (mine) => attackShard(inputs, how, mine, shard));
    const value = withAttackPart(scored, 'pairs', part);
    out.push({ file: `part-${index}.json`, value: PartialResultsSchema.parse(JSON.parse(JSON.stringify(value))) });
  }
  return out;
}

function merged(ps: readonly Part[], expected?: Parameters<typeof mergeAttack>[4]) {
  const scored = mergeShards(corpora, opts, ps);
  return mergeAttack(
    corpora,
    ps,
    (c) => adaptiveInputs(c, store),
    (c) => scored.runs.get(c)!.outcomes,
    expected,
  );
}

/** The count of benign runs slipped in is a secret draw in every run, sharded or not: everything else must agree. */
const drawAside = (r: AdaptiveReport) =>
  JSON.stringify({ ...r, sentinels: undefined, static_check: { ...r.static_check, benign_runs: undefined } }, null, 2);
const sectionAside = (s: AdaptiveSection) => JSON.stringify({ ...s, static_check: { ...s.static_check, benign_runs: undefined } }, null, 2);

describe('the plan of attack targets', () => {
  it('gives every target to exactly one shard, close in calls, the same every time', () => {
    const calls = all.targets.map((t) => t.cases.reduce((n, c) => n + c.trace.length, 0));
    for (const n of [1, 3, 8, 300]) {
      const plan = targetPlan(all.targets, n);
      expect(plan).toEqual(targetPlan(all.targets, n));
      expect(plan.length).toBe(all.targets.length);
      const load = Array.from({ length: n }, (_, j) => calls.filter((_, i) => plan[i] === j).reduce((a, b) => a + b, 0));
      expect(load.reduce((a, b) => a + b, 0)).toBe(calls.reduce((a, b) => a + b, 0));
      // Longest first to the least loaded: no shard exceeds another by more than the biggest target.
      if (n <= all.targets.length) expect(Math.max(...load) - Math.min(...load), `${n}`).toBeLessThanOrEqual(Math.max(...calls));
    }
  });
});

describe('a sharded attack merges into one process’s attack', () => {
  for (const [what, file] of [
    ['a stateless defense (its queries: the union of the parts’ distinct requests)', 'template-detector-module.mjs'],
    ['a stateful protocol-v2 defense with session memory (its queries: the parts’ sum)', 'session-memory-module.mjs'],
  ] as const)
    it(`${what}: the report and the results section, in 1, 3 and 8 parts`, async () => {
      const one = await whole(fixture(file), search);
      const mine = one.report.results[0]!;
      // The attack must find something and the check must compare something, or equality shows nothing.
      expect(mine.overall.cases).toBe(144);
      expect(one.report.static_check).toMatchObject({ cases: 144, differing: 0, benign_differing: 0 });
      if (file === 'template-detector-module.mjs') {
        expect(mine.overall.static).toBe(0);
        expect(mine.overall.adaptive).toBeGreaterThan(0);
      }
      const section = sectionAside(adaptiveSection(one.report, mine));
      for (const n of [1, 3, 8]) {
        const ps = await parts(fixture(file), n, search);
        const m = merged(ps)!;
        expect(m.corpus).toBe('pairs');
        expect(drawAside(m.report), `${n} parts`).toBe(drawAside(one.report));
        expect(sectionAside(adaptiveSection(m.report, m.report.results[0]!)), `${n} parts`).toBe(section);
        expect(m.report.static_check!.benign_differing).toBe(0);
        const summed = ps.reduce((s, p) => s + p.value.corpora[0]!.adaptive!.results[0]!.queries, 0);
        if (file === 'template-detector-module.mjs' && n > 1)
          // A stateless defense is asked a request once per process: a sum would count shared ones again.
          expect(summed).toBeGreaterThan(mine.queries);
        else expect(summed).toBe(mine.queries);
      }
    });

  it('a replay of saved winners, in 3 parts', async () => {
    const spec = fixture('template-detector-module.mjs');
    const saved = await whole(spec, search);
    const replay: AttackHow = { mode: 'replay', saved: adaptiveSection(saved.report, saved.report.results[0]!), where: 'r.json' };
    const one = await whole(spec, replay);
    expect(one.report.optimiser).toBe('replay of mutation');
    const m = merged(await parts(spec, 3, replay))!;
    expect(drawAside(m.report)).toBe(drawAside(one.report));
  });
});

describe('the merge of an attack refuses', () => {
  const spec = fixture('template-detector-module.mjs');
  let three: Part[];
  const get = async () => (three ??= await parts(spec, 3, search));
  const edit = (p: Part, file: string, f: (a: NonNullable<PartialResults['corpora'][0]['adaptive']>) => void): Part => {
    const value = structuredClone(p.value);
    f(value.corpora[0]!.adaptive!);
    return { file, value };
  };

  it('a part without its share of the attack, parts of other settings or other targets', async () => {
    const [p1, p2, p3] = await get();
    const none = structuredClone(p2!.value);
    delete none.corpora[0]!.adaptive;
    expect(() => merged([p1!, { file: 'n.json', value: none }, p3!])).toThrow(
      'n.json: it has no part of the adaptive attack on pairs, part-1.json has',
    );
    expect(() => merged([p1!, edit(p2!, 's.json', (a) => (a.seed = '8')), p3!])).toThrow(
      's.json: the adaptive attack on pairs: its settings are not those of part-1.json',
    );
    expect(() => merged([p1!, edit(p2!, 'k.json', (a) => a.plan.pop()), p3!])).toThrow(
      'k.json: the adaptive attack on pairs: its targets are not those of part-1.json',
    );
    expect(() => merged([edit(p1!, 'v.json', (a) => (a.plan[0]!.size = 9)), p2!, p3!])).toThrow(
      "v.json: adaptive target banking/injection_task_0/injection_bill_text is not one of pairs's targets (another corpus version?)",
    );
  });

  it('targets that are not the shard’s, dropped reference defenses, results that do not fit', async () => {
    const [p1, p2, p3] = await get();
    expect(() => merged([p1!, edit(p2!, 't.json', (a) => a.results[0]!.targets.reverse()), p3!])).toThrow(
      /t\.json: the adaptive attack on pairs: "template-detector"'s targets are not those of shard 2 under the plan/,
    );
    expect(() => merged([p1!, edit(p2!, 'r.json', (a) => a.results.splice(2, 1)), p3!])).toThrow(
      /r\.json: the adaptive attack on pairs: it attacked "template-detector", "allow-all", "keyword-filter", .*, not "template-detector", "allow-all", "deny-all"/,
    );
    expect(() => merged([p1!, edit(p2!, 'c.json', (a) => (a.results[1]!.targets[0]!.static_cases += '1')), p3!])).toThrow(
      /c\.json: the adaptive attack on pairs: target .* has \d+ cases, its results do not/,
    );
  });

  it('forged counts and benign runs', async () => {
    const [p1, p2, p3] = await get();
    expect(() => merged([p1!, edit(p2!, 'q.json', (a) => (a.results[0]!.queries -= 1)), p3!])).toThrow(
      /q\.json: the adaptive attack on pairs: \d+ distinct requests for \d+ queries/,
    );
    expect(() => merged([p1!, edit(p2!, 'x.json', (a) => (a.results[1]!.requests = [])), p3!])).toThrow(
      'x.json: the adaptive attack on pairs: requests kept for the reference defense "allow-all"',
    );
    expect(() => merged([p1!, edit(p2!, 'y.json', (a) => delete a.results[0]!.requests), p3!])).toThrow(
      "pairs: the parts' defense kept its answers across batches in some parts and not in others",
    );
    const injected = pairs.scenarios.find((s) => s.kind === 'injection')!.id;
    expect(() => merged([p1!, edit(p2!, 'b.json', (a) => a.sentinels!.push({ scenario: injected, outcome: 1 })), p3!])).toThrow(
      `b.json: the adaptive attack on pairs: a benign run of ${JSON.stringify(injected)}, which is not a benign task of pairs`,
    );
    expect(() => merged([p1!, edit(p2!, 'z.json', (a) => delete a.sentinels), p3!])).toThrow(
      "z.json: the adaptive attack on pairs: benign runs were slipped into some parts' attacks and not into others",
    );
  });

  it('a part whose attack outcomes were edited to fit no scoring: the merged check against scoring shows it', async () => {
    const [p1, p2, p3] = await get();
    expect(merged([p1!, p2!, p3!])!.report.static_check).toMatchObject({ cases: 144, differing: 0 });
    // The detector stopped every static run in scoring; a part claiming one got through in the attack disagrees.
    const t = p2!.value.corpora[0]!.adaptive!.results[0]!.targets[0]!;
    const forged = edit(p2!, 'f.json', (a) => (a.results[0]!.targets[0]!.static_cases = '1' + t.static_cases.slice(1)));
    const check = merged([p1!, forged, p3!])!.report.static_check!;
    expect(check.differing).toBe(1);
    expect(check.example).toMatch(/: stopped in scoring, compromised in the attack$/);
  });

  it('a hostile defense name in the parts stays text in the merged report', async () => {
    const hostile = '<img src=x onerror=alert(1)> | **[x](https://evil)**\n# heading';
    const renamed = (await get()).map((p) => {
      const value = structuredClone(p.value);
      value.defense = hostile;
      value.corpora[0]!.adaptive!.results[0]!.defense = hostile;
      return { ...p, value };
    });
    const md = adaptiveMarkdown(merged(renamed)!.report);
    expect(md).toContain(escapeMarkdown(hostile));
    for (const raw of ['<img', '](https://evil)', '\n# heading', '| **']) expect(md).not.toContain(raw);
  });

  it('parts made under other inputs than the merge job’s own', async () => {
    const ps = await get();
    const where = 'input adaptive';
    expect(() => merged(ps, { where, how: { mode: 'search', options: { iterations: 3, seed: '7' } }, inputs })).toThrow(
      "input adaptive: the parts attacked with 2 iterations, seed 7 (mutation), this job's inputs give 3, seed 7 (mutation)",
    );
    expect(() => merged(ps, { where, how: search, inputs: all })).toThrow(
      "input adaptive: the parts attacked 36 targets, this job's inputs give 223",
    );
    expect(merged(ps, { where, how: search, inputs })!.report.targets).toBe(36);
    const plain = ps.map((p) => {
      const value = structuredClone(p.value);
      delete value.corpora[0]!.adaptive;
      return { ...p, value };
    });
    expect(merged(plain)).toBeUndefined();
    expect(() => merged(plain, { where, how: search, inputs })).toThrow('input adaptive: the parts attacked nothing');
  });
});
