// The wall time of scoring one external defense on each corpus, as the action would (one defense
// process, protocol v2 sessions with prompts and tools): the figures the action's default corpora
// were chosen from (docs/action.md#inputs). A 50 ms/decision Python SDK defense at its defaults
// (stateful, as many in flight as its hello says), the cost an LLM-free but slow defense adds;
// and the number of requests, which is what a slower defense multiplies. Prints figures; asserts
// nothing.
//   tsx bench/corpora.ts [corpus …]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CORPORA, CORPUS_NAMES, type CorpusName } from '../src/data/registry.js';
import { CorpusStore } from '../src/data/store.js';
import { pythonDefense, timedSpec } from './protocol.js';

const SELF = fileURLToPath(import.meta.url);
const fmt = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);

export async function benchCorpora(
  names: readonly CorpusName[] = ['pairs', 'agentdojo', 'agentdyn-gpt-4o-2024-08-06', 'agentdyn'],
): Promise<void> {
  if (spawnSync('python3', ['--version']).status !== 0) return console.log('\n(python3 not found: corpus wall times skipped)');
  console.log('\nwall time per corpus, one 50 ms/decision Python SDK defense at its defaults (v2, stateful):');
  const store = new CorpusStore();
  for (const name of names) {
    const corpus = CORPORA[name].load(store);
    const calls = corpus.scenarios.reduce((n, s) => n + s.trace.length, 0);
    const r = await timedSpec([corpus], { kind: 'command', command: pythonDefense(0.05) }, 10_000);
    const inFlight = r.hello.capabilities.max_concurrency;
    console.log(
      `  ${name.padEnd(40)} ${String(corpus.scenarios.length).padStart(5)} runs, ${String(calls).padStart(6)} calls: ${String(r.requests).padStart(6)} requests in ${fmt(r.ms)} (${inFlight} in flight; floor ${fmt((r.requests * 50) / inFlight)})`,
    );
  }
}

if (process.argv[1] === SELF) {
  const asked = process.argv.slice(2).filter((a): a is CorpusName => (CORPUS_NAMES as readonly string[]).includes(a));
  await benchCorpora(asked.length > 0 ? asked : undefined);
}
