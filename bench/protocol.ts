// The external-defense protocol's own cost (issue 5): decisions/s through stdio for a trivial
// defense, the paired corpus's wall time for a 50 ms/decision defense with pipelining and dedup,
// the action's default corpora (DEFAULT_CORPORA in src/action/config.ts) for a 50 ms/decision
// Python SDK defense as the SDK ships, against issue 9's bound of 10 s, and the scoring process's
// peak memory over HTTP against stdio. Prints figures; asserts nothing. Called by bench/index.ts,
// or run alone: tsx bench/protocol.ts [--sdk [--max-concurrency N]] (--sdk: the Python SDK
// figures only; --max-concurrency: at another concurrency than the SDK's default).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CORPORA } from '../src/action/config.js';
import { ExternalDefense, openDefense, scoreDefense, type DefenseSpec } from '../src/adapters/index.js';
import { CORPORA } from '../src/data/registry.js';
import { CorpusStore } from '../src/data/store.js';
import type { Corpus } from '../src/corpora/corpus.js';
import type { Scenario } from '../src/model/call.js';

const ROOT = join(import.meta.dirname, '..');
const SELF = fileURLToPath(import.meta.url);

/** A protocol v1 defense as a node -e script: allow everything after `delayMs`. */
export function defenseScript(opts: { delayMs: number; stateless: boolean; maxConcurrency: number }): string {
  const hello = JSON.stringify({
    protocol: 1,
    name: 'bench',
    capabilities: { stateless: opts.stateless, max_concurrency: opts.maxConcurrency },
  });
  const reply = opts.delayMs > 0 ? `setTimeout(()=>out(r),${opts.delayMs})` : 'out(r)';
  const script = `const w=[];let t;const out=(r)=>{w.push('{"id":'+r.id+',"allow":true,"reason":"ok"}\\n');t??=setImmediate(()=>{process.stdout.write(w.join(''));w.length=0;t=undefined})};process.stdout.write(${JSON.stringify(hello + '\n')});require('readline').createInterface({input:process.stdin}).on('line',l=>{const r=JSON.parse(l);${reply}})`;
  return `"${process.execPath}" -e ${JSON.stringify(script)}`;
}

/** The same trivial defense as an HTTP server (node -e): prints its URL on stdout, ends with its stdin. */
function httpDefenseScript(maxConcurrency: number): string {
  const hello = JSON.stringify({ protocol: 1, name: 'bench', capabilities: { stateless: false, max_concurrency: maxConcurrency } });
  return `const s=require('http').createServer((q,r)=>{if(q.method==='GET')return r.end(${JSON.stringify(hello)});let b='';q.on('data',c=>b+=c).on('end',()=>{r.setHeader('content-type','application/json');r.end('{"id":'+JSON.parse(b).id+',"allow":true,"reason":"ok"}')})});s.listen(0,'127.0.0.1',()=>console.log('http://127.0.0.1:'+s.address().port+'/'));process.stdin.resume();process.stdin.on('end',()=>process.exit(0))`;
}

async function timed(scenarios: readonly Scenario[], opts: { delayMs: number; stateless: boolean; maxConcurrency: number }) {
  return timedSpec([scenarios], { kind: 'command', command: defenseScript(opts) });
}

/** Score each corpus (or scenario list) in turn with one defense (one process), as the action does with its corpora. */
export async function timedSpec(lists: readonly (Corpus | readonly Scenario[])[], spec: DefenseSpec, timeoutMs = 60_000) {
  const d = (await openDefense(spec, { timeoutMs })) as ExternalDefense;
  const t0 = performance.now();
  let needed = 0;
  for (const scenarios of lists) needed += (await scoreDefense(d, scenarios)).needed;
  const ms = performance.now() - t0;
  await d.close();
  return { ms, requests: d.stats.requests, deduplicated: needed - d.stats.requests, hello: d.hello };
}

/**
 * A Python SDK defense that sleeps `delayS` per decision; `serveArgs` are appended to
 * serve(decide, name=...). With `rssFile`, it writes its peak RSS (KiB) there when it exits.
 */
export function pythonDefense(delayS: number, serveArgs = '', rssFile?: string): string {
  return `python3 "${pythonScript(delayS, `serve(decide, name="bench-python"${serveArgs})`, rssFile)}"`;
}

function pythonScript(delayS: number, serveCall: string, rssFile?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-python-'));
  const path = join(dir, 'defense.py');
  const rss = rssFile
    ? [
        'import resource, signal',
        `def peak(*_):\n    open(${JSON.stringify(rssFile)}, "w").write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))`,
        'signal.signal(signal.SIGTERM, lambda *_: (peak(), sys.exit(0)))',
      ]
    : [];
  writeFileSync(
    path,
    [
      'import sys, time',
      'sys.dont_write_bytecode = True',
      `sys.path.insert(0, ${JSON.stringify(join(ROOT, 'src/sdk/python'))})`,
      'from defense_protocol import serve, serve_http',
      ...rss,
      'def decide(call, info):',
      `    time.sleep(${delayS})`,
      '    return True, "ok"',
      serveCall,
      ...(rssFile ? ['peak()'] : []),
      '',
    ].join('\n'),
  );
  return path;
}

/** The same defense served over HTTP by the SDK's serve_http on a free port: its URL, and a stop that resolves once it exited. */
async function pythonHttpDefense(delayS: number, rssFile: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const path = pythonScript(delayS, 'serve_http(decide, name="bench-python-http", port=0)', rssFile);
  const child = spawn('python3', [path], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (s: string) => {
      const m = /listening on (\S+)/.exec(s);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the HTTP defense exited ${code}`)));
  });
  const stop = () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')));
  return { url, stop };
}

/**
 * The action's default corpora, read from the action's own source (its `corpora` input when
 * blank), in its order: protocol v2 sessions get their prompts and tools.
 */
export function defaultCorpora(): { names: readonly string[]; corpora: Corpus[] } {
  const store = new CorpusStore();
  return { names: DEFAULT_CORPORA, corpora: DEFAULT_CORPORA.map((name) => CORPORA[name].load(store)) };
}

/** Issue 9's bound: a 50 ms/decision Python SDK defense at its defaults scores the default corpora in under this. */
export const SDK_TARGET_MS = 10_000;

interface RssFigure {
  transport: string;
  requests: number;
  ms: number;
  /** Peak RSS of the whole scoring process, and its RSS once the corpus was loaded, in MiB. */
  peakMiB: number;
  loadedMiB: number;
  maxListenersWarnings: number;
}

/** In a fresh process (`--rss stdio|http`): score the attacks corpus with the trivial defense, print an RssFigure. */
async function rssChild(transport: 'stdio' | 'http'): Promise<void> {
  let warnings = 0;
  process.on('warning', (w) => void (w.name === 'MaxListenersExceededWarning' && warnings++));
  const scenarios = CORPORA.attacks.load(new CorpusStore()).scenarios;
  const loaded = process.memoryUsage().rss;
  let server: ChildProcess | undefined;
  let spec: DefenseSpec;
  if (transport === 'http') {
    const child = spawn(process.execPath, ['-e', httpDefenseScript(16)], { stdio: ['pipe', 'pipe', 'inherit'] });
    server = child;
    const url = await new Promise<string>((resolve) => child.stdout.once('data', (b: Buffer) => resolve(b.toString().trim())));
    spec = { kind: 'url', url };
  } else {
    spec = { kind: 'command', command: defenseScript({ delayMs: 0, stateless: false, maxConcurrency: 16 }) };
  }
  const r = await timedSpec([scenarios], spec);
  server?.stdin?.end();
  const figure: RssFigure = {
    transport,
    requests: r.requests,
    ms: r.ms,
    peakMiB: process.resourceUsage().maxRSS / 1024,
    loadedMiB: loaded / 1024 / 1024,
    maxListenersWarnings: warnings,
  };
  console.log(JSON.stringify(figure));
}

/** Median-peak run of `runs` fresh processes per transport, with the range of the peaks. */
function rssFigure(transport: 'stdio' | 'http', runs = 5): RssFigure & { minMiB: number; maxMiB: number } {
  const figures: RssFigure[] = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--rss', transport], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`rss ${transport} exited ${r.status}: ${r.stderr}`);
    figures.push(JSON.parse(r.stdout.trim().split('\n').at(-1)!) as RssFigure);
  }
  figures.sort((a, b) => a.peakMiB - b.peakMiB);
  return { ...figures[Math.floor(figures.length / 2)]!, minMiB: figures[0]!.peakMiB, maxMiB: figures.at(-1)!.peakMiB };
}

const fmt = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/**
 * The action's default corpora for a 50 ms/decision Python SDK defense at the SDK's defaults (or
 * at `maxConcurrency`, to see what another default would give), against issue 9's bound.
 */
export async function benchSdk(maxConcurrency?: number): Promise<void> {
  if (spawnSync('python3', ['--version']).status !== 0) {
    console.log('  (python3 not found: Python SDK figures skipped)');
    return;
  }
  const { names, corpora } = defaultCorpora();
  const label = `${names.join(', ')} in turn (${corpora.map((c) => c.scenarios.length).join(' + ')} scenarios), one defense process`;
  const args = maxConcurrency === undefined ? '' : `, max_concurrency=${maxConcurrency}`;
  const rssFile = join(mkdtempSync(join(tmpdir(), 'bench-rss-')), 'peak');
  const peak = () => `${(Number(readFileSync(rssFile, 'utf8')) / 1024).toFixed(0)} MiB`;
  // The per-call timeout is the action's default: a defense that queues requests inside itself fails here.
  const sdk = await timedSpec(corpora, { kind: 'command', command: pythonDefense(0.05, args, rssFile) }, 10_000);
  console.log(`\nprotocol v${sdk.hello.protocol} (stdio, the Python SDK's default), the action's default corpora: ${label}:`);
  const caps = sdk.hello.capabilities;
  console.log(
    `  50 ms/decision Python SDK defense, ${maxConcurrency === undefined ? 'its defaults' : 'defaults but max_concurrency'} ` +
      `(stateless ${caps.stateless}, max_concurrency ${caps.max_concurrency}): ${fmt(sdk.ms)} wall; ` +
      `${sdk.requests} requests (floor ${fmt((sdk.requests * 50) / caps.max_concurrency)} = requests × 50 ms / ${caps.max_concurrency}); ` +
      `the defense's peak RSS ${peak()}`,
  );
  console.log(
    `  target: under ${fmt(SDK_TARGET_MS)} (issue 9) — ${sdk.ms < SDK_TARGET_MS ? 'met' : 'NOT met'}, ${fmt(sdk.ms)} is ` +
      `${((100 * sdk.ms) / SDK_TARGET_MS).toFixed(0)} % of it`,
  );
  const pure = await timedSpec(corpora, { kind: 'command', command: pythonDefense(0.05, `${args}, stateless=True`) }, 10_000);
  console.log(`  the same with stateless=True (dedup): ${fmt(pure.ms)} wall; ${pure.requests} requests, ${pure.deduplicated} deduplicated`);
  if (maxConcurrency === undefined) {
    // Over HTTP every message is a POST on a kept-alive connection, one per request in flight.
    const server = await pythonHttpDefense(0.05, rssFile);
    const http = await timedSpec(corpora, { kind: 'url', url: server.url }, 10_000);
    await server.stop();
    console.log(
      `  the same over HTTP (serve_http, max_concurrency ${http.hello.capabilities.max_concurrency}): ${fmt(http.ms)} wall; ` +
        `${http.requests} requests; the server's peak RSS ${peak()}`,
    );
  }
}

export async function benchProtocol(): Promise<void> {
  const pairs = new CorpusStore().pairs().scenarios;
  console.log('\nprotocol v1 (stdio), paired corpus:');
  // Best of 3 for the trivial defense: warm-up and scheduling noise dominate small runs.
  let best = { ms: Infinity, requests: 0, deduplicated: 0 };
  for (let i = 0; i < 3; i++) {
    const r = await timed(pairs, { delayMs: 0, stateless: false, maxConcurrency: 64 });
    if (r.ms < best.ms) best = r;
  }
  console.log(
    `  trivial defense, no dedup, 64 in flight: ${best.requests} decisions in ${fmt(best.ms)} = ${Math.round(best.requests / (best.ms / 1000)).toLocaleString('en-US')} decisions/s`,
  );
  const slow = await timed(pairs, { delayMs: 50, stateless: true, maxConcurrency: 64 });
  const asked = slow.requests + slow.deduplicated;
  console.log(
    `  50 ms/decision defense, stateless (dedup), 64 in flight: ${fmt(slow.ms)} wall; ${slow.requests} requests for ${asked} decisions ` +
      `(${slow.deduplicated} deduplicated); one at a time without dedup would take ~${fmt(asked * 50)}`,
  );

  await benchSdk();

  console.log('\npeak RSS of scoring the attacks corpus, trivial defense, 16 in flight, no dedup (fresh process each, median of 5):');
  const stdio = rssFigure('stdio');
  const http = rssFigure('http');
  for (const f of [stdio, http]) {
    console.log(
      `  ${f.transport.padEnd(5)} ${f.peakMiB.toFixed(0)} MiB peak (range ${f.minMiB.toFixed(0)}-${f.maxMiB.toFixed(0)}; ${f.loadedMiB.toFixed(0)} MiB with the corpus loaded); ` +
        `${f.requests} requests in ${fmt(f.ms)}; ${f.maxListenersWarnings} MaxListenersExceededWarning`,
    );
  }
  console.log(`  http / stdio: ${(http.peakMiB / stdio.peakMiB).toFixed(2)}×`);
}

// Run directly: tsx bench/protocol.ts (or, for one memory figure in a fresh process, --rss stdio|http)
if (process.argv[1] === SELF) {
  const i = process.argv.indexOf('--rss');
  const c = process.argv.indexOf('--max-concurrency');
  if (i > 0) await rssChild(process.argv[i + 1] === 'http' ? 'http' : 'stdio');
  else if (process.argv.includes('--sdk')) await benchSdk(c > 0 ? Number(process.argv[c + 1]) : undefined);
  else await benchProtocol();
}
