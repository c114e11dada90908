// Inputs parsed once: defaults, and errors that name the input and quote the value.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newRunSecrets } from '../../src/adapters/index.js';
import { CorpusStore } from '../../src/data/store.js';
import { drive } from '../../src/scoring/drive.js';
import { DEFAULT_CORPORA, parseActionConfig } from '../../src/action/config.js';
import { credentialNames, refuseCredentials } from '../../src/action/isolation.js';
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
      thresholds: {
        maxAttributableDrop: 0,
        maxUtilityDrop: 0,
        minAttributable: undefined,
        minUtility: undefined,
        maxConfirmations: undefined,
      },
      baseline: { mode: 'auto' },
      comment: 'auto',
      commentKey: 'default',
      timeoutMs: 10_000,
      progress: 10,
      repeat: 1,
    });
    expect(c.thresholds.significance).toBeUndefined();
  });

  it.each([
    [{ 'defense-url': 'http://localhost:8080/' }, { defense: { kind: 'url', url: 'http://localhost:8080/' } }],
    [{ 'defense-module': 'dist/d.js' }, { defense: { kind: 'module', path: 'dist/d.js' } }],
    [{ defense: 'd', corpora: 'bundled, attacks' }, { corpora: ['bundled', 'attacks'] }],
    [
      { defense: 'd', 'max-utility-drop': '1.5 pp', 'min-utility': '40%' },
      { thresholds: { maxAttributableDrop: 0, maxUtilityDrop: 1.5, minAttributable: undefined, minUtility: 40 } },
    ],
    [{ defense: 'd', 'max-confirmations': '0.25' }, { thresholds: { maxConfirmations: 0.25 } }],
    [{ defense: 'd', 'max-confirmations': ' 0 ' }, { thresholds: { maxConfirmations: 0 } }],
    [{ defense: 'd', 'max-confirmations': '1000' }, { thresholds: { maxConfirmations: 1000 } }],
    [{ defense: 'd', baseline: 'baselines/main.json' }, { baseline: { mode: 'file', path: 'baselines/main.json' } }],
    [
      { defense: 'd', baseline: 'rerun', comment: 'never', 'timeout-per-call': '250' },
      { baseline: { mode: 'rerun' }, comment: 'never', timeoutMs: 250 },
    ],
    [{ defense: 'd', progress: '0' }, { progress: 0 }],
    [{ defense: 'd', progress: ' 60 ' }, { progress: 60 }],
    [{ defense: 'd', repeat: '5' }, { repeat: 5 }],
    [
      { defense: 'd', repeat: '100', significance: ' 0.05 ' },
      { repeat: 100, thresholds: { significance: 0.05 } },
    ],
    [{ defense: 'd', repeat: '1', online: 'true' }, { repeat: 1 }],
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
    ...['lots', '-1', '1000.5', '1e3', '0x10', '2%'].map((v): [Record<string, string>, RegExp] => [
      { defense: 'd', 'max-confirmations': v },
      new RegExp(`^input max-confirmations: "${v}" is not a number of confirmations per benign task between 0 and 1000$`),
    ]),
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
    ...['-1', 'abc', '2.5', '3601'].map((v): [Record<string, string>, RegExp] => [
      { defense: 'd', progress: v },
      new RegExp(`^input progress: "${v}" is not a whole number between 0 and 3600$`),
    ]),
    ...['0', '101', 'abc', '2.5', '-1'].map((v): [Record<string, string>, RegExp] => [
      { defense: 'd', repeat: v },
      new RegExp(`^input repeat: "${v}" is not a whole number between 1 and 100$`),
    ]),
    [{ defense: 'd', repeat: '3', online: 'true' }, /^input repeat: 3 does not apply with online: true \(the streams are played once\)$/],
    [{ defense: 'd', repeat: '2', adaptive: '4' }, /^input repeat: 2 does not apply with adaptive or adaptive-replay/],
    ...['0', '1', '1.5', 'abc', '5%'].map((v): [Record<string, string>, RegExp] => [
      { defense: 'd', significance: v },
      new RegExp(`^input significance: "${v}" is not a significance level between 0 and 1 \\(exclusive\\), e\\.g\\. 0\\.05$`),
    ]),
    [{ defense: 'd', 'defense-env': 'GITHUB_TOKEN' }, /^input defense-env: GITHUB_TOKEN is never passed to the defense/],
    [{ defense: 'd', 'defense-env': 'POLICY_NAME GH_TOKEN' }, /^input defense-env: GH_TOKEN looks like a credential/],
    [{ defense: 'd', 'defense-env': 'NPM_TOKEN' }, /^input defense-env: NPM_TOKEN looks like a credential/],
    [{ defense: 'd', 'defense-env': 'OPENAI_API_KEY' }, /^input defense-env: OPENAI_API_KEY looks like a credential/],
    [{ defense: 'd', 'defense-env': 'AWS_SECRET_ACCESS_KEY' }, /^input defense-env: AWS_SECRET_ACCESS_KEY looks like a credential/],
    [{ defense: 'd', 'defense-env': 'DB_PASSWORD' }, /^input defense-env: DB_PASSWORD looks like a credential/],
  ])('rejects %j', (inputs, message) => {
    expect(() => parse(inputs)).toThrow(message);
  });
});

describe('credentials', () => {
  it('defense-env passes names that hold none', () => {
    expect(parse({ defense: 'd', 'defense-env': 'POLICY_NAME, TOKENIZERS_PARALLELISM HF_HOME' }).defenseEnv).toEqual([
      'POLICY_NAME',
      'TOKENIZERS_PARALLELISM',
      'HF_HOME',
    ]);
  });

  it('the gate tells credential-like names in its environment, never their values, and skips empty ones', () => {
    expect(
      credentialNames({
        GH_TOKEN: 'a',
        GITHUB_TOKEN: 'b',
        'INPUT_GITHUB-TOKEN': 'c',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'd',
        ACTIONS_ID_TOKEN_REQUEST_URL: 'e',
        OPENAI_API_KEY: 'f',
        APIKEY: 'g',
        SIGNING_SECRET: 'h',
        PGPASSWORD: 'i',
        EMPTY_TOKEN: '',
        TOKENIZERS_PARALLELISM: 'false',
        PATH: '/bin',
        // What action.yml sets on the gate step itself.
        DEFENSE_EVAL_CACHE_MATCHED_KEY: 'agent-defense-eval-v2:default:abc',
        'INPUT_COMMENT-KEY': 'default',
      }),
    ).toEqual([
      'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_URL',
      'APIKEY',
      'GH_TOKEN',
      'GITHUB_TOKEN',
      'INPUT_GITHUB-TOKEN',
      'OPENAI_API_KEY',
      'PGPASSWORD',
      'SIGNING_SECRET',
    ]);
    expect(() => refuseCredentials({ GH_TOKEN: 'ghs_x', PATH: '/bin' })).toThrow(
      /^the gate step's environment holds GH_TOKEN: the pull request's code that the gate runs could read it/,
    );
    expect(() => refuseCredentials({ PATH: '/bin' })).not.toThrow();
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
