// The decision cache file (docs/cache.md#the-file): what is written reads back the same; a file that
// is corrupt, of another version, of the wrong shape or too big is a warning and an empty cache,
// never an error and never half-used; a path that cannot be read is the user's error.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/model/call.js';
import {
  checkDecisionCachePath,
  formatDecisionCache,
  MAX_DECISION_ENTRIES,
  readDecisionCache,
  writeDecisionCache,
} from '../../src/data/decision-cache.js';
import { InputError } from '../../src/model/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'decision-cache-'));
const hex = (n: number) => n.toString(16).padStart(64, '0');
const entries: [string, Decision][] = [
  [hex(1), { allowed: true, reason: 'ok' }],
  [hex(2), { allowed: false, reason: 'untrusted data to send_money' }],
  [hex(3), { allowed: false, ask: true, reason: 'confirm the IBAN \u2028 "quoted"\n' }],
  [hex(4), { allowed: true, reason: '' }],
];
const header = (n: number, extra = {}) => JSON.stringify({ format: 'agent-defense-eval decision cache', version: 1, entries: n, ...extra });
const line = (e: object) => JSON.stringify({ digest: hex(9), allowed: true, reason: 'r', ...e });

function read(text: string | undefined) {
  const path = join(dir, `f${Math.random()}.jsonl`);
  if (text !== undefined) writeFileSync(path, text);
  const warnings: string[] = [];
  const got = readDecisionCache(path, 'the cache', (m) => warnings.push(m));
  return { got, warnings };
}

describe('the decision cache file', () => {
  it('reads back exactly what was written, in order', () => {
    const path = join(dir, 'round.jsonl');
    expect(writeDecisionCache(path, entries, 'w')).toEqual({ written: 4, dropped: 0 });
    const { got, warnings } = read(readFileSync(path, 'utf8'));
    expect(warnings).toEqual([]);
    expect([...got]).toEqual(entries);
    expect(readFileSync(path, 'utf8').split('\n')[0]).toBe(header(4));
  });

  it('a missing file is an empty cache, without a warning (a cold start)', () => {
    expect(read(undefined)).toEqual({ got: new Map(), warnings: [] });
  });

  const good = formatDecisionCache(entries).text;
  const bad: [string, string, RegExp][] = [
    ['not JSON', '{"format"\n', /line 1: not JSON/],
    ['an empty file', '', /line 1: not JSON/],
    ['another format', `${header(0, { format: 'something else' })}\n`, /line 1 \(header\): format/],
    [
      'another version',
      `${JSON.stringify({ format: 'agent-defense-eval decision cache', version: 2, entries: 0 })}\n`,
      /expected version 1/,
    ],
    ['a truncated file', good.split('\n').slice(0, 3).join('\n') + '\n', /announces 4 entries, the file has 2/],
    ['a cut last line', good.slice(0, -20), /line 5: not JSON/],
    ['a digest that is not SHA-256', `${header(1)}\n${line({ digest: 'abc' })}\n`, /line 2: digest: expected a SHA-256/],
    ['an allowed ask', `${header(1)}\n${line({ ask: true })}\n`, /line 2: .*an ask is never allowed unattended/],
    ['ask: false (never written)', `${header(1)}\n${line({ allowed: false, ask: false })}\n`, /line 2: ask/],
    ['a field more', `${header(1)}\n${line({ scenario: 'banking-user_task_0' })}\n`, /line 2: .*scenario/],
    ['a decision that is not a boolean', `${header(1)}\n${line({ allowed: 'yes' })}\n`, /line 2: allowed/],
    ['no reason', `${header(1)}\n${JSON.stringify({ digest: hex(9), allowed: true })}\n`, /line 2: reason/],
    ['a reason too long', `${header(1)}\n${line({ reason: 'x'.repeat(10_001) })}\n`, /line 2: reason/],
    ['a digest twice', `${header(2)}\n${line({})}\n${line({ allowed: false })}\n`, /line 3: digest 0+9 appears twice/],
    ['an entry line that is not an object', `${header(1)}\n[]\n`, /line 2/],
  ];
  for (const [what, text, why] of bad)
    it(`${what}: a warning naming the fault, and an empty cache`, () => {
      const { got, warnings } = read(text);
      expect(got.size).toBe(0);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^the cache: ignored, an empty decision cache is used: /);
      expect(warnings[0]).toMatch(why);
    });

  it('one bad entry among good ones refuses them all', () => {
    const text = good.replace(`"reason":"ok"`, `"reason":7`);
    expect(read(text).got.size).toBe(0);
  });

  it(`keeps at most ${MAX_DECISION_ENTRIES} entries, dropping from the end`, () => {
    const many: [string, Decision][] = Array.from({ length: MAX_DECISION_ENTRIES + 2 }, (_, i) => [hex(i), { allowed: true, reason: '' }]);
    const f = formatDecisionCache(many);
    expect([f.written, f.dropped]).toEqual([MAX_DECISION_ENTRIES, 2]);
    expect(f.text.split('\n').at(-2)).toContain(hex(MAX_DECISION_ENTRIES - 1));
  });

  it('a path that cannot be read or written is refused, naming the flag', () => {
    expect(() => checkDecisionCachePath(join(dir, 'no-such-dir', 'c.jsonl'), '--decision-cache x')).toThrow(
      /^--decision-cache x: cannot write in .*no-such-dir: ENOENT$/,
    );
    const sub = join(dir, 'a-directory');
    mkdirSync(sub);
    expect(() => checkDecisionCachePath(sub, '--decision-cache y')).toThrow(InputError);
    expect(() => readDecisionCache(sub, '--decision-cache y', () => undefined)).toThrow(/^--decision-cache y: cannot read: EISDIR$/);
    expect(() => writeDecisionCache(sub, entries, '--decision-cache y')).toThrow(/^--decision-cache y: cannot write: EISDIR$/);
  });
});
