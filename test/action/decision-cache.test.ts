// The action's decision cache (docs/cache.md#in-the-action): the cache-key input, action.yml's
// restore and save steps, a push saving and a pull request reusing, the log saying how many
// decisions came from the cache, and the base's rerun and the head sharing decisions exactly when
// their keys are known to match. The fixture defense logs every request it receives.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseActionConfig } from '../../src/action/config.js';
import { DECISIONS_DIR, decisionsPrefix, parseDecisionsKey } from '../../src/action/decisions.js';
import { realGuard } from '../../src/action/deps.js';
import { DirCache, runAction, type Event, useFakeGitHub } from './harness.js';

const gh = useFakeGitHub();
let cache: DirCache;
beforeEach(() => {
  cache = new DirCache();
});

const tmp = mkdtempSync(join(tmpdir(), 'action-decisions-'));
/** A stateless v2 defense logging each request it is sent; `requests()` counts them since the last call. */
function recorder(stateless = true) {
  const log = join(tmp, `log-${Math.random()}.jsonl`);
  writeFileSync(log, '');
  let seen = 0;
  return {
    defense: `"${process.execPath}" "${join(import.meta.dirname, '../fixtures/defenses/v2-recorder.mjs')}" "${log}" egress-ask ${stateless}`,
    requests() {
      const n = readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"type":"request"')).length;
      const out = n - seen;
      seen = n;
      return out;
    },
  };
}
const statsOf = (infos: readonly string[], prefix: string) => infos.find((l) => l.startsWith(prefix))!;

describe('the cache-key input', () => {
  const parse1 = (v: string) => parseActionConfig((n) => (n === 'defense' ? 'x' : n === 'cache-key' ? v : '')).cacheKey;
  it('is off when blank (hashFiles of no file gives an empty string)', () => {
    expect(parse1('')).toBeUndefined();
    expect(parse1('  ')).toBeUndefined();
    expect(parse1('3f2a-defense-v1')).toBe('3f2a-defense-v1');
  });
  it.each(['a:b', 'a,b', 'a\nb', 'a\r', ' a', 'a ', 'x'.repeat(201), 'a\u0000'])('refuses %j, naming the input', (v) => {
    expect(() => parse1(v)).toThrow(
      `input cache-key: ${JSON.stringify(v)} must be one line of at most 200 characters, without commas, colons or surrounding spaces`,
    );
  });
});

describe('action.yml', () => {
  const yml = parse(readFileSync(join(import.meta.dirname, '../../action.yml'), 'utf8')) as {
    runs: {
      steps: { id?: string; name?: string; if?: string; uses?: string; with?: Record<string, string>; env?: Record<string, string> }[];
    };
  };
  const steps = yml.runs.steps;
  const prefix = decisionsPrefix('${{ inputs.comment-key }}');
  it('restores the decision cache for every run with a cache-key, under the key and path the gate reads', () => {
    const restore = steps.find((s) => s.id === 'restore-decisions')!;
    expect(restore.if).toBe("inputs.cache-key != ''");
    expect(restore.uses).toBe(steps.find((s) => s.id === 'restore')!.uses);
    expect(restore.with).toEqual({
      path: DECISIONS_DIR,
      key: `${prefix}\${{ inputs.cache-key }}:\${{ github.event.pull_request.base.sha || github.sha }}`,
      'restore-keys': `${prefix}\${{ inputs.cache-key }}:\n${prefix}\n`,
    });
    expect(steps.indexOf(restore)).toBeLessThan(steps.findIndex((s) => s.id === 'gate'));
    expect(steps.find((s) => s.id === 'gate')!.env!['DEFENSE_EVAL_DECISIONS_MATCHED_KEY']).toBe(
      '${{ steps.restore-decisions.outputs.cache-matched-key }}',
    );
  });
  it('saves it only on pushes to the default branch, under the same conditions as the base results', () => {
    const saves = steps.filter((s) => s.uses?.startsWith('actions/cache/save@'));
    expect(saves).toHaveLength(2);
    const [results, decisions] = saves;
    expect(decisions!.uses).toBe(results!.uses);
    expect(decisions!.with).toEqual({ path: DECISIONS_DIR, key: `${prefix}\${{ inputs.cache-key }}:\${{ github.sha }}` });
    const common =
      "!cancelled() && steps.gate.outputs.results-path != '' && github.event_name == 'push' && github.ref == format('refs/heads/{0}', github.event.repository.default_branch) && ";
    expect(results!.if).toBe(`${common}(inputs.baseline == 'auto' || inputs.baseline == 'cache')`);
    expect(decisions!.if).toBe(`${common}inputs.cache-key != ''`);
  });
  it("reads an entry's cache-key and commit back from its key", () => {
    const sha = 'a'.repeat(40);
    expect(parseDecisionsKey(`${decisionsPrefix('py')}3f2a:${sha}`, 'py')).toEqual({ cacheKey: '3f2a', sha });
    expect(parseDecisionsKey(`${decisionsPrefix('py-fast')}3f2a:${sha}`, 'py')).toBeUndefined();
    expect(parseDecisionsKey(`${decisionsPrefix('py')}:${sha}`, 'py')).toBeUndefined();
    expect(parseDecisionsKey(`${decisionsPrefix('py')}3f2a:${sha}:x`, 'py')).toBeUndefined();
  });
});

const BASE = 'b'.repeat(40);
const push = (sha = BASE): Event => ({ name: 'push', sha });
const pr = (base = BASE): Event => ({ name: 'pull_request', sha: 'm'.repeat(40), pr: { number: 7, base, head: 'c'.repeat(40) } });

describe('a push saves, a pull request reuses', () => {
  it('the log says how many decisions came from the cache; a warm run asks nothing and decides the same', async () => {
    const d = recorder();
    const first = await runAction({ defense: d.defense, 'cache-key': 'k1' }, push(), { apiUrl: gh.url, cache });
    expect(first.code).toBe(0);
    const asked = d.requests();
    expect(asked).toBeGreaterThan(0);
    expect(first.infos).toContain(`decision cache: no entry restored (key ${decisionsPrefix('default')}k1:…); every request is asked`);
    expect(statsOf(first.infos, 'scored v2-egress-ask on bundled: ')).toMatch(
      new RegExp(`: ${asked} requests for \\d+ decisions, 0 of ${asked} distinct decisions from the decision cache$`),
    );
    expect(cache.saved).toEqual([`agent-defense-eval-v2:default:${BASE}`, `${decisionsPrefix('default')}k1:${BASE}`]);

    const second = await runAction({ defense: d.defense, 'cache-key': 'k1' }, pr(), { apiUrl: gh.url, cache });
    expect(second.code).toBe(0);
    expect(d.requests()).toBe(0);
    expect(second.infos).toContain(`decision cache: ${asked} decisions restored from ${decisionsPrefix('default')}k1:${BASE}`);
    expect(statsOf(second.infos, 'scored v2-egress-ask on bundled: ')).toMatch(
      new RegExp(`: 0 requests for \\d+ decisions, ${asked} of ${asked} distinct decisions from the decision cache$`),
    );
    // The report (the comment's body) says it too, under the tables.
    expect(readFileSync(second.outputs['report-path']!, 'utf8')).toMatch(
      new RegExp(` · 0 requests for \\d+ decisions, ${asked} of ${asked} distinct decisions from the decision cache · `),
    );
    // The same figures as the push: the comparison with the base shows no change.
    expect(JSON.parse(readFileSync(second.outputs['results-path']!, 'utf8')).corpora).toEqual(
      JSON.parse(readFileSync(first.outputs['results-path']!, 'utf8')).corpora,
    );
    expect(cache.saved).toHaveLength(2); // a pull request never saves

    // Another cache-key (the defense changed): nothing is reused.
    const third = await runAction({ defense: d.defense, 'cache-key': 'k2' }, pr(), { apiUrl: gh.url, cache });
    expect(third.code).toBe(0);
    expect(d.requests()).toBe(asked);
  });

  it('a stateful defense: a notice, no error, nothing reused', async () => {
    const d = recorder(false);
    const r = await runAction({ defense: d.defense, 'cache-key': 'k1', baseline: 'none' }, push(), { apiUrl: gh.url, cache });
    expect(r.code).toBe(0);
    expect(statsOf(r.infos, 'scored v2-egress-ask on bundled: ')).toMatch(/; decision cache off: the defense is stateful$/);
  });
});

describe('the base rerun and the head', () => {
  // A repository with a base commit and a head commit; the defense itself lives outside it.
  const repo = mkdtempSync(join(tmpdir(), 'decisions-repo-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { encoding: 'utf8' }).trim();
  git('init', '-q');
  writeFileSync(join(repo, 'README'), 'base');
  git('add', '.');
  git('commit', '-qm', 'base');
  const base = git('rev-parse', 'HEAD');
  writeFileSync(join(repo, 'README'), 'head');
  git('commit', '-qam', 'head');
  const env = { GITHUB_WORKSPACE: repo };
  const inputs = (d: ReturnType<typeof recorder>, key: string) => ({
    defense: d.defense,
    'cache-key': key,
    baseline: 'rerun',
    corpora: 'bundled,agentdojo',
  });

  it("share decisions when the restored entry was saved at the base under the head's key, and not otherwise", async () => {
    const d = recorder();
    // The base commit's push scored only the bundled corpus: its entry holds those decisions.
    const saved = await runAction({ defense: d.defense, 'cache-key': 'k1', baseline: 'none' }, push(base), { apiUrl: gh.url, cache, env });
    expect(saved.code).toBe(0);
    const bundled = d.requests();

    // Same key: the base's rerun asks only agentdojo's requests; the head then reuses all of them.
    const same = await runAction(inputs(d, 'k1'), pr(base), { apiUrl: gh.url, cache, env });
    expect(same.failed).toEqual([]);
    const agentdojo = d.requests();
    expect(agentdojo).toBeGreaterThan(0);
    expect(same.infos).toContain(
      `decision cache: a rerun at the base uses the entry saved at base commit ${base.slice(0, 7)} (its cache-key k1, the same as the head)`,
    );
    expect(statsOf(same.infos, 'base: scored v2-egress-ask: ')).toMatch(
      new RegExp(
        `: ${agentdojo} requests for \\d+ decisions, ${bundled} of ${bundled + agentdojo} distinct decisions from the decision cache$`,
      ),
    );
    expect(statsOf(same.infos, 'scored v2-egress-ask on bundled, agentdojo: ')).toMatch(
      new RegExp(`: 0 requests for \\d+ decisions, ${bundled + agentdojo} of ${bundled + agentdojo} distinct`),
    );

    // The head's key differs from the entry's (the defense changed): the base still uses the entry,
    // under its own key k1; the head shares nothing with it.
    const changed = await runAction(inputs(d, 'k2'), pr(base), { apiUrl: gh.url, cache, env });
    expect(changed.failed).toEqual([]);
    expect(changed.infos).toContain(
      `decision cache: a rerun at the base uses the entry saved at base commit ${base.slice(0, 7)} (its cache-key k1)`,
    );
    expect(d.requests()).toBe(agentdojo + bundled + agentdojo);

    // No entry at the base commit (only at another one): the base's key is unknown, nothing is shared.
    const other = new DirCache();
    await runAction({ defense: d.defense, 'cache-key': 'k1', baseline: 'none' }, push('e'.repeat(40)), {
      apiUrl: gh.url,
      cache: other,
      env,
    });
    d.requests();
    const unknown = await runAction(inputs(d, 'k1'), pr(base), { apiUrl: gh.url, cache: other, env });
    expect(unknown.failed).toEqual([]);
    expect(unknown.infos).toContain(
      'decision cache: a rerun at the base asks its defense everything (no entry saved at the base commit, so its cache-key is unknown)',
    );
    // The base asks everything; the head reuses the bundled decisions restored under its own key.
    expect(d.requests()).toBe(bundled + agentdojo + agentdojo);
  }, 30_000);
});

describe('the guard', () => {
  it('refuses a verdict when PR code changes the restored decision cache', () => {
    const ws = mkdtempSync(join(tmpdir(), 'guard-ws-'));
    mkdirSync(join(ws, DECISIONS_DIR), { recursive: true });
    writeFileSync(join(ws, DECISIONS_DIR, 'decisions.jsonl'), 'x');
    const guard = realGuard({ GITHUB_WORKSPACE: ws }, undefined);
    writeFileSync(join(ws, DECISIONS_DIR, 'decisions.jsonl'), 'forged');
    expect(guard.check().tampered).toEqual([{ path: join(ws, DECISIONS_DIR, 'decisions.jsonl'), what: 'changed' }]);
  });
});
