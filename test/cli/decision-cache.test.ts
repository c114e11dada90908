// --decision-cache and --cache-key (docs/cache.md): a warm run prints the same report and writes
// the same results file as a cold one, asking nothing; bad flags and paths exit 2 naming the flag
// before any defense runs; a corrupt cache file is a warning, and is replaced by a good one.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../../src/data/store.js';
import { cliWith } from './run.js';

const store = new CorpusStore();
const cli = (...argv: string[]) => cliWith({ store }, ...argv);

const tmp = mkdtempSync(join(tmpdir(), 'defense-eval-cli-cache-'));
const RULE = `"${process.execPath}" "${join(import.meta.dirname, '../fixtures/defenses/rule-stdio.mjs')}"`;

describe('--decision-cache', () => {
  it('a warm run prints the same report and writes the same results file as a cold one, asking nothing', async () => {
    const cache = join(tmp, 'warm.jsonl');
    const run = (n: number) =>
      cli(
        '--corpus',
        'pairs,agentdojo',
        '--defense-cmd',
        RULE,
        '--progress',
        '0',
        '--decision-cache',
        cache,
        '--cache-key',
        'rule-v1',
        '--out-results',
        join(tmp, `r${n}.json`),
      );
    const cold = await run(1);
    expect(cold.code).toBe(0);
    const written = readFileSync(cache, 'utf8');
    const warm = await run(2);
    expect(warm.code).toBe(0);
    expect(warm.stdout).toBe(cold.stdout);
    expect(readFileSync(join(tmp, 'r2.json'), 'utf8')).toBe(readFileSync(join(tmp, 'r1.json'), 'utf8'));
    // The file is rewritten the same: nothing new was asked, nothing was lost.
    expect(readFileSync(cache, 'utf8')).toBe(written);
    const entries = written.split('\n').length - 2;
    expect(cold.stderr).toMatch(
      new RegExp(
        `^scored rule-stdio on pairs, agentdojo: ${entries} requests for (\\d+) decisions, \\d+ of \\d+ distinct decisions from the decision cache\n`,
      ),
    );
    expect(warm.stderr).toMatch(
      /^scored rule-stdio on pairs, agentdojo: 0 requests for (\d+) decisions, (\d+) of \2 distinct decisions from the decision cache\n/,
    );
    expect(warm.stderr).toContain(`decision cache ${cache}: ${entries} decisions written\n`);
  }, 20_000);

  it('a corrupt file is a warning and an empty cache; the run replaces it', async () => {
    const cache = join(tmp, 'corrupt.jsonl');
    writeFileSync(cache, '{"format":"agent-defense-eval decision cache","version":0,"entries":0}\n');
    const r = await cli('--corpus', 'bundled', '--defense-cmd', RULE, '--decision-cache', cache, '--cache-key', 'k');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^warning: --decision-cache .*corrupt\.jsonl: ignored, an empty decision cache is used: line 1 \(header\): version: expected version 1\n/,
    );
    expect(r.stderr).toMatch(/0 of \d+ distinct decisions from the decision cache/);
    expect(readFileSync(cache, 'utf8')).toMatch(/^\{"format":"agent-defense-eval decision cache","version":1,"entries":\d+\}\n/);
  });

  const dirPath = join(tmp, 'a-directory');
  mkdirSync(dirPath);
  const file = join(tmp, 'x.jsonl');
  it.each([
    [
      ['--defense-cmd', RULE, '--decision-cache', file],
      '--decision-cache needs --cache-key: a key that changes whenever the defense may decide differently (docs/cache.md)',
    ],
    [['--defense-cmd', RULE, '--cache-key', 'k'], '--cache-key needs --decision-cache FILE'],
    [['--defense-cmd', RULE, '--decision-cache', file, '--cache-key', ''], '--cache-key: empty'],
    [
      ['--defense-cmd', RULE, '--decision-cache', file, '--cache-key', 'a\nb'],
      '--cache-key: "a\\nb" must be one line of at most 200 characters',
    ],
    [['--defense-cmd', RULE, '--decision-cache', '', '--cache-key', 'k'], '--decision-cache: empty'],
    [
      ['--decision-cache', file, '--cache-key', 'k'],
      '--decision-cache needs your defense: --defense-cmd, --defense-url, --defense-module or --merge',
    ],
    [
      ['--defense-cmd', 'exit 3', '--decision-cache', join(tmp, 'no-dir', 'c.jsonl'), '--cache-key', 'k'],
      `--decision-cache ${join(tmp, 'no-dir', 'c.jsonl')}: cannot write in ${join(tmp, 'no-dir')}: ENOENT`,
    ],
    [['--defense-cmd', 'exit 3', '--decision-cache', dirPath, '--cache-key', 'k'], `--decision-cache ${dirPath}: is a directory`],
  ])('%j exits 2 naming the flag, before any defense runs', async (argv, message) => {
    const r = await cli('--corpus', 'bundled', ...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`defense-eval: ${message}\n`);
  });
});
