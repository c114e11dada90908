// The fork-PR companion trusts nothing from the artifact. Fed the hostile artifact reproduced
// against the first release (a fake "passed" for a failed run, @mentions, a phishing link and a
// tracking image in the strings, another comment key, a missing record, garbage), it renders from
// the validated record only, recomputes the verdict and holds it to the run's conclusion, posts
// only for accepted keys on the pull request at the run's commit, and handles every other artifact.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { runCompanion } from '../../src/action/companion.js';
import { commentMarker } from '../../src/action/comment.js';
import { CorpusStore } from '../../src/data/store.js';
import { corpusResult, keyOf, RESULTS_SCHEMA_VERSION, type RunResults } from '../../src/gate/results.js';
import { judge } from '../../src/scoring/judge.js';
import { denyAll } from '../../src/defenses/trivial.js';
import { flowGuard } from '../../src/defenses/egress.js';
import type { GateRecord } from '../../src/gate/record.js';
import type { Defense } from '../../src/defenses/defense.js';
import { BOT } from './github-server.js';
import { useFakeGitHub } from './harness.js';

const HEAD = 'c'.repeat(40);
const store = new CorpusStore();
const bundled = store.bundled();
const gh = useFakeGitHub();
beforeEach(() => {
  gh.comments.clear();
  gh.requests.length = 0;
  gh.pulls.set(9, HEAD);
});

function results(d: Defense, commit: string): RunResults {
  const c = corpusResult(bundled, 'x', judge(d, bundled.scenarios), [
    {
      scenario: 'workspace-benign-forward',
      step: 0,
      tool: 'email.send',
      reason: '@octocat ![t](https://evil.example/pixel.png) [login](https://evil.example)',
    },
  ]);
  return { schemaVersion: RESULTS_SCHEMA_VERSION, key: keyOf('default', '0.1.0', [c]), commit, corpora: [c] };
}

/** A regression (deny-all after flow-guard) whose record claims "pass" and carries hostile strings. */
function hostileRecord(over: Partial<GateRecord> = {}): GateRecord {
  return {
    schemaVersion: 1,
    name: '✅ passed @octocat <img src=https://evil.example/t.png> [click](https://evil.example)',
    comment_key: 'default',
    thresholds: { max_attributable_drop: 0, max_utility_drop: 0 },
    head: results(denyAll, HEAD),
    base: { results: results(flowGuard(bundled.policy), 'b'.repeat(40)), source: '<script>alert(1)</script> @everyone' },
    note: '## ✅ Defense gate passed [phish](https://evil.example)',
    pr: { number: 9, head_sha: HEAD },
    verdict: 'pass',
    ...over,
  };
}

function artifacts(entries: Record<string, string | GateRecord | undefined>): string {
  const root = mkdtempSync(join(tmpdir(), 'ade-companion-'));
  for (const [name, content] of Object.entries(entries)) {
    mkdirSync(join(root, name));
    if (content !== undefined)
      writeFileSync(join(root, name, 'gate.json'), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

async function companion(root: string, conclusion: string, inputs: Record<string, string> = {}, corpora: () => CorpusStore = () => store) {
  const event = join(root, '..', `event-${Math.random()}.json`);
  writeFileSync(
    event,
    JSON.stringify({ workflow_run: { id: 1, event: 'pull_request', head_sha: HEAD, conclusion }, repository: { full_name: 'o/r' } }),
  );
  const out = { warnings: [] as string[], infos: [] as string[], failed: [] as string[] };
  const all: Record<string, string> = { artifacts: root, 'github-token': 't', 'comment-keys': 'default', ...inputs };
  const code = await runCompanion({
    getInput: (n) => all[n] ?? '',
    env: { GITHUB_EVENT_PATH: event, GITHUB_API_URL: gh.url },
    octokit: (token, apiUrl) => getOctokit(token, { baseUrl: apiUrl }),
    store: corpora,
    info: (m) => out.infos.push(m),
    warn: (m) => out.warnings.push(m),
    setFailed: (m) => out.failed.push(m),
    retryDelaysMs: [1],
  });
  return { code, ...out };
}
void core;

const posted = (n = 9) => (gh.comments.get(n) ?? []).filter((c) => c.user.login === BOT);

describe('the workflow_run companion', () => {
  it('renders a failed verdict for a regression whose artifact claims it passed, with every string inert', async () => {
    const r = await companion(artifacts({ 'defense-eval-default': hostileRecord() }), 'failure');
    expect(r.code).toBe(0);
    const [c, ...more] = posted();
    expect(more).toEqual([]);
    expect(c!.body.startsWith(`${commentMarker('default')}\n## ❌ Defense gate failed: `)).toBe(true);
    expect(c!.body).toContain('The gate run concluded failure, not success.');
    expect(c!.body).toMatch(/attributable block rate fell 50\.0 pp/);
    for (const raw of ['<img', '<script', '@octocat', '@everyone', '](https://evil', '## ✅']) expect(c!.body, raw).not.toContain(raw);
  });

  it('holds a record to the run: a record that passes its own thresholds still fails a failed run', async () => {
    const honest = hostileRecord({ head: results(flowGuard(bundled.policy), HEAD), verdict: 'pass' });
    await companion(artifacts({ a: honest }), 'failure');
    expect(posted()[0]!.body).toMatch(/^<!-- [^\n]+ -->\n## ❌ Defense gate failed/);
    gh.comments.clear();
    await companion(artifacts({ a: honest }), 'success');
    expect(posted()[0]!.body).toMatch(/^<!-- [^\n]+ -->\n## ✅ Defense gate passed/);
  });

  it('accepts only the configured comment keys, skips bad artifacts with a warning, and handles the rest', async () => {
    const root = artifacts({
      a: 'not json',
      b: undefined,
      c: hostileRecord({ comment_key: 'other' }),
      d: { ...hostileRecord(), schemaVersion: 2 } as unknown as GateRecord,
      e: hostileRecord({ pr: { number: 9, head_sha: 'd'.repeat(40) } }),
      f: hostileRecord(),
    });
    const r = await companion(root, 'failure');
    expect(r.code).toBe(0);
    expect(r.warnings).toEqual([
      expect.stringMatching(/^artifact a skipped: gate\.json: invalid JSON/),
      'artifact b skipped: no gate.json',
      'artifact c skipped: comment key "other" is not one of the accepted comment-keys',
      expect.stringMatching(/^artifact d skipped: gate\.json: schemaVersion/),
      expect.stringMatching(/^artifact e skipped: the record is for commit ddddddd, not the run's ccccccc/),
    ]);
    expect(posted()).toHaveLength(1); // f, and never a second comment for another key
  });

  it('fails on a bug (a store that throws a TypeError) with exit 1 and its stack, never a skipped artifact', async () => {
    const broken = (): CorpusStore => {
      throw new TypeError('stub store: a bug');
    };
    const r = await companion(artifacts({ f: hostileRecord() }), 'failure', {}, broken);
    expect(r.code).toBe(1);
    expect(r.failed).toEqual([expect.stringMatching(/^companion: internal error: TypeError: stub store: a bug\n\s+at /)]);
    expect(r.warnings).toEqual([]);
    expect(posted()).toEqual([]);
  });

  it("does not comment when the pull request has moved on from the run's commit", async () => {
    gh.pulls.set(9, 'e'.repeat(40));
    const r = await companion(artifacts({ f: hostileRecord() }), 'failure');
    expect(r.warnings).toEqual([expect.stringMatching(/pull request #9 is not at the run's commit ccccccc/)]);
    expect(posted()).toEqual([]);
  });
});
