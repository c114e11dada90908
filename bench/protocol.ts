// The external-defense protocol's own cost (issue 5): decisions/s through stdio for a trivial
// defense, and the paired corpus's wall time for a 50 ms/decision defense with pipelining and
// dedup. Prints figures; asserts nothing. Called by bench/index.ts.
import { performance } from 'node:perf_hooks';
import { ExternalDefense, openDefense, scoreDefense } from '../src/adapters/index.js';
import { CorpusStore } from '../src/data/store.js';
import type { Scenario } from '../src/model/call.js';

/** A protocol v1 defense as a node -e script: allow everything after `delayMs`. */
function defenseScript(opts: { delayMs: number; stateless: boolean; maxConcurrency: number }): string {
  const hello = JSON.stringify({
    protocol: 1,
    name: 'bench',
    capabilities: { stateless: opts.stateless, max_concurrency: opts.maxConcurrency },
  });
  const reply = opts.delayMs > 0 ? `setTimeout(()=>out(r),${opts.delayMs})` : 'out(r)';
  const script = `const w=[];let t;const out=(r)=>{w.push('{"id":'+r.id+',"allow":true,"reason":"ok"}\\n');t??=setImmediate(()=>{process.stdout.write(w.join(''));w.length=0;t=undefined})};process.stdout.write(${JSON.stringify(hello + '\n')});require('readline').createInterface({input:process.stdin}).on('line',l=>{const r=JSON.parse(l);${reply}})`;
  return `"${process.execPath}" -e ${JSON.stringify(script)}`;
}

async function timed(scenarios: readonly Scenario[], opts: { delayMs: number; stateless: boolean; maxConcurrency: number }) {
  const d = (await openDefense({ kind: 'command', command: defenseScript(opts) }, { timeoutMs: 60_000 })) as ExternalDefense;
  const t0 = performance.now();
  const run = await scoreDefense(d, scenarios);
  const ms = performance.now() - t0;
  await d.close();
  return { ms, requests: run.asked, deduplicated: run.needed - run.asked };
}

const fmt = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

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
}

// Run directly: tsx bench/protocol.ts
if (import.meta.url === `file://${process.argv[1]}`) await benchProtocol();
