// Protocol v2's cost per decision next to v1's, and next to the physical floor: a raw JSON-lines
// echo of the very same bytes through the same kind of pipe, with the same number of requests in
// flight, by a driver that does nothing else (no validation, no sessions, no scoring). The
// defense is the same trivial process in all three (it parses each line and answers allow), so
// what differs is the gate's side. Prints figures and whether issue 10's bound (the gate within
// 3× the floor) held; asserts nothing. Called by bench/index.ts, or run alone: tsx bench/v2.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDefense, scoreDefense } from '../src/adapters/index.js';
import type { ExternalDefense } from '../src/adapters/external.js';
import { CorpusStore } from '../src/data/store.js';
import type { Corpus } from '../src/corpora/corpus.js';

const SELF = fileURLToPath(import.meta.url);
const IN_FLIGHT = 64;
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
/** Issue 10's bound: the gate's side of protocol v2 costs at most this many times the floor. */
const BOUND = 3;

/**
 * The trivial defense (node -e): answers every request "allow" as soon as it is parsed, batching
 * its writes per tick; v2's begin and end get no answer. With `record`, it also keeps every line
 * it was sent and writes them to that file at the end (the floor replays them).
 */
function defense(version: 1 | 2, record?: string): string {
  const hello = JSON.stringify({ protocol: version, name: 'bench', capabilities: { stateless: false, max_concurrency: IN_FLIGHT } });
  const answer = version === 2 ? `'{"id":'+m.id+',"decision":"allow"}\\n'` : `'{"id":'+m.id+',"allow":true}\\n'`;
  const keep = record ? `seen.push(l);` : '';
  const dump = record ? `process.stdin.on('end',()=>require('fs').writeFileSync(${JSON.stringify(record)},seen.join('\\n')+'\\n'));` : '';
  const script =
    `const seen=[],w=[];let t;process.stdout.write(${JSON.stringify(hello + '\n')});` +
    `require('readline').createInterface({input:process.stdin}).on('line',l=>{${keep}const m=JSON.parse(l);` +
    `if(m.type==='begin'||m.type==='end')return;w.push(${answer});t??=setImmediate(()=>{process.stdout.write(w.join(''));w.length=0;t=undefined})});${dump}`;
  return `"${process.execPath}" -e ${JSON.stringify(script)}`;
}

interface Run {
  ms: number;
  requests: number;
  bytes: number;
}

/** The gate: score the corpus with the trivial defense (stateful sessions, IN_FLIGHT at once), from hello to close. */
async function gate(corpus: Corpus, version: 1 | 2, record?: string): Promise<Run> {
  const d = (await openDefense({ kind: 'command', command: defense(version, record) }, { timeoutMs: 60_000 })) as ExternalDefense;
  const t0 = performance.now();
  await scoreDefense(d, corpus);
  const ms = performance.now() - t0;
  await d.close();
  return { ms, requests: d.stats.requests, bytes: 0 };
}

/**
 * The floor: the same defense process fed the recorded lines, with at most IN_FLIGHT requests
 * unanswered, replies only counted (split on "\n", not parsed). Notifications (begin, end) go as
 * they come in the recording; a request waits for a free slot.
 */
async function floor(lines: readonly string[], version: 1 | 2): Promise<Run> {
  const child = spawn('/bin/sh', ['-c', defense(version)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const isRequest = lines.map((l) => !l.startsWith('{"type":"begin"') && !l.startsWith('{"type":"end"'));
  const requests = isRequest.filter(Boolean).length;
  let bytes = 0;
  let hello = false;
  let answered = 0;
  let sent = 0;
  let next = 0;
  let t0 = 0;
  return new Promise<Run>((resolve) => {
    const pump = (): void => {
      const out: string[] = [];
      while (next < lines.length && (!isRequest[next] || sent - answered < IN_FLIGHT)) {
        if (isRequest[next]) sent++;
        out.push(lines[next++]!);
      }
      if (out.length) {
        const chunk = out.join('\n') + '\n';
        bytes += chunk.length;
        child.stdin.write(chunk);
      }
    };
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      if (!hello) {
        hello = true;
        parts.shift();
        t0 = performance.now();
      }
      answered += parts.length;
      if (answered === requests) {
        const ms = performance.now() - t0;
        child.stdin.end();
        return resolve({ ms, requests, bytes });
      }
      pump();
    });
    // Start once the hello has arrived (as the gate does).
    child.stdout.once('data', () => setImmediate(pump));
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const us = (ms: number, n: number): string => `${((ms * 1000) / n).toFixed(1)} µs`;

export async function benchV2(): Promise<void> {
  const pairs = new CorpusStore().pairs();
  const dir = mkdtempSync(join(tmpdir(), 'bench-v2-'));
  console.log(
    `\nprotocol v2 against v1 and the floor: paired corpus, trivial stdio defense, stateful sessions, ${IN_FLIGHT} in flight, median of ${RUNS}:`,
  );
  const perDecision: Partial<Record<1 | 2, { gate: number; ratio: number }>> = {};
  for (const version of [1, 2] as const) {
    const rec = join(dir, `v${version}.jsonl`);
    const first = await gate(pairs, version, rec);
    const lines = readFileSync(rec, 'utf8').trimEnd().split('\n');
    const wire = Buffer.byteLength(lines.join('\n') + '\n');
    const g: number[] = [first.ms];
    const f: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (i > 0) g.push((await gate(pairs, version)).ms);
      f.push((await floor(lines, version)).ms);
    }
    const gm = median(g);
    const fm = median(f);
    perDecision[version] = { gate: gm / first.requests, ratio: gm / fm };
    console.log(
      `  v${version}: ${first.requests} requests, ${lines.length - first.requests} begin/end, ${(wire / 1024 / 1024).toFixed(1)} MiB to the defense; ` +
        `gate ${gm.toFixed(0)} ms = ${us(gm, first.requests)}/decision; raw echo of the same bytes ${fm.toFixed(0)} ms = ${us(fm, first.requests)}/decision; ` +
        `gate / floor ${(gm / fm).toFixed(2)}×`,
    );
  }
  const [v1, v2] = [perDecision[1]!, perDecision[2]!];
  console.log(`  v2 / v1 per decision: ${(v2.gate / v1.gate).toFixed(2)}× (v2 sends the trace and the sessions)`);
  const verdict = (r: number) => `${r.toFixed(2)}× (${r <= BOUND ? 'within' : 'ABOVE'})`;
  console.log(`  bound (issue 10): the gate's side within ${BOUND}× the floor — v2 ${verdict(v2.ratio)}, v1 ${verdict(v1.ratio)}`);
  writeFileSync(join(dir, 'done'), '');
}

if (process.argv[1] === SELF) await benchV2();
