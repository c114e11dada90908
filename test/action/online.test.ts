// The action's online input (docs/online.md): the learner over stdio on pairs, its streams played
// after the usual scoring in the guarded head phase, the results' online section, the outputs, the
// comment's online section (your row first, then the reference rows on the same streams, the chart),
// the SW-ASR and SU-HM thresholds, and the inputs checked before any PR code runs.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirCache, ROOT, runAction, type Event, useFakeGitHub } from './harness.js';
import { RunResultsSchema } from '../../src/gate/results.js';

const gh = useFakeGitHub();

const LEARNER = `"${process.execPath}" "${join(ROOT, 'test/fixtures/defenses/learner-stdio.mjs')}" -`;
const ALLOW_ALL = `"${process.execPath}" "${join(ROOT, 'test/fixtures/defenses/allow-all-stdio.mjs')}"`;
const push: Event = { name: 'push', sha: 'a'.repeat(40) };
const act = (inputs: Record<string, string>, workspace?: string) =>
  runAction({ corpora: 'pairs', baseline: 'none', defense: LEARNER, ...inputs }, push, {
    apiUrl: gh.url,
    cache: new DirCache(),
    ...(workspace ? { workspace } : {}),
  });

describe('online: true', () => {
  it('plays the streams, records them, sets the outputs and renders the online section', async () => {
    const r = await act({ online: 'true', 'max-sw-asr': '60', 'min-online-su-hm': '40' });
    expect(r.code, r.failed.join('\n')).toBe(0);
    expect(r.infos.some((l) => /^online: seed \d+ on pairs$/.test(l))).toBe(true);
    const results = RunResultsSchema.parse(JSON.parse(readFileSync(r.outputs['results-path']!, 'utf8')));
    const section = results.corpora[0]!.online!;
    expect(section.learns).toBe(true);
    expect(section.streams.map((s) => s.suite)).toEqual(['workspace', 'travel', 'banking', 'slack']);
    expect(Number(r.outputs['online-sw-asr'])).toBeLessThan(0.6);
    expect(Number(r.outputs['online-su-hm'])).toBeGreaterThan(0.4);
    expect(r.summary).toContain('#### Online evaluation on pairs (test before update)');
    expect(r.summary).toMatch(/\n\| \*\*learner-stdio\*\* \| yes \|/);
    expect(r.summary).toMatch(/\n\| rule-learner \| yes \|/);
    expect(r.summary).toContain('xychart-beta');
    expect(r.infos.some((l) => /^ok {3}pairs online: SW-ASR@50 [\d.]+% is within the limit of 60\.0%$/.test(l))).toBe(true);
  });

  it('fails the verdict on an SW-ASR ceiling it cannot meet, naming it', async () => {
    // The stream's seed is drawn afresh each run, and with some seeds the learner stops every attack
    // of the last window: a defense that never learns cannot meet 0 % with any seed.
    const r = await act({ online: 'true', 'max-sw-asr': '0', defense: ALLOW_ALL });
    expect(r.code).toBe(1);
    expect(r.failed[0]).toMatch(/pairs online: SW-ASR@50 [\d.]+% is above the limit of 0\.0%/);
  });

  it('is off by default: no online section, empty outputs', async () => {
    const r = await act({});
    expect(r.code, r.failed.join('\n')).toBe(0);
    expect(JSON.parse(readFileSync(r.outputs['results-path']!, 'utf8')).corpora[0].online).toBeUndefined();
    expect(r.outputs['online-sw-asr']).toBe('');
    expect(r.summary).not.toContain('Online evaluation');
  });

  it('records the vaccine the streams started from', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'ade-online-ws-'));
    writeFileSync(join(ws, 'vaccine.json'), JSON.stringify({ 'send_money(amount,date,recipient,subject)→unnamed': 2 }));
    const r = await act({ online: 'true', vaccine: 'vaccine.json' }, ws);
    expect(r.code, r.failed.join('\n')).toBe(0);
    const section = RunResultsSchema.parse(JSON.parse(readFileSync(r.outputs['results-path']!, 'utf8'))).corpora[0]!.online!;
    expect(section.vaccine).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{ online: 'yes' }, /^input online: "yes" is not true or false/],
    [{ 'max-sw-asr': '5' }, /^input max-sw-asr: applies only with online: true/],
    [{ online: 'true', corpora: 'agentdojo' }, /^input online: none of the corpora \(agentdojo\) supports it/],
    [{ online: 'true', defense: '', 'defense-url': 'http://127.0.0.1:9/' }, /defense-url cannot give/],
    [{ online: 'true', vaccine: '../v.json' }, /^input vaccine: "\.\.\/v\.json" must be a path inside the workspace/],
    [{ online: 'true', 'online-attacks': '0' }, /^input online-attacks: "0" is not a whole number between 1 and 10000/],
    [{ online: 'true', vaccine: 'missing.json' }, /input vaccine .*missing\.json: cannot read: ENOENT/],
  ])('refuses %j, naming the input', async (inputs, message) => {
    const r = await act(inputs);
    expect(r.code).toBe(2);
    expect(r.failed[0]).toMatch(message);
  });
});
