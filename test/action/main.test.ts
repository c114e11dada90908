// The action end to end: real @actions/core and @actions/github against a local GitHub API,
// event payload files, job summary and outputs files; the bundled corpus for speed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOT } from './github-server.js';
import { DirCache, policy, runAction, type Event, useFakeGitHub } from './harness.js';
import { commentMarker } from '../../src/action/comment.js';

const gh = useFakeGitHub();
let cache: DirCache;
beforeEach(() => {
  gh.mode = 'ok';
  gh.comments.clear();
  gh.requests.length = 0;
  cache = new DirCache();
});

const BASE = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);
const push = (sha = BASE): Event => ({ name: 'push', sha });
const pr = (n = 7, fork = false): Event => ({ name: 'pull_request', sha: 'm'.repeat(40), pr: { number: n, base: BASE, head: HEAD, fork } });
const act = (inputs: Record<string, string>, event: Event, env?: Record<string, string>) =>
  runAction(inputs, event, { apiUrl: gh.url, cache, ...(env ? { env } : {}) });
const ours = (n = 7) => (gh.comments.get(n) ?? []).filter((c) => c.user.login === BOT && c.body.includes(commentMarker('default')));
/** What GitHub shows: numeric entities decoded. */
const shown = (md: string) =>
  md
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&(quot|lt|gt|amp);/g, (_, e: string) => ({ quot: '"', lt: '<', gt: '>', amp: '&' })[e]!);

describe('gate verdicts', () => {
  it('a push to the default branch passes, writes the summary and saves the baseline under its SHA', async () => {
    const r = await act({ defense: policy('guard') }, push());
    expect(r.code).toBe(0);
    expect(r.outputs['verdict']).toBe('pass');
    expect(r.outputs['attributable-rate']).toBe('0.8333');
    expect(r.outputs['utility-rate']).toBe('1.0000');
    expect(r.summary).toMatch(/^## ✅ Defense gate passed: policy/);
    expect(cache.saved).toEqual([`agent-defense-eval-v2:default:${BASE}`]);
    expect(JSON.parse(readFileSync(r.outputs['results-path']!, 'utf8')).commit).toBe(BASE);
    expect(readFileSync(r.outputs['report-path']!, 'utf8')).toBe(r.summary);
    expect(gh.requests).toEqual([]); // no comment on a push
  });

  it('a regression PR fails with exit 1 and a comment naming the metric and the points', async () => {
    await act({ defense: policy('guard') }, push());
    const r = await act({ defense: policy('weak') }, pr());
    expect(r.code).toBe(1);
    expect(r.outputs['verdict']).toBe('fail');
    expect(r.failed[0]).toMatch(
      /defense gate failed: bundled: attributable block rate fell 83\.3 pp \(83\.3% → 0\.0%, 5 → 0 of 6\), more than the allowed 0\.0 pp/,
    );
    const [c, ...more] = ours();
    expect(more).toEqual([]);
    expect(shown(c!.body)).toMatch(
      /^<!-- agent-defense-eval comment-key=default -->\n## ❌ Defense gate failed: policy\n\n- \*\*bundled: attributable block rate fell 83\.3 pp/,
    );
    expect(shown(c!.body)).toContain(`Compared with the cached results of base commit ${BASE.slice(0, 7)}.`);
    expect(r.summary).toBe(c!.body.slice(c!.body.indexOf('\n') + 1));
    expect(cache.saved).toHaveLength(1); // PRs never write the cache
  });

  it('an improvement passes', async () => {
    await act({ defense: policy('weak') }, push());
    const r = await act({ defense: policy('guard') }, pr());
    expect(r.code).toBe(0);
    expect(shown(ours()[0]!.body)).toMatch(/^## ✅ Defense gate passed: policy\n\nNo metric fell past its threshold\./m);
    expect(shown(r.summary)).toMatch(/attributable block rate rose 83\.3 pp/);
  });

  it('a regression within max-attributable-drop passes', async () => {
    await act({ defense: policy('guard') }, push());
    const r = await act({ defense: policy('weak'), 'max-attributable-drop': '90' }, pr());
    expect(r.code).toBe(0);
  });

  it('falls back to the newest default-branch entry and says which SHA', async () => {
    const older = 'a'.repeat(40);
    await act({ defense: policy('guard') }, push(older));
    const r = await act({ defense: policy('weak') }, pr());
    expect(r.code).toBe(1);
    expect(shown(r.summary)).toContain(
      `the cached results of aaaaaaa, the newest default-branch entry (base commit ${BASE.slice(0, 7)} has none)`,
    );
  });

  it('fails closed when the base was expected but nothing is cached, with one clear line', async () => {
    const r = await act({ defense: policy('guard'), baseline: 'cache' }, pr());
    expect(r.code).toBe(1);
    expect(r.failed).toEqual([
      'defense gate failed: No comparable results of the base: no cached results for base commit bbbbbbb or any default-branch commit (baseline: cache does not rerun the base commit). The gate fails closed; set on-missing-baseline: pass to accept a run without a comparison.',
    ]);
    expect(shown(r.summary)).toMatch(/^## ❌ Defense gate failed: policy\n\n- \*\*No comparable results of the base/);
  });

  it('passes without a base only when the workflow opts in, and says so', async () => {
    const r = await act({ defense: policy('guard'), baseline: 'cache', 'on-missing-baseline': 'pass' }, pr());
    expect(r.code).toBe(0);
    expect(shown(r.summary)).toMatch(
      /^## ✅ Defense gate passed: policy\n\n> No comparison: no cached results .*Passing without one \(on-missing-baseline: pass\)\./,
    );
  });

  it('passes the first run of the gate (the base commit has no workflow file of it) with a note', async () => {
    const asked: string[] = [];
    const r = await runAction({ defense: policy('guard'), baseline: 'cache' }, pr(), {
      apiUrl: gh.url,
      cache,
      env: { GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/gate.yml@refs/pull/7/merge' },
      existsAt: (sha, path) => (asked.push(`${sha}:${path}`), Promise.resolve(false)),
    });
    expect(r.code).toBe(0);
    expect(asked).toEqual([`${BASE}:.github/workflows/gate.yml`]);
    expect(shown(r.summary)).toMatch(/> First run of this gate: base commit bbbbbbb has no \.github\/workflows\/gate\.yml/);
    // Where the workflow already existed at the base, the same run fails closed.
    const later = await runAction({ defense: policy('guard'), baseline: 'cache' }, pr(), {
      apiUrl: gh.url,
      cache,
      env: { GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/gate.yml@refs/pull/7/merge' },
      existsAt: () => Promise.resolve(true),
    });
    expect(later.code).toBe(1);
  });

  it("finds the base and tells a first run before any of the pull request's code runs", async () => {
    // PR code runs in the job's workspace and could prepare it (a git replace of the base commit
    // made the rerun fail and the workflow file look absent: a first run, passed).
    const marker = join(cache.root, 'install-ran');
    const seen: boolean[] = [];
    const r = await runAction({ defense: policy('guard'), install: `echo head-install; touch '${marker}'` }, pr(), {
      apiUrl: gh.url,
      cache,
      env: { GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/gate.yml@refs/pull/7/merge' },
      existsAt: () => (seen.push(existsSync(marker)), Promise.resolve(true)),
    });
    expect(r.code).toBe(1);
    expect(seen).toEqual([false]);
    expect(existsSync(marker)).toBe(true);
    const rerun = r.infos.findIndex((l) => l.includes('scoring base commit bbbbbbb instead'));
    const install = r.infos.indexOf('install | head-install');
    expect(rerun).toBeGreaterThanOrEqual(0);
    expect(install).toBeGreaterThan(rerun);
  });

  it('a floor fails without a baseline', async () => {
    const r = await act({ defense: policy('weak'), baseline: 'none', 'min-attributable': '50' }, pr());
    expect(r.code).toBe(1);
    expect(r.failed[0]).toMatch(/attributable block rate 0\.0% is below the floor of 50\.0%/);
  });

  it('a defense that renames itself is still compared: results are keyed by the workflow, not by the defense', async () => {
    await act({ defense: policy('guard') }, push());
    const r = await act({ defense: policy('weak'), 'defense-env': 'POLICY_NAME' }, pr(), { POLICY_NAME: 'policy-v2' });
    expect(r.code).toBe(1);
    expect(shown(r.summary)).toMatch(/^## ❌ Defense gate failed: policy-v2\n\n- \*\*bundled: attributable block rate fell 83\.3 pp/);
  });

  it('a changed name input (a new comparison key) fails closed instead of passing uncompared', async () => {
    await act({ defense: policy('guard') }, push());
    const r = await act({ defense: policy('weak'), name: 'renamed', baseline: 'cache' }, pr());
    expect(r.code).toBe(1);
    expect(r.failed[0]).toMatch(
      /No comparable results of the base: the cached results of bbbbbbb cannot be compared: it was scored under the name "default", not "renamed"/,
    );
  });

  it('an incomparable cached entry (another tool version) falls back to a rerun at the base automatically', async () => {
    await act({ defense: policy('guard') }, push());
    const entry = join(cache.root, encodeURIComponent(`agent-defense-eval-v2:default:${BASE}`), '0', 'results.json');
    const old = JSON.parse(readFileSync(entry, 'utf8'));
    old.key.tool_version = '0.0.1';
    writeFileSync(entry, JSON.stringify(old));
    const r = await act({ defense: policy('weak') }, pr());
    // auto mode reruns the base commit; there is no git repository here, so that fails, closed.
    expect(r.infos.join('\n')).toMatch(
      /base: the cached results of bbbbbbb cannot be compared: it was made by agent-defense-eval 0\.0\.1.*; scoring base commit bbbbbbb instead/,
    );
    expect(r.failed[0]).toMatch(
      /No comparable results of the base: scoring base commit bbbbbbb failed: rerun at the base commit: cannot check out base commit/,
    );
  });
});

describe('the comment', () => {
  it("is updated in place across two runs, never duplicated, and others' comments are left alone", async () => {
    gh.addComment(7, `${commentMarker('default')}\nsomeone quoting our marker`, 'mallory');
    gh.addComment(7, 'LGTM', 'alice');
    await act({ defense: policy('guard') }, push());
    await act({ defense: policy('weak') }, pr());
    expect(ours()).toHaveLength(1);
    const id = ours()[0]!.id;
    const r2 = await act({ defense: policy('guard') }, pr());
    expect(r2.code).toBe(0);
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.id).toBe(id);
    expect(shown(ours()[0]!.body)).toMatch(/Defense gate passed/);
    expect(gh.comments.get(7)!.find((c) => c.user.login === 'mallory')!.body).toContain('someone quoting');
    expect(gh.requests.filter((q) => q.startsWith('PATCH'))).toHaveLength(1);
    expect(gh.requests.filter((q) => q.startsWith('POST'))).toHaveLength(1);
  });

  it('keeps separate comments per comment-key', async () => {
    await act({ defense: policy('guard'), 'comment-key': 'matrix a' }, pr());
    await act({ defense: policy('guard'), 'comment-key': 'matrix b' }, pr());
    expect(gh.comments.get(7)!.map((c) => c.body.split('\n')[0])).toEqual([commentMarker('matrix a'), commentMarker('matrix b')]);
  });

  it.each([
    ['403', /GitHub API 403: the token may not write comments/],
    ['404', /GitHub API 404: not found/],
    ['5xx', /GitHub API 502/],
    ['rate-limit', /GitHub API 403: rate limited/],
  ] as const)('a %s leaves the verdict unchanged and the summary written', async (mode, warning) => {
    await act({ defense: policy('guard') }, push());
    gh.mode = mode;
    const fail = await act({ defense: policy('weak') }, pr());
    expect(fail.code).toBe(1);
    expect(fail.warnings.join('\n')).toMatch(warning);
    expect(fail.summary).toMatch(/^## ❌ Defense gate failed/);
    const pass = await act({ defense: policy('guard') }, pr());
    expect(pass.code).toBe(0);
    expect(pass.summary).toMatch(/^## ✅ Defense gate passed/);
    expect(ours()).toHaveLength(0);
  });

  it('retries a transient 5xx and then posts', async () => {
    gh.mode = '5xx-once';
    const r = await act({ defense: policy('guard') }, pr());
    expect(r.warnings).toEqual([]);
    expect(ours()).toHaveLength(1);
  });

  it('does not try to comment on a fork PR with comment: auto, but writes the record the companion renders from', async () => {
    const r = await act({ defense: policy('guard'), baseline: 'none' }, pr(9, true));
    expect(r.code).toBe(0);
    expect(gh.requests).toEqual([]);
    expect(r.infos.join('\n')).toMatch(/no PR comment: a pull request from a fork/);
    const record = JSON.parse(readFileSync(r.outputs['record-path']!, 'utf8'));
    expect(record).toMatchObject({
      schemaVersion: 1,
      name: 'policy',
      comment_key: 'default',
      pr: { number: 9, head_sha: HEAD },
      verdict: 'pass',
    });
    expect(record.head).toEqual(JSON.parse(readFileSync(r.outputs['results-path']!, 'utf8')));
  });

  it('renders a hostile defense name and reasons inert in the posted comment', async () => {
    await act({ defense: policy('hostile'), baseline: 'none' }, pr());
    const body = ours()[0]!.body;
    expect(body).not.toMatch(/<img/i);
    expect(body).not.toMatch(/@octocat/);
    expect(body).not.toContain('`code`');
    expect(body).toContain('x&lt;img src=x onerror=alert&#40;1&#41;&gt; &#64;octocat &#96;code&#96; &#124; cell');
    for (const row of body.split('\n').filter((l) => l.startsWith('| '))) expect([3, 4, 6]).toContain(row.split('|').length - 2);
  });
});

describe('a failing defense', () => {
  const scripted = (mode: string) => `"${process.execPath}" "${import.meta.dirname}/../fixtures/action/defenses/scripted.mjs" ${mode} 3`;
  it.each([
    [
      'crash',
      /defense failed: defense "scripted-crash" \(command .*\) exited with code 3 while deciding scenario \S+ step \d+ \(tool [^)]+\)\nlast lines of the defense's stderr:\nTraceback/,
    ],
    ['hang', /no reply to request \d+ within 300 ms \(timeout-per-call\) while deciding scenario \S+ step \d+/],
    ['garbage', /wrote a line that is not JSON: "this is not json" while deciding scenario/],
    ['unknown-id', /replied to unknown request id 9999/],
    ['missing', /no reply to request 3 within 300 ms/],
  ])('%s: exit 1, a clear message, never a table', async (mode, message) => {
    await act({ defense: policy('guard') }, push());
    gh.requests.length = 0;
    const r = await act({ defense: scripted(mode), 'timeout-per-call': '300' }, pr());
    expect(r.code).toBe(1);
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0]).toMatch(message);
    expect(r.summary).toMatch(/^## ❌ Defense gate: the defense failed/);
    expect(r.summary).not.toMatch(/\| defense \||\|---/);
    expect(r.outputs).toEqual({});
    expect(gh.requests).toEqual([]);
  });
});

describe('bad input', () => {
  it('names the inputs and exits 2', async () => {
    const r = await act({ defense: policy('guard'), 'defense-url': 'http://x/' }, pr());
    expect(r.code).toBe(2);
    expect(r.failed[0]).toBe('inputs defense and defense-url: set exactly one of defense, defense-url, defense-module');
  });
});

describe('events and names', () => {
  it('refuses pull_request_target, naming why', async () => {
    const r = await runAction(
      { defense: policy('guard') },
      { name: 'pull_request_target' as 'pull_request', sha: 'm'.repeat(40), pr: { number: 7, base: BASE, head: HEAD } },
      { apiUrl: gh.url, cache },
    );
    expect(r.code).toBe(2);
    expect(r.failed[0]).toMatch(
      /GITHUB_EVENT_NAME pull_request_target: this gate runs the pull request's code, and pull_request_target gives that code a write token/,
    );
    expect(gh.requests).toEqual([]);
  });

  it('a defense whose name would start a workflow command in the log fails to start', async () => {
    const r = await act({ defense: policy('guard'), 'defense-env': 'POLICY_NAME', baseline: 'none' }, pr(), {
      POLICY_NAME: 'x\n::warning::pwned',
    });
    expect(r.code).toBe(1);
    expect(r.failed[0]).toMatch(/wrote an invalid hello .*name: must be one line without control characters/);
    expect(r.infos.some((l) => l.includes('\n::'))).toBe(false);
  });
});
