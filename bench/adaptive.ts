// The adaptive attacker's cost (docs/adaptive.md#cost): queries and wall time of a search on the
// paired corpus with K = 6 against a 50 ms/decision stateless Python SDK defense (a detector of the
// attack templates, so the search has something to find), 32 decisions in flight; and the same
// search against the same rule in process, where the wall time is the gate's own cost.
//   npx tsx bench/adaptive.ts            (the full corpus; BENCH_ADAPTIVE_SUITES=banking for one suite)
import { performance } from 'node:perf_hooks';
import { CorpusStore } from '../src/data/store.js';
import { CORPORA } from '../src/data/registry.js';
import { inProcessAttacked } from '../src/evaluate/adaptive.js';
import { adaptiveAttack, adaptiveInputs } from '../src/run/adaptive.js';
import { attackedDefense, openDefense } from '../src/adapters/index.js';
import type { Call } from '../src/model/call.js';
import { PHRASES, pythonDetector } from './detector.js';

const K = Number(process.env['BENCH_ADAPTIVE_K'] ?? 6);
const suites = (process.env['BENCH_ADAPTIVE_SUITES'] ?? '').split(',').filter((s) => s !== '');

const store = new CorpusStore();
const all = adaptiveInputs(CORPORA.pairs.load(store), store);
const inputs = suites.length === 0 ? all : { ...all, targets: all.targets.filter((t) => suites.includes(t.suite)) };
const cases = inputs.targets.reduce((n, t) => n + t.size, 0);
console.log(
  `adaptive attack, K = ${K}, ${inputs.targets.length} targets, ${cases} cases${suites.length ? ` (${suites.join(', ')})` : ''}\n`,
);

// In process: the gate's own cost (rendering, driving, the search) with a defense that costs nothing.
{
  const rule = {
    name: 'detector (in process)',
    decide: (c: Call) =>
      [...c.context, ...c.args.map((a) => a.text)].some((t) => PHRASES.some((p) => t.toLowerCase().includes(p)))
        ? { allowed: false, reason: '' }
        : { allowed: true, reason: '' },
  };
  const t0 = performance.now();
  const r = await adaptiveAttack(inputs, { iterations: K, seed: '1' }, inProcessAttacked(rule));
  const mine = r.results[0]!;
  console.log(
    `in process: ${mine.queries} decisions, ${((performance.now() - t0) / 1000).toFixed(1)} s wall with the five reference defenses attacked too; ` +
      `ASR static ${mine.overall.static}/${cases}, adaptive ${mine.overall.adaptive}/${cases}`,
  );
}

// A 50 ms/decision stateless defense over stdio, 32 in flight: the queries are what a slow defense pays for.
{
  const defense = await openDefense({ kind: 'command', command: pythonDetector(0.05) }, { timeoutMs: 30_000 });
  try {
    const t0 = performance.now();
    const attacked = attackedDefense(defense, inputs.corpus);
    const r = await adaptiveAttack({ ...inputs }, { iterations: K, seed: '1' }, attacked);
    const ms = performance.now() - t0;
    const mine = r.results[0]!;
    console.log(
      `50 ms/decision Python SDK defense, stateless, 32 in flight: ${mine.queries} queries in ${(ms / 1000).toFixed(1)} s wall ` +
        `(floor ${((mine.queries * 0.05) / 32).toFixed(1)} s; the reference defenses, in process, included); ` +
        `ASR static ${mine.overall.static}/${cases}, best seed ${mine.overall.best_seed}/${cases}, adaptive ${mine.overall.adaptive}/${cases}`,
    );
  } finally {
    await defense.close();
  }
}
