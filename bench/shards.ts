// Shards (docs/shards.md, issue 14): the wall time of an 8-way sharded run against one process,
// for a 50 ms/decision stateless defense with 8 requests in flight, on the action's default
// corpora. Each job is a whole process of the shipped CLI (`node dist/cli/index.js`), as a matrix
// job runs it. Locally the 8 shard processes run at once on this machine (the defense sleeps, so
// they wait rather than compete for the CPU); on GitHub each is a runner of its own. Then the
// merge process, and a check that its results file equals the one-process run's byte for byte.
// Prints figures; asserts nothing. Run: npx tsx bench/shards.ts [--shards N]
//
// With --adaptive K: the adaptive attack instead (docs/shards.md#adaptive-attacks), a search of K
// iterations on the paired corpus against the 50 ms/decision Python detector of bench/adaptive.ts
// (32 in flight), each shard a process alone (a runner each), then the merge; the merged results
// equal the one-process results but for the count of benign runs drawn at random in every run.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CORPORA } from '../src/action/config.js';
import { defenseScript } from './protocol.js';
import { pythonDetector } from './detector.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/cli/index.js');
const DELAY_MS = 50;
const IN_FLIGHT = 8;

function job(args: string[]): Promise<{ ms: number; stderr: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0 ? resolve({ ms: performance.now() - t0, stderr }) : reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`)),
    );
  });
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const requestsOf = (stderr: string) => Number(/: (\d+) requests for/.exec(stderr)?.[1] ?? NaN);

export async function benchShards(n = 8): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-shards-'));
  const common = ['--corpus', DEFAULT_CORPORA.join(','), '--progress', '0', '--defense-cmd'];
  const defense = defenseScript({ delayMs: DELAY_MS, stateless: true, maxConcurrency: IN_FLIGHT });
  console.log(`shards: ${DEFAULT_CORPORA.join(', ')}; a ${DELAY_MS} ms/decision stateless defense, ${IN_FLIGHT} in flight`);
  const whole = await job([...common, defense, '--out-results', join(dir, 'whole.json')]);
  const wholeRequests = requestsOf(whole.stderr);
  const floor = (requests: number) => (Math.ceil(requests / IN_FLIGHT) * DELAY_MS) / 1000;
  console.log(`  one process: ${s(whole.ms)} for ${wholeRequests} requests (floor ${floor(wholeRequests).toFixed(1)} s)`);
  mkdirSync(join(dir, 'parts'));
  const t0 = performance.now();
  const parts = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      job([...common, defense, '--shard', `${i + 1}/${n}`, '--out-results', join(dir, 'parts', `${i + 1}.json`)]),
    ),
  );
  const matrix = performance.now() - t0;
  const requests = parts.map((p) => requestsOf(p.stderr));
  const slowest = Math.max(...parts.map((p) => p.ms));
  // Each alone, as on a runner of its own: no other shard competes for this machine's two cores.
  const alone: number[] = [];
  for (let i = 0; i < n; i++)
    alone.push((await job([...common, defense, '--shard', `${i + 1}/${n}`, '--out-results', join(dir, `alone-${i + 1}.json`)])).ms);
  const merge = await job([
    '--corpus',
    DEFAULT_CORPORA.join(','),
    '--merge',
    join(dir, 'parts'),
    '--out-results',
    join(dir, 'merged.json'),
  ]);
  const same = readFileSync(join(dir, 'whole.json'), 'utf8') === readFileSync(join(dir, 'merged.json'), 'utf8');
  console.log(
    `  ${n} shards at once: slowest ${s(slowest)}, all ${s(matrix)}; requests per shard ${Math.min(...requests)}–${Math.max(...requests)} (${requests.reduce((a, b) => a + b, 0)} in all; floor of the largest ${floor(Math.max(...requests)).toFixed(1)} s)`,
  );
  const alonest = Math.max(...alone);
  console.log(`  each shard alone (a runner each): ${s(Math.min(...alone))}–${s(alonest)}`);
  console.log(`  merge: ${s(merge.ms)}`);
  console.log(
    `  sharded wall, slowest shard + merge: ${s(alonest + merge.ms)} with a runner per shard (${(whole.ms / (alonest + merge.ms)).toFixed(1)}× faster than one process), ${s(slowest + merge.ms)} with all ${n} on this machine (${(whole.ms / (slowest + merge.ms)).toFixed(1)}×)`,
  );
  console.log(`  merged results equal the one-process results byte for byte: ${same ? 'yes' : 'NO'}`);
}

const queriesOf = (file: string): number =>
  (JSON.parse(readFileSync(file, 'utf8')) as { corpora: { adaptive: { queries: number } }[] }).corpora[0]!.adaptive.queries;
const partQueries = (stderr: string) => Number(/adaptive attack on pairs: \d+ of \d+ targets, (\d+) queries/.exec(stderr)?.[1] ?? NaN);
const drawn = (file: string) => readFileSync(file, 'utf8').replace(/"benign_runs": \d+/, '"benign_runs": N');

export async function benchAdaptiveShards(n: number, k: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-adaptive-shards-'));
  const defense = pythonDetector(0.05);
  const common = ['--corpus', 'pairs', '--scores', 'none', '--progress', '0', '--defense-cmd', defense, '--adaptive', String(k)];
  console.log(`adaptive shards: pairs, K = ${k}; a 50 ms/decision stateless Python detector, 32 in flight`);
  const whole = await job([...common, '--out-results', join(dir, 'whole.json')]);
  const q = queriesOf(join(dir, 'whole.json'));
  console.log(`  one process: ${s(whole.ms)} (scoring and the attack) for ${q} attack queries (floor ${((q * 0.05) / 32).toFixed(1)} s)`);
  mkdirSync(join(dir, 'parts'));
  const alone: { ms: number; queries: number }[] = [];
  for (let i = 0; i < n; i++) {
    const p = await job([...common, '--shard', `${i + 1}/${n}`, '--out-results', join(dir, 'parts', `${i + 1}.json`)]);
    alone.push({ ms: p.ms, queries: partQueries(p.stderr) });
  }
  const merge = await job([
    '--corpus',
    'pairs',
    '--scores',
    'none',
    '--merge',
    join(dir, 'parts'),
    '--out-results',
    join(dir, 'merged.json'),
  ]);
  const slowest = Math.max(...alone.map((a) => a.ms));
  const queries = alone.map((a) => a.queries);
  console.log(
    `  each shard alone (a runner each): ${s(Math.min(...alone.map((a) => a.ms)))}–${s(slowest)}; attack queries per shard ${Math.min(...queries)}–${Math.max(...queries)} (${queries.reduce((a, b) => a + b, 0)} in all)`,
  );
  console.log(`  merge: ${s(merge.ms)}; merged queries ${queriesOf(join(dir, 'merged.json'))} (the union of the parts' distinct requests)`);
  console.log(
    `  sharded wall, slowest shard + merge: ${s(slowest + merge.ms)} (${(whole.ms / (slowest + merge.ms)).toFixed(1)}× faster than one process)`,
  );
  const same = drawn(join(dir, 'whole.json')) === drawn(join(dir, 'merged.json'));
  console.log(`  merged results equal the one-process results but for benign_runs: ${same ? 'yes' : 'NO'}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flag = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const k = flag('--adaptive');
  if (k !== undefined) await benchAdaptiveShards(flag('--shards') ?? 8, k);
  else await benchShards(flag('--shards') ?? 8);
}
