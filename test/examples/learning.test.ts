// The learning examples (docs/online.md#making-a-defense-learn): the Python SDK's and the
// TypeScript SDK's, over stdio and as a module, play the online streams exactly as the in-process
// reference learner does (the same rules, learned through the protocol's feedback alone), start
// from a vaccine, and declare that they learn.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';

const ROOT = join(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'defense-eval-learning-'));

async function online(corpus: string, ...defense: string[]) {
  let stdout = '',
    stderr = '';
  const code = await runCli(['--corpus', corpus, '--online', '--online-seed', '3', '--format', 'json', ...defense], {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
  });
  expect(code, stderr).toBe(0);
  const rows = (JSON.parse(stdout) as { online: { results: { defense: string; learns: boolean; streams: { counts: unknown }[] }[] } })
    .online.results;
  return { mine: rows[0]!, reference: rows.find((r) => r.defense === 'rule-learner')! };
}

const PY = `python3 ${join(ROOT, 'examples/learning/defense.py')}`;
const TS = `node --import tsx ${join(ROOT, 'examples/learning/defense.ts')}`;

describe('the learning examples', () => {
  it.each([
    ['Python SDK, stdio', 'pairs', ['--defense-cmd', PY]],
    ['TypeScript SDK, stdio', 'pairs', ['--defense-cmd', TS]],
    ['TypeScript SDK, in process', 'pairs', ['--defense-module', join(ROOT, 'examples/learning/defense.ts')]],
    ['Python SDK, stdio', 'agentdyn-gpt-4o-2024-08-06', ['--defense-cmd', PY]],
  ])('%s on %s: exactly the reference learner, learned through feedback', async (_how, corpus, defense) => {
    const { mine, reference } = await online(corpus, ...defense);
    expect(mine.learns).toBe(true);
    expect(mine.streams.map((s) => s.counts)).toEqual(reference.streams.map((s) => s.counts));
  });

  it('a vaccine starts every stream from its rules', async () => {
    const vaccine = join(tmp, 'vaccine.json');
    writeFileSync(vaccine, JSON.stringify({ 'send_money(amount,date,recipient,subject)→unnamed': 2 }));
    const plain = await online('pairs', '--defense-cmd', PY);
    const vaccinated = await online('pairs', '--defense-cmd', PY, '--vaccine', vaccine);
    // Seed 3's banking stream opens with a send_money attack: learned only after it succeeded, or known from the start.
    const banking = (r: typeof plain) => (r.mine.streams[2]!.counts as { attack_outcomes: string }).attack_outcomes;
    expect(banking(plain)[0]).toBe('1');
    expect(banking(vaccinated)[0]).toBe('0');
  });

  it('the hello says so, and only with a feedback hook', () => {
    const hello = (code: string) =>
      JSON.parse(execFileSync('python3', ['-c', code], { cwd: join(ROOT, 'src/sdk/python'), encoding: 'utf8' }).trim()) as {
        capabilities: Record<string, unknown>;
      };
    expect(hello('import json, defense_protocol as d; print(json.dumps(d.hello("x", learns=True)))').capabilities).toEqual({
      stateless: false,
      max_concurrency: expect.any(Number),
      learns: true,
    });
    expect(hello('import json, defense_protocol as d; print(json.dumps(d.hello("x")))').capabilities.learns).toBeUndefined();
    expect(() =>
      execFileSync('python3', ['-c', 'import defense_protocol as d; d.hello("x", protocol=1, learns=True)'], {
        cwd: join(ROOT, 'src/sdk/python'),
        stdio: 'pipe',
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
      }),
    ).toThrow(/needs protocol 2/);
  });
});
