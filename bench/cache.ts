// The decision cache (docs/cache.md, issue 14): a cold run that fills it and a warm run that finds
// every decision in it, for a 50 ms/decision stateless defense with 8 requests in flight on the
// action's default corpora, each a whole process of the shipped CLI (`node dist/cli/index.js`);
// and a check that the warm run's results file equals the cold run's byte for byte. Prints figures;
// asserts nothing. Run: npx tsx bench/cache.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CORPORA } from '../src/action/config.js';
import { defenseScript } from './protocol.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/cli/index.js');

export function benchCache(): void {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cache-'));
  const cache = join(dir, 'decisions.jsonl');
  const defense = defenseScript({ delayMs: 50, stateless: true, maxConcurrency: 8 });
  const run = (out: string) => {
    const t0 = performance.now();
    const p = spawnSync(
      process.execPath,
      [
        CLI,
        '--corpus',
        DEFAULT_CORPORA.join(','),
        '--progress',
        '0',
        '--defense-cmd',
        defense,
        '--decision-cache',
        cache,
        '--cache-key',
        'bench',
        '--out-results',
        join(dir, out),
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (p.status !== 0) throw new Error(`exited ${p.status}: ${p.stderr}`);
    return {
      ms: performance.now() - t0,
      stats: /: (\d+ requests for \d+ decisions, \d+ of \d+ distinct decisions from the decision cache)/.exec(p.stderr)?.[1],
    };
  };
  console.log(`decision cache: ${DEFAULT_CORPORA.join(', ')}; a 50 ms/decision stateless defense, 8 in flight`);
  const cold = run('cold.json');
  console.log(
    `  cold: ${(cold.ms / 1000).toFixed(1)} s (${cold.stats}); cache file ${(statSync(cache).size / 1024 / 1024).toFixed(1)} MiB`,
  );
  const warm = run('warm.json');
  console.log(`  warm: ${(warm.ms / 1000).toFixed(1)} s (${warm.stats})`);
  const same = readFileSync(join(dir, 'cold.json'), 'utf8') === readFileSync(join(dir, 'warm.json'), 'utf8');
  console.log(`  warm results equal cold results byte for byte: ${same ? 'yes' : 'NO'}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchCache();
