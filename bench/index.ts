// npm run bench: the gate's own cost next to the work it cannot avoid. Every job figure is a whole
// process, started cold, as a user runs it (`node dist/cli/index.js …`), against a floor measured
// the same way: a process that only reads, gunzips and parses the same corpus file. Medians of
// several runs; nothing here asserts a time (timed tests are flaky; this is for reading).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CorpusStore } from '../src/data/store.js';
import { FILES } from '../src/data/registry.js';
import { judge } from '../src/scoring/judge.js';
import { benchProtocol } from './protocol.js';
import { benchV2 } from './v2.js';
import { benchShards } from './shards.js';
import { benchCache } from './cache.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/cli/index.js');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);

/** Median and min wall time of `runs` cold processes. */
function processMs(args: string[], runs = RUNS): { median: number; min: number } {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    times.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.toString()}`);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, min: times[0]! };
}

const fmt = (ms: number): string => `${ms.toFixed(0)} ms`;
const file = (f: string) => join(ROOT, 'corpora', f);
const floorScript = (files: string[]) =>
  `const z=require('zlib'),f=require('fs');for(const p of ${JSON.stringify(files)})JSON.parse(z.gunzipSync(f.readFileSync(p)).toString('utf8'))`;

console.log(`node ${process.version}, ${RUNS} cold runs each (median, min)\n`);
const bare = processMs(['-e', '']);
console.log(`empty node process: ${fmt(bare.median)} (min ${fmt(bare.min)})`);

const jobs: { label: string; args: string[]; floor: string[] }[] = [
  { label: 'npm start (pairs: verify, validate, link twins, 3 score tables, all defenses, render)', args: [], floor: [FILES.pairs] },
  { label: '--corpus agentdojo', args: ['--corpus', 'agentdojo'], floor: [FILES.agentdojo] },
  {
    label: '--corpus agentdojo --sweep (1,600 relabelled runs of flow-guard)',
    args: ['--corpus', 'agentdojo', '--sweep'],
    floor: [FILES.agentdojo],
  },
  { label: '--corpus attacks (5 attacks × 14 defenses)', args: ['--corpus', 'attacks'], floor: [FILES.attacks, FILES.pairs] },
];

// How many defenses the default job judges: the comparison plus each classifier's threshold sweep
// (its point at the run's threshold reuses the comparison's outcomes).
const json = JSON.parse(execFileSync(process.execPath, [CLI, '--format', 'json'], { cwd: ROOT, encoding: 'utf8' }));
const sweepOnly = (json.classifiers as { threshold_sweep: unknown[] }[]).reduce((n, c) => n + c.threshold_sweep.length - 1, 0);
console.log(
  `the default job judges ${json.comparison.results.length + sweepOnly} defenses (${json.comparison.results.length} compared, ${sweepOnly} more in the threshold sweeps) on ${
    new CorpusStore().pairs().scenarios.length
  } scenarios\n`,
);

for (const j of jobs) {
  const floor = processMs(['-e', floorScript(j.floor.map(file))]);
  const job = processMs([CLI, ...j.args]);
  console.log(`${j.label}`);
  console.log(
    `  job ${fmt(job.median)} (min ${fmt(job.min)}); floor: read + gunzip + JSON.parse of ${j.floor.join(', ')} ${fmt(floor.median)}`,
  );
  console.log(`  ratio to the floor ${(job.median / floor.median).toFixed(2)}×; beyond the floor ${fmt(job.median - floor.median)}`);
}

// The core in a warm process, for scale: decisions per second of judge + tally with a trivial defense.
const pairs = new CorpusStore().pairs();
let decisions = 0;
const counting = { name: 'count', decide: () => (decisions++, { allowed: true, reason: '' }) };
judge(counting, pairs.scenarios);
const perRun = decisions;
const t0 = performance.now();
for (let i = 0; i < 20; i++) judge(counting, pairs.scenarios);
const coreMs = (performance.now() - t0) / 20;
console.log(
  `\ncore (warm): ${perRun} decisions per paired-corpus pass in ${coreMs.toFixed(2)} ms = ${Math.round(perRun / (coreMs / 1000)).toLocaleString('en-US')} decisions/s`,
);
console.log(
  `corpus sizes: ${Object.values(FILES)
    .filter((f) => typeof f === 'string')
    .map((f) => `${f} ${(readFileSync(file(f as string)).length / 1024).toFixed(0)} KiB`)
    .join(', ')}`,
);

// The external-defense protocol's own overhead (set BENCH_PROTOCOL=0 to skip it).
if (process.env['BENCH_PROTOCOL'] !== '0') {
  await benchProtocol();
  await benchV2();
}

// Sharded against one process (set BENCH_SHARDS=0 to skip it: about two minutes).
if (process.env['BENCH_SHARDS'] !== '0') await benchShards();

// The decision cache, cold then warm (set BENCH_CACHE=0 to skip it: about 45 s).
if (process.env['BENCH_CACHE'] !== '0') benchCache();
