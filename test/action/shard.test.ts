// The action's shard and merge modes (docs/shards.md): matrix jobs each score a part and write it
// (no base, no verdict, no comment, nothing cached), and the merge job puts the parts together,
// compares with the base, gates and comments once, exactly as one job scoring the whole run would.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseActionConfig } from '../../src/action/config.js';
import { commentMarker } from '../../src/action/comment.js';
import { BOT } from './github-server.js';
import { DirCache, policy, runAction, type Event, useFakeGitHub } from './harness.js';

const gh = useFakeGitHub();
let cache: DirCache;
beforeEach(() => {
  gh.comments.clear();
  gh.requests.length = 0;
  cache = new DirCache();
});

const BASE = 'b'.repeat(40);
const pr: Event = { name: 'pull_request', sha: 'm'.repeat(40), pr: { number: 7, base: BASE, head: 'c'.repeat(40) } };
const corpora = 'bundled,pairs,agentdyn-gpt-4o-2024-08-06';
/**
 * The report but for the footer's request count: the parts of a stateless defense ask identical
 * requests once per part, not once per run, and the report says how many were asked.
 */
const figures = (md: string) => {
  expect(md).toMatch(/ · \d+ requests for \d+ decisions · /);
  return md.replace(/ · \d+ requests for \d+ decisions · /, ' · ');
};
const ours = () => (gh.comments.get(7) ?? []).filter((c) => c.user.login === BOT && c.body.includes(commentMarker('default')));

/** The matrix: each job scores its part; the parts land in the merge job's workspace as artifacts do, one directory each. */
async function matrix(defense: string, event: Event, count: number): Promise<string> {
  const workspace = mkdtempSync(join(tmpdir(), 'merge-ws-'));
  const saved = cache.saved.length;
  const requests = gh.requests.length;
  for (let i = 1; i <= count; i++) {
    const r = await runAction({ defense, corpora, shard: `${i}/${count}` }, event, { apiUrl: gh.url, cache });
    expect(r.code, r.failed.join('\n')).toBe(0);
    // A part: no verdict, no results or record (so nothing is cached or commented), the part's path.
    expect(r.outputs['verdict']).toBeUndefined();
    expect(r.outputs['results-path']).toBeUndefined();
    expect(r.outputs['record-path']).toBeUndefined();
    expect(r.outputs['partial-path']).toMatch(new RegExp(`shard-${i}-of-${count}\\.json$`));
    expect(r.infos.join('\n')).toMatch(new RegExp(`scored shard ${i}/${count} of policy \\(scenarios: bundled \\d+/10, pairs \\d+/1046`));
    mkdirSync(join(workspace, 'parts', `part-${i}`), { recursive: true });
    cpSync(r.outputs['partial-path']!, join(workspace, 'parts', `part-${i}`, 'partial.json'));
  }
  expect(cache.saved).toHaveLength(saved);
  expect(gh.requests).toHaveLength(requests);
  return workspace;
}

describe('shard and merge', () => {
  it('a push: the merged results, report and verdict are those of one job, and the merge job saves them for pull requests', async () => {
    const whole = await runAction({ defense: policy('guard'), corpora }, { name: 'push', sha: BASE }, { apiUrl: gh.url, cache });
    expect(whole.code).toBe(0);
    const results = readFileSync(whole.outputs['results-path']!, 'utf8');
    const report = readFileSync(whole.outputs['report-path']!, 'utf8');
    cache = new DirCache();
    const workspace = await matrix(policy('guard'), { name: 'push', sha: BASE }, 3);
    const merged = await runAction(
      { defense: policy('guard'), corpora, merge: 'parts' },
      { name: 'push', sha: BASE },
      { apiUrl: gh.url, cache, workspace },
    );
    expect(merged.code, merged.failed.join('\n')).toBe(0);
    expect(readFileSync(merged.outputs['results-path']!, 'utf8')).toBe(results);
    expect(figures(readFileSync(merged.outputs['report-path']!, 'utf8'))).toBe(figures(report));
    expect(merged.outputs['verdict']).toBe('pass');
    expect(cache.saved).toEqual([`agent-defense-eval-v2:default:${BASE}`]);
  });

  it('a regression PR: the merge job compares with the cached base, fails and posts one comment, as one job would', async () => {
    await runAction({ defense: policy('guard'), corpora }, { name: 'push', sha: BASE }, { apiUrl: gh.url, cache });
    const whole = await runAction({ defense: policy('weak'), corpora }, pr, { apiUrl: gh.url, cache });
    expect(whole.code).toBe(1);
    const wholeComment = ours()[0]!.body;
    gh.comments.clear();
    const workspace = await matrix(policy('weak'), pr, 4);
    const merged = await runAction({ defense: policy('weak'), corpora, merge: 'parts' }, pr, { apiUrl: gh.url, cache, workspace });
    expect(merged.code).toBe(1);
    expect(merged.failed).toEqual(whole.failed);
    expect(ours()).toHaveLength(1);
    expect(figures(ours()[0]!.body)).toBe(figures(wholeComment));
  });

  it('refuses a missing part, a part of another commit and a part scored under another name, before any defense runs', async () => {
    const workspace = await matrix(policy('guard'), pr, 3);
    const merge = (extra: Record<string, string> = {}, event = pr) =>
      runAction({ defense: policy('guard'), corpora, merge: 'parts', baseline: 'none', ...extra }, event, {
        apiUrl: gh.url,
        cache,
        workspace,
      });
    let r = await merge({}, { ...pr, pr: { ...pr.pr!, head: 'd'.repeat(40) } });
    expect(r.code).toBe(2);
    expect(r.failed).toEqual([`input merge: the parts were scored at commit ${'c'.repeat(40)}, this run is at ${'d'.repeat(40)}`]);
    r = await merge({ name: 'renamed' });
    expect(r.code).toBe(2);
    expect(r.failed[0]).toMatch(
      /^input merge parts\/part-1\/partial\.json: cannot be merged into this run: it was scored under the name "default", not "renamed"/,
    );
    rmSync(join(workspace, 'parts', 'part-2'), { recursive: true });
    r = await merge();
    expect(r.code).toBe(2);
    expect(r.failed).toEqual(['merge: shard 2/3 is missing']);
    writeFileSync(join(workspace, 'parts', 'part-1', 'partial.json'), '{"schemaVersion": 1}');
    r = await merge();
    expect(r.code).toBe(2);
    expect(r.failed[0]).toMatch(/^input merge parts\/part-1\/partial\.json: /);
    r = await merge({ merge: 'nothing-here' });
    expect(r.failed[0]).toMatch(/^input merge nothing-here: cannot read: ENOENT/);
  });
});

describe('inputs shard and merge', () => {
  const config = (inputs: Record<string, string>) => parseActionConfig((n) => (n === 'defense' ? 'x' : (inputs[n] ?? '')));
  it('are off by default, read i/n and workspace paths, and refuse the rest naming the input', () => {
    expect(config({})).toMatchObject({ shard: undefined, merge: undefined });
    expect(config({ shard: '3/8' }).shard).toEqual({ index: 3, count: 8 });
    expect(config({ merge: 'parts\nmore, other' }).merge).toEqual(['parts', 'more', 'other']);
    expect(() => config({ shard: '9/8' })).toThrow('input shard: "9/8": shard 9 of 8 does not exist');
    expect(() => config({ shard: 'two' })).toThrow(/^input shard: "two" must be i\/n/);
    expect(() => config({ shard: '1/2', merge: 'p' })).toThrow('inputs shard and merge: set one');
    expect(() => config({ merge: '../elsewhere' })).toThrow('input merge: "../elsewhere" must be a path inside the workspace');
    expect(() => config({ merge: '/abs' })).toThrow('input merge: "/abs" must be a path inside the workspace');
    expect(config({ shard: '1/2', online: 'true' }).shard).toEqual({ index: 1, count: 2 });
    expect(config({ merge: 'p', adaptive: '6' }).adaptive).toMatchObject({ mode: 'search', iterations: 6 });
    expect(config({ shard: '1/2', 'adaptive-replay': 'r.json' }).adaptive).toEqual({ mode: 'replay', file: 'r.json' });
    expect(() => config({ shard: '1/2', junit: 'j.xml' })).toThrow('input junit: give it to the merge job, which sees the whole run');
  });
});

describe('online streams over shards', () => {
  const online = { corpora: 'pairs', online: 'true', 'online-attacks': '20', 'online-benign': '5' };
  const learner = `"${process.execPath}" "${join(import.meta.dirname, '../fixtures/defenses/learner-stdio.mjs')}" -`;

  it('each shard job plays its streams whole under a seed of its own; the merge job gates them all', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'merge-ws-'));
    const seeds: string[] = [];
    for (const i of [1, 2]) {
      const r = await runAction({ defense: learner, ...online, shard: `${i}/2` }, pr, { apiUrl: gh.url, cache });
      expect(r.code, r.failed.join('\n')).toBe(0);
      const line = r.infos.find((l) => l.startsWith('online: seed '))!;
      expect(line).toMatch(i === 1 ? /, streams pairs workspace, pairs banking$/ : /, streams pairs travel, pairs slack$/);
      seeds.push(/seed (\d+)/.exec(line)![1]!);
      mkdirSync(join(workspace, 'parts', String(i)), { recursive: true });
      cpSync(r.outputs['partial-path']!, join(workspace, 'parts', String(i), 'part.json'));
    }
    const merge = (extra: Record<string, string>) =>
      runAction({ defense: learner, baseline: 'none', merge: 'parts', ...online, ...extra }, pr, { apiUrl: gh.url, cache, workspace });
    const r = await merge({ 'max-sw-asr': '0' });
    expect(r.code).toBe(1);
    expect(r.failed[0]).toMatch(/pairs online: SW-ASR@50 [\d.]+% is above the limit of 0\.0%/);
    const results = JSON.parse(readFileSync(r.outputs['results-path']!, 'utf8')) as {
      corpora: { online: { settings: { seed: string; seeds?: Record<string, string> }; streams: { suite: string }[] } }[];
    };
    const o = results.corpora[0]!.online;
    expect(o.streams.map((s) => s.suite)).toEqual(['workspace', 'travel', 'banking', 'slack']);
    expect(o.settings.seed).toBe(seeds[0]);
    if (seeds[0] !== seeds[1]) expect(o.settings.seeds).toEqual({ travel: seeds[1], slack: seeds[1] });
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.body).toMatch(/seeds of their own, drawn by other shards/);
    // The merge job takes the shard jobs' inputs: online off there, or other stream sizes, is refused.
    const off = await merge({ online: 'false', 'online-attacks': '', 'online-benign': '' });
    expect([off.code, off.failed]).toEqual([
      2,
      ['input merge: the parts played online streams: set online: true on the merge job too (the same inputs as the shard jobs)'],
    ]);
    const other = await merge({ 'online-attacks': '40' });
    expect(other.failed).toEqual([
      "input merge: the parts' streams have 20 attacks and 5 benign tasks, not online-attacks 40 and online-benign 5",
    ]);
  });
});

describe('an adaptive attack over shards', () => {
  const attack = { corpora: 'pairs', adaptive: '1', 'adaptive-suites': 'banking', 'max-adaptive-asr': '100' };
  const detector = join(import.meta.dirname, '../fixtures/defenses/template-detector-module.mjs');
  /** The benign runs slipped into the attack are a secret draw in every run, sharded or not. */
  const drawn = (s: string) =>
    s.replace(/"benign_runs": ?\d+/g, '"benign_runs": N').replace(/and \d+ benign runs asked in both/g, 'and N benign runs asked in both');

  it('each shard job attacks its targets whole; the merge job gates and reports the one-job attack', async () => {
    const whole = await runAction({ 'defense-module': detector, ...attack }, { name: 'push', sha: BASE }, { apiUrl: gh.url, cache });
    expect(whole.code, whole.failed.join('\n')).toBe(0);
    const workspace = mkdtempSync(join(tmpdir(), 'merge-ws-'));
    for (const i of [1, 2, 3]) {
      const r = await runAction(
        { 'defense-module': detector, ...attack, shard: `${i}/3` },
        { name: 'push', sha: BASE },
        { apiUrl: gh.url, cache },
      );
      expect(r.code, r.failed.join('\n')).toBe(0);
      expect(r.infos.join('\n')).toMatch(/; adaptive attack on pairs: \d+ of 36 targets, \d+ queries/);
      mkdirSync(join(workspace, 'parts', String(i)), { recursive: true });
      cpSync(r.outputs['partial-path']!, join(workspace, 'parts', String(i), 'part.json'));
    }
    const merge = (extra: Record<string, string> = {}) =>
      runAction(
        { 'defense-module': detector, ...attack, merge: 'parts', ...extra },
        { name: 'push', sha: BASE },
        { apiUrl: gh.url, cache, workspace },
      );
    const merged = await merge();
    expect(merged.code, merged.failed.join('\n')).toBe(0);
    expect(drawn(readFileSync(merged.outputs['results-path']!, 'utf8'))).toBe(drawn(readFileSync(whole.outputs['results-path']!, 'utf8')));
    const report = readFileSync(merged.outputs['report-path']!, 'utf8');
    expect(report).toContain('## Adaptive attack: pairs');
    expect(drawn(figures(report))).toBe(drawn(figures(readFileSync(whole.outputs['report-path']!, 'utf8'))));
    // The ceiling is the merge job's: it gates the attack the parts made.
    const strict = await merge({ 'max-adaptive-asr': '0' });
    expect(strict.code).toBe(1);
    expect(strict.failed[0]).toMatch(/pairs adaptive: ASR [\d.]+% \(\d+ of 144 cases, K = 1\) is above the limit of 0\.0%/);
    // The merge job takes the shard jobs' attack inputs.
    const off = await merge({ adaptive: '', 'adaptive-suites': '', 'max-adaptive-asr': '' });
    expect([off.code, off.failed]).toEqual([
      2,
      ['input merge: the parts made an adaptive attack: give the merge job the same adaptive inputs as the shard jobs'],
    ]);
    const seed = await merge({ 'adaptive-seed': '2' });
    expect([seed.code, seed.failed[0]]).toEqual([
      2,
      "input adaptive: the parts attacked with 1 iterations, seed 1 (mutation), this job's inputs give 1, seed 2 (mutation): give the merge job the shard jobs' attack inputs",
    ]);
    const suites = await merge({ 'adaptive-suites': 'banking,slack' });
    expect(suites.failed[0]).toMatch(/^input adaptive: the parts attacked 36 targets, this job's inputs give \d+/);
  });
});
