// Only expected errors are softened into warnings: a job summary the runner cannot take is a
// warning beside a standing verdict; a bug anywhere in the gate step is an internal error, exit 1,
// with its stack in the failure message and "internal error" in the job summary.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseActionConfig } from '../../src/action/config.js';
import { appendSummary, type Deps } from '../../src/action/deps.js';
import { readRunContext } from '../../src/action/event.js';
import { run } from '../../src/action/main.js';
import { writeGateFiles, type GateRun } from '../../src/action/publish.js';
import { CorpusStore } from '../../src/data/store.js';
import { flowGuard } from '../../src/defenses/egress.js';
import { corpusResult, keyOf, RESULTS_SCHEMA_VERSION, type RunResults } from '../../src/gate/results.js';
import { computeVerdict } from '../../src/gate/verdict.js';
import { InputError } from '../../src/model/errors.js';
import { judge } from '../../src/scoring/judge.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'ade-errors-'));

describe('the job summary', () => {
  it('is appended to $GITHUB_STEP_SUMMARY', async () => {
    const path = join(tmp(), 'summary.md');
    await appendSummary({ GITHUB_STEP_SUMMARY: path }, 'one\n');
    await appendSummary({ GITHUB_STEP_SUMMARY: path }, 'two\n');
    expect(readFileSync(path, 'utf8')).toBe('one\ntwo\n');
  });

  it.each([
    ['no $GITHUB_STEP_SUMMARY', {}, /^GITHUB_STEP_SUMMARY is not set: this runner offers no job summary$/],
    [
      'a summary file that cannot be written',
      { GITHUB_STEP_SUMMARY: '/nonexistent/dir/summary.md' },
      /^GITHUB_STEP_SUMMARY \/nonexistent\/dir\/summary\.md: cannot write: ENOENT$/,
    ],
  ])('%s is an InputError naming it', async (_, env, message) => {
    const e: unknown = await appendSummary(env, 'x').catch((err: unknown) => err);
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).toMatch(message);
  });
});

describe('writeGateFiles', () => {
  const store = new CorpusStore();
  const bundled = store.bundled();
  const c = corpusResult(bundled, 'd', judge(flowGuard(bundled.policy), bundled.scenarios), []);
  const results: RunResults = {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    key: keyOf('default', '0.1.0', [c]),
    commit: 'c'.repeat(40),
    corpora: [c],
  };
  const cfg = parseActionConfig((n) => ({ defense: 'd' })[n] ?? '');
  const gate: GateRun = {
    scored: { name: 'd', results, runs: new Map(), stats: '' },
    base: {},
    verdict: computeVerdict(results, undefined, cfg.thresholds),
    markdown: '## report\n',
  };
  const write = async (writeSummary: () => Promise<void>) => {
    const ctx = readRunContext({ RUNNER_TEMP: tmp() });
    const out = { outputs: {} as Record<string, string>, warnings: [] as string[] };
    const done = writeGateFiles(cfg, ctx, gate, {
      setOutput: (k, v) => (out.outputs[k] = v),
      writeSummary,
      warn: (m) => out.warnings.push(m),
    });
    return { done, out };
  };

  it('warns when the summary cannot be written, and still writes the files and outputs', async () => {
    const { done, out } = await write(() => Promise.reject(new InputError('GITHUB_STEP_SUMMARY /x: cannot write: EACCES')));
    await done;
    expect(out.warnings).toEqual(['job summary not written: GITHUB_STEP_SUMMARY /x: cannot write: EACCES']);
    expect(out.outputs['verdict']).toBe('pass');
    expect(existsSync(out.outputs['record-path']!)).toBe(true);
  });

  it('rethrows a bug in the summary write instead of warning', async () => {
    const { done, out } = await write(() => Promise.reject(new TypeError('a bug')));
    await expect(done).rejects.toThrow(TypeError);
    expect(out.warnings).toEqual([]);
  });
});

describe('the gate step', () => {
  it('reports a bug as an internal error: exit 1, its stack, "internal error" in the summary', async () => {
    const out = { failed: [] as string[], summary: [] as string[] };
    const inputs: Record<string, string> = { defense: 'true', corpora: 'bundled' };
    const deps: Deps = {
      getInput: (n) => inputs[n] ?? '',
      env: { RUNNER_TEMP: tmp(), GITHUB_WORKSPACE: tmp() },
      store: () => {
        throw new TypeError('stub store: a bug');
      },
      setFailed: (m) => out.failed.push(m),
      setOutput: () => undefined,
      writeSummary: (md) => Promise.resolve(void out.summary.push(md)),
      info: () => undefined,
      warn: () => undefined,
      matchedCacheKey: '',
      guard: () => ({ marker: 'test', check: () => ({ tampered: [], leftovers: [] }) }),
      existsAt: () => Promise.resolve(undefined),
    };
    expect(await run(deps)).toBe(1);
    expect(out.failed).toEqual([expect.stringMatching(/^internal error: TypeError: stub store: a bug\n\s+at /)]);
    // The summary says what went wrong, escaped (':' as &#58;), and shows no table.
    expect(out.summary).toEqual([
      expect.stringMatching(/^## ❌ Defense gate: internal error\n\ninternal error&#58; TypeError&#58; stub store&#58; a bug<br>\n/),
    ]);
  });
});
