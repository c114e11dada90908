// The decision cache through scoreUserDefense (docs/cache.md): a hit never changes a result. A run
// from a warm cache gives byte-identical results and the same outcomes, asks and first denials as a
// cold run, and a full hit sends the defense no request at all (the fixture logs every message it
// receives); a partial hit asks exactly the missing requests; a stateful defense is never cached.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DecisionCache } from '../../src/adapters/index.js';
import { formatDecisionCache, readDecisionCache } from '../../src/data/decision-cache.js';
import { CorpusStore } from '../../src/data/store.js';
import { loadCorpora, scoreUserDefense, type Scored } from '../../src/run/score.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/defenses');
const dir = mkdtempSync(join(tmpdir(), 'decision-cache-run-'));
const store = new CorpusStore();
const corpora = loadCorpora(['pairs', 'agentdojo', 'agentdyn-google_gemini-2.5-flash'], () => store);

/** v2-recorder: stateless or not, answering ask/allow, logging what it is sent to a file of its own. */
function recorder(stateless: boolean) {
  const log = join(dir, `log-${Math.random()}.jsonl`);
  writeFileSync(log, '');
  const command = `"${process.execPath}" "${join(FIXTURES, 'v2-recorder.mjs')}" "${log}" egress-ask ${stateless}`;
  const requests = () =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"type":"request"')).length;
  return { spec: { kind: 'command' as const, command }, requests };
}

async function score(stateless: boolean, cache: DecisionCache | undefined, key = 'k1', on = corpora) {
  const d = recorder(stateless);
  const scored = await scoreUserDefense(d.spec, on, {
    name: undefined,
    keyName: 'default',
    timeoutMs: 10_000,
    cwd: dir,
    commit: 'c'.repeat(40),
    ...(cache ? { decisions: { cache, key } } : {}),
  });
  return { scored, requests: d.requests() };
}

/** Everything a report is computed from. */
const figures = (s: Scored) =>
  [...s.runs].map(([name, r]) => ({
    name,
    outcomes: [...r.outcomes],
    asks: [...r.asks],
    denials: [...r.denials].sort(([a], [b]) => a.localeCompare(b)),
  }));

/** Save then load again, through the file. */
async function roundTrip(cache: DecisionCache): Promise<DecisionCache> {
  const path = join(dir, `c-${Math.random()}.jsonl`);
  writeFileSync(path, formatDecisionCache(await cache.entries()).text);
  return new DecisionCache(readDecisionCache(path, path, (m) => expect.fail(m)));
}

describe('a run from a warm decision cache', () => {
  it('equals a cold run byte for byte (pairs, agentdojo, a trajectory corpus), and asks nothing', async () => {
    const plain = await score(true, undefined);
    const coldCache = new DecisionCache();
    const cold = await score(true, coldCache);
    const warm = await score(true, await roundTrip(coldCache));
    expect(JSON.stringify(cold.scored.results)).toBe(JSON.stringify(plain.scored.results));
    expect(JSON.stringify(warm.scored.results)).toBe(JSON.stringify(cold.scored.results));
    expect(figures(warm.scored)).toEqual(figures(cold.scored));
    expect(figures(warm.scored)).toEqual(figures(plain.scored));
    // Some asks and denials, so the comparison says something.
    expect(figures(cold.scored).some((f) => f.asks.some((n) => n > 0))).toBe(true);
    expect(cold.scored.results.corpora.map((c) => c.corpus)).toEqual(['pairs', 'agentdojo', 'agentdyn-google_gemini-2.5-flash']);
    // Cold: every distinct request but those an earlier corpus of the run already asked.
    const [coldAsked, coldDistinct] = counts(cold.scored.stats);
    expect(cold.requests).toBe(coldAsked);
    expect(cold.scored.stats).toMatch(
      new RegExp(`, ${coldDistinct - coldAsked} of ${coldDistinct} distinct decisions from the decision cache$`),
    );
    expect(warm.requests).toBe(0);
    expect(warm.scored.stats).toMatch(new RegExp(`^0 requests for \\d+ decisions, ${coldDistinct} of ${coldDistinct} distinct decisions`));
    // Without a cache the run asks a little more: nothing is shared between corpora.
    expect(plain.scored.stats).toMatch(/^\d+ requests for \d+ decisions$/);
    expect(plain.requests).toBeGreaterThanOrEqual(cold.requests);
  }, 30_000);

  it('under another cache-key, or with new session ids, is as cold or as warm as it should be', async () => {
    const cache = await cachedAfterCold([corpora[1]!]);
    // Another run's ids (fresh secrets) do not matter: a full hit.
    expect((await score(true, cache, 'k1', [corpora[1]!])).requests).toBe(0);
    // Another cache-key: nothing is reused.
    const other = await score(true, cache, 'k2', [corpora[1]!]);
    expect(other.requests).toBe(counts(other.scored.stats)[1]);
    expect(other.requests).toBeGreaterThan(0);
  });

  it('asks exactly the requests the cache lacks', async () => {
    const agentdojo = [corpora[1]!];
    const full = await (await cachedAfterCold(agentdojo)).entries();
    const partial = new DecisionCache(full.filter((_, i) => i % 3 !== 0));
    const missing = full.filter((_, i) => i % 3 === 0).length;
    const r = await score(true, partial, 'k1', agentdojo);
    expect(r.requests).toBe(missing);
    expect(r.scored.stats).toBe(
      `${missing} requests for ${counts(r.scored.stats)[2]} decisions, ${full.length - missing} of ${full.length} distinct decisions from the decision cache`,
    );
    // The answers asked are added: the cache is whole again.
    expect((await partial.entries()).length).toBe(full.length);
  });

  it('is off for a stateful defense, with a notice and no error', async () => {
    const cache = new DecisionCache();
    const first = await score(false, cache, 'k1', [corpora[1]!]);
    const again = await score(false, cache, 'k1', [corpora[1]!]);
    expect(first.scored.stats).toMatch(/^\d+ requests for \d+ decisions; decision cache off: the defense is stateful$/);
    expect(again.requests).toBe(first.requests);
    expect(first.requests).toBeGreaterThan(0);
    expect(await cache.entries()).toEqual([]);
  });
});

/** [requests, distinct, decisions] from a stats line. */
function counts(stats: string): [number, number, number] {
  const m = /^(\d+) requests for (\d+) decisions(?:, (\d+) of (\d+) distinct)?/.exec(stats)!;
  return [Number(m[1]), Number(m[4] ?? m[1]), Number(m[2])];
}

async function cachedAfterCold(on = corpora): Promise<DecisionCache> {
  const cache = new DecisionCache();
  await score(true, cache, 'k1', on);
  return roundTrip(cache);
}
