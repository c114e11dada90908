// npm run bench: the gate's own cost next to the work it cannot avoid. Prints figures and ratios;
// nothing here asserts a time (timed tests are flaky; this is for reading).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { CorpusStore } from '../src/data/store.js';
import { FILES } from '../src/data/registry.js';
import { evaluateCorpus, referenceDefenses } from '../src/evaluate/corpus.js';
import { judge } from '../src/scoring/judge.js';
import { runCli } from '../src/cli/main.js';
import { benchProtocol } from './protocol.js';

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const v = f();
  return [v, performance.now() - t0];
}

function best(n: number, f: () => unknown): number {
  let min = Infinity;
  for (let i = 0; i < n; i++) min = Math.min(min, time(f)[1]);
  return min;
}

const fmt = (ms: number): string => `${ms.toFixed(1)} ms`;

const root = new CorpusStore().root;
const corpusFiles = [FILES.pairs].map((f) => join(root, 'corpora', f));

// Bare cost of getting the corpus bytes into JS objects: the floor any harness pays.
const parseMs = best(5, () => corpusFiles.map((f) => JSON.parse(gunzipSync(readFileSync(f)).toString('utf8'))));

// Decisions per second of the core (judge + tally) with a trivial in-process defense.
const pairs = new CorpusStore().pairs();
const defenses = referenceDefenses(pairs);
let decisions = 0;
const counting = { name: 'count', decide: () => (decisions++, { allowed: true, reason: '' }) };
judge(counting, pairs.scenarios);
const perRun = decisions;
const coreMs = best(20, () => judge(counting, pairs.scenarios));

// The full default job as `npm start` runs it, from a cold store: read, verify the manifest hash,
// validate, link twins, load and check 3 score tables, evaluate 5 reference + 15 classifier
// defenses with per-suite, per-bucket and threshold-sweep breakdowns, render.
const fullMs = best(5, () => {
  const out: string[] = [];
  const code = runCli([], { stdout: (s) => out.push(s), stderr: (s) => out.push(s), store: new CorpusStore(root) });
  if (code !== 0) throw new Error(out.join(''));
});
const evalMs = best(5, () => evaluateCorpus(pairs, defenses));

console.log(`bare parse of the paired corpus (gunzip + JSON.parse): ${fmt(parseMs)}`);
console.log(`core: ${perRun} decisions per paired-corpus pass in ${fmt(coreMs)} = ${Math.round(perRun / (coreMs / 1000)).toLocaleString('en-US')} decisions/s`);
console.log(`evaluate 5 reference defenses on pairs (no I/O): ${fmt(evalMs)}`);
console.log(`full default job (npm start: load, verify, validate, 20 defenses, render): ${fmt(fullMs)}`);
console.log(`ratio full job / bare parse: ${(fullMs / parseMs).toFixed(2)}x`);

// The external-defense protocol's own overhead (set BENCH_PROTOCOL=0 to skip it).
if (process.env['BENCH_PROTOCOL'] !== '0') await benchProtocol();
