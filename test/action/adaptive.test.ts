// The action's adaptive input (docs/adaptive.md): a search on pairs' banking targets against a
// detector of the attack templates (a defense module), the results' adaptive section with the
// winning payloads, the adaptive-asr output and ceiling, the comment's section; a replay of the
// saved winners; inputs checked before any PR code runs.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirCache, ROOT, runAction, type Event, useFakeGitHub } from './harness.js';
import { RunResultsSchema } from '../../src/gate/results.js';

const gh = useFakeGitHub();

const DETECTOR = join(ROOT, 'test/fixtures/defenses/template-detector-module.mjs');
const push: Event = { name: 'push', sha: 'a'.repeat(40) };
const act = (inputs: Record<string, string>, workspace?: string) =>
  runAction({ corpora: 'pairs', baseline: 'none', 'defense-module': DETECTOR, ...inputs }, push, {
    apiUrl: gh.url,
    cache: new DirCache(),
    ...(workspace ? { workspace } : {}),
  });

describe('adaptive', () => {
  const ws = mkdtempSync(join(tmpdir(), 'ade-adaptive-ws-'));
  let asr = 0;

  it('searches, records the winners, sets the output and renders the section', async () => {
    const r = await act({ adaptive: '2', 'adaptive-suites': 'banking' });
    expect(r.code, r.failed.join('\n')).toBe(0);
    const results = RunResultsSchema.parse(JSON.parse(readFileSync(r.outputs['results-path']!, 'utf8')));
    const section = results.corpora[0]!.adaptive!;
    expect(section.iterations).toBe(2);
    expect(section.targets.every((t) => t.key.startsWith('banking/'))).toBe(true);
    expect(section.targets.some((t) => t.adaptive !== null && t.adaptive.cases.includes('1'))).toBe(true);
    // The attack's process answered the corpus's own attack as the head's scoring did (banking: 144 single-vector cases).
    expect(section.static_check).toMatchObject({ cases: 144, differing: 0, benign_differing: 0 });
    expect(section.static_check!.benign_runs).toBeGreaterThan(0);
    asr = Number(r.outputs['adaptive-asr']);
    expect(asr).toBeGreaterThan(0);
    expect(r.summary).toContain('#### Adaptive attack: pairs');
    expect(r.summary).toMatch(/\n\| template-detector \| 0\.0% \(0\/144\) \| 0\.0% \(0\/144\) \| [\d.]+% \(\d+\/144\) \|/);
    writeFileSync(join(ws, 'yesterday.json'), readFileSync(r.outputs['results-path']!, 'utf8'));
  });

  it('a replay re-scores the saved winners without searching, and the ceiling fails the verdict', async () => {
    const r = await act({ 'adaptive-replay': 'yesterday.json', 'max-adaptive-asr': '0' }, ws);
    expect(r.code).toBe(1);
    expect(Number(r.outputs['adaptive-asr'])).toBe(asr);
    expect(r.failed[0]).toMatch(/pairs adaptive: ASR [\d.]+% \(\d+ of 144 cases, K = 0\) is above the limit of 0\.0%/);
  });

  it.each([
    [{ adaptive: 'x' }, /^input adaptive: "x" is not a whole number between 0 and 100/],
    [{ adaptive: '2', corpora: 'agentdojo' }, /^input adaptive: it attacks the paired corpus \(pairs\)/],
    [{ adaptive: '2', 'adaptive-replay': 'a.json' }, /^inputs adaptive and adaptive-replay: set one/],
    [{ 'max-adaptive-asr': '5' }, /^input max-adaptive-asr: applies only with adaptive/],
    [{ adaptive: '2', 'adaptive-suites': 'shopping' }, /^input adaptive-suites: unknown suite "shopping"/],
    [{ 'adaptive-replay': 'missing.json' }, /input adaptive-replay missing\.json.*cannot read: ENOENT/],
  ])('refuses %j before any PR code runs', async (inputs, message) => {
    const r = await act(inputs);
    expect(r.code).toBe(2);
    expect(r.failed[0]).toMatch(message);
  });
});
