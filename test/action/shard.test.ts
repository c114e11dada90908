// The action's shard and merge modes (docs/shards.md): matrix jobs each score a part and write it
// (no base, no verdict, no comment, nothing cached), and the merge job puts the parts together,
// compares with the base, gates and comments once, exactly as one job scoring the whole run would.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseActionConfig } from '../../src/action/config.js';
import { commentMarker } from '../../src/action/comment.js';
import { BOT, startFakeGitHub, type FakeGitHub } from './github-server.js';
import { cleanup, DirCache, policy, runAction, type Event } from './harness.js';

let gh: FakeGitHub;
let cache: DirCache;
beforeAll(async () => {
  gh = await startFakeGitHub();
});
afterAll(async () => {
  await gh.close();
  cleanup();
});
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
    expect(() => config({ shard: '1/2', online: 'true' })).toThrow(/^input online: not supported with shard yet/);
    expect(() => config({ merge: 'p', adaptive: '6' })).toThrow(/^input adaptive: not supported with merge yet/);
    expect(() => config({ shard: '1/2', junit: 'j.xml' })).toThrow('input junit: give it to the merge job, which sees the whole run');
  });
});
