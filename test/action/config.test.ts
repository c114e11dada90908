// Inputs parsed once: defaults, and errors that name the input and quote the value.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newRunSecrets } from '../../src/adapters/index.js';
import { CorpusStore } from '../../src/data/store.js';
import { drive } from '../../src/scoring/drive.js';
import { DEFAULT_CORPORA, parseActionConfig } from '../../src/action/config.js';
import { cachePrefix } from '../../src/action/base.js';
import { cleanup, DirCache } from './harness.js';

const parse = (inputs: Record<string, string>) => parseActionConfig((n) => inputs[n] ?? '');

describe('parseActionConfig', () => {
  it('has documented defaults', () => {
    const c = parse({ defense: 'python3 d.py' });
    expect(c).toMatchObject({
      defense: { kind: 'command', command: 'python3 d.py' },
      name: undefined,
      corpora: ['pairs', 'agentdojo', 'agentdyn-gpt-4o-2024-08-06'],
      thresholds: { maxAttributableDrop: 0, maxUtilityDrop: 0, minAttributable: undefined, minUtility: undefined },
      baseline: { mode: 'auto' },
      comment: 'auto',
      commentKey: 'default',
      timeoutMs: 10_000,
    });
  });

  it.each([
    [{ 'defense-url': 'http://localhost:8080/' }, { defense: { kind: 'url', url: 'http://localhost:8080/' } }],
    [{ 'defense-module': 'dist/d.js' }, { defense: { kind: 'module', path: 'dist/d.js' } }],
    [{ defense: 'd', corpora: 'bundled, attacks' }, { corpora: ['bundled', 'attacks'] }],
    [
      { defense: 'd', 'max-utility-drop': '1.5 pp', 'min-utility': '40%' },
      { thresholds: { maxAttributableDrop: 0, maxUtilityDrop: 1.5, minAttributable: undefined, minUtility: 40 } },
    ],
    [{ defense: 'd', baseline: 'baselines/main.json' }, { baseline: { mode: 'file', path: 'baselines/main.json' } }],
    [
      { defense: 'd', baseline: 'rerun', comment: 'never', 'timeout-per-call': '250' },
      { baseline: { mode: 'rerun' }, comment: 'never', timeoutMs: 250 },
    ],
  ])('parses %j', (inputs, expected) => {
    expect(parse(inputs)).toMatchObject(expected);
  });

  it.each([
    [{}, /^inputs defense, defense-url, defense-module: set exactly one/],
    [{ defense: 'd', 'defense-module': 'm.js' }, /^inputs defense and defense-module: set exactly one/],
    [{ 'defense-url': 'localhost:8080' }, /^input defense-url: "localhost:8080" is not an http\(s\) URL/],
    [{ 'defense-url': 'not a url' }, /^input defense-url: "not a url" is not a URL/],
    [
      { defense: 'd', corpora: 'pairs,nope' },
      /^input corpora: "nope" is not one of pairs, agentdojo, attacks, attacks-framing, attacks-field_split, attacks-leet, bundled/,
    ],
    [{ defense: 'd', corpora: 'pairs,pairs' }, /^input corpora: "pairs,pairs" names a corpus twice/],
    [{ defense: 'd', 'max-attributable-drop': 'lots' }, /^input max-attributable-drop: "lots" is not a number of percentage points/],
    [{ defense: 'd', 'max-utility-drop': '-1' }, /^input max-utility-drop: "-1" is not a number/],
    [{ defense: 'd', 'min-utility': '101' }, /^input min-utility: "101" is not a number/],
    [
      { defense: 'd', baseline: 'sometimes' },
      /^input baseline: "sometimes" is not one of auto, cache, rerun, none or a path to a results \.json file/,
    ],
    [{ defense: 'd', comment: 'yes' }, /^input comment: "yes" is not one of auto, always, never/],
    [{ defense: 'd', 'comment-key': 'a,b' }, /^input comment-key: "a,b" must be one line/],
    [
      { defense: 'd', 'comment-key': 'a:b' },
      /^input comment-key: "a:b" must be one line of at most 100 characters, without commas or colons$/,
    ],
    [{ defense: 'd', 'timeout-per-call': '1.5' }, /^input timeout-per-call: "1\.5" is not a whole number of milliseconds/],
  ])('rejects %j', (inputs, message) => {
    expect(() => parse(inputs)).toThrow(message);
  });
});

describe("one comment key's cache entries are never another's", () => {
  // action.yml restores the exact key, else the newest entry under cachePrefix(key): with a
  // delimiter a key could contain, key "py" would restore "py-fast"'s (or "py:fast"'s) results.
  const KEYS = ['py', 'py-fast', 'py_fast', 'py.fast', 'p', 'default', 'default-2', 'py fast'];
  const SHA = 'b'.repeat(40);
  afterAll(cleanup);

  it('every key is accepted, and no restore prefix matches another key of the set', () => {
    for (const k of KEYS) expect(parse({ defense: 'd', 'comment-key': k }).commentKey).toBe(k);
    for (const a of KEYS)
      for (const b of KEYS.filter((x) => x !== a)) expect(`${cachePrefix(b)}${SHA}`.startsWith(cachePrefix(a)), `${a} vs ${b}`).toBe(false);
  });

  it('through the cache semantics: py misses when only py-fast was saved, and finds its own entry', async () => {
    const cache = new DirCache();
    const dir = mkdtempSync(join(tmpdir(), 'ade-cache-key-'));
    writeFileSync(join(dir, 'results.json'), '{}');
    await cache.saveCache([dir], `${cachePrefix('py-fast')}${'a'.repeat(40)}`);
    const restore = (key: string) =>
      cache.restoreCache([mkdtempSync(join(tmpdir(), 'ade-restore-'))], `${cachePrefix(key)}${SHA}`, [cachePrefix(key)]);
    expect(await restore('py')).toBeUndefined();
    expect(await restore('py-fast')).toBe(`${cachePrefix('py-fast')}${'a'.repeat(40)}`);
  });
});

describe('the default corpora table (docs/action.md#the-default-corpora)', () => {
  it("its runs, calls and allow-all request counts are the corpora's", async () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/action.md'), 'utf8');
    const section = doc.slice(doc.indexOf('### The default corpora'), doc.indexOf('## Outputs'));
    const rows = [...section.matchAll(/^\| `([a-z0-9_.-]+)`[^|]*\| (\d+) \| (\d+) \| (\d+) \|/gm)];
    expect(rows.map((r) => r[1])).toEqual([
      'pairs',
      'agentdojo',
      'agentdyn-gpt-4o-2024-08-06',
      'agentdyn-google_gemini-2.5-flash',
      'agentdyn-gpt-5.1-2025-11-13',
      'agentdyn',
    ]);
    const store = new CorpusStore();
    for (const [, name, runs, calls, requests] of rows) {
      const c = store.load(name as Parameters<CorpusStore['load']>[0]);
      const r = await drive(
        c.scenarios,
        { ask: async () => ({ allowed: true, reason: '' }) },
        { stateless: false, concurrency: 32, ...newRunSecrets() },
      );
      expect([c.scenarios.length, c.scenarios.reduce((n, s) => n + s.trace.length, 0), r.asked], name).toEqual([
        Number(runs),
        Number(calls),
        Number(requests),
      ]);
    }
    expect(section).toContain(`The default, \`${DEFAULT_CORPORA.join(',')}\``);
  });
});
