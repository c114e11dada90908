// --progress: lines on standard error only (the report on standard output is the same with and
// without them), bounded by the interval, and a bad value is exit 2 naming the flag.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';

const MODULE = join(import.meta.dirname, '../fixtures/defenses/rule-module.mjs');

/** The CLI with a clock that moves 1 s every time it is read: no sleeps, no timing flakes. */
async function cli(...argv: string[]) {
  let stdout = '',
    stderr = '',
    t = 0;
  const code = await runCli(argv, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), now: () => (t += 1000) });
  return { code, stdout, stderr, seconds: t / 1000 };
}

const progressLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('progress: '));

describe('--progress', () => {
  it('writes progress lines to standard error, bounded by the interval, and leaves standard output as it is', async () => {
    const args = ['--corpus', 'agentdojo,bundled', '--defense-module', MODULE];
    for (const format of ['text', 'json']) {
      const off = await cli(...args, '--format', format, '--progress', '0');
      const on = await cli(...args, '--format', format, '--progress', '5');
      expect(off.code).toBe(0);
      expect(on.code).toBe(0);
      expect(on.stdout).toBe(off.stdout);
      expect(progressLines(off.stderr)).toEqual([]);
      const lines = progressLines(on.stderr);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.length).toBeLessThanOrEqual(Math.ceil(on.seconds / 5));
      for (const l of lines)
        expect(l).toMatch(
          /^progress: (agentdojo|bundled), rule-module: [\d,]+\/[\d,]+ scenarios \(\d+\.\d%\), [\d,]+ decisions, \d+\.\d decisions\/s, ETA ((\d+:)?\d+:\d\d|unknown)$/,
        );
      expect(lines.some((l) => l.startsWith('progress: agentdojo, rule-module: ') && /ETA \d+:\d\d$/.test(l))).toBe(true);
      expect(lines.some((l) => l.startsWith('progress: bundled, rule-module: '))).toBe(true);
      expect(on.stdout).not.toContain('progress:');
      // Everything else on standard error is as without progress.
      expect(on.stderr.split('\n').filter((l) => !l.startsWith('progress: '))).toEqual(off.stderr.split('\n'));
    }
  });

  it('defaults to 10 seconds', async () => {
    const r = await cli('--corpus', 'bundled', '--defense-module', MODULE);
    // bundled: 10 scenarios, under 40 decisions, each reading of the clock 1 s on.
    const lines = progressLines(r.stderr);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(r.seconds / 10));
  });

  it.each(['-1', 'abc', '1.5', '3601', ''])('refuses --progress %j with exit 2, naming the flag', async (v) => {
    const r = await cli('--corpus', 'bundled', '--defense-module', MODULE, '--progress', v);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`defense-eval: --progress: ${JSON.stringify(v)} is not a whole number between 0 and 3600\n`);
  });

  it('needs your defense', async () => {
    const r = await cli('--corpus', 'bundled', '--progress', '1');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('defense-eval: --progress needs your defense: --defense-cmd, --defense-url, --defense-module or --merge\n');
  });
});
