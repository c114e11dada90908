// .github/workflows/classifier-score.yml, read line by line (no YAML dependency): its choices must
// match models.json and the corpora, and inputs may reach the shell only through `env:`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modelKeys } from '../../src/scorer/models.js';
import { AGENTDYN_MODELS } from '../../src/data/registry.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const lines = readFileSync(fileURLToPath(new URL('../../.github/workflows/classifier-score.yml', import.meta.url)), 'utf8').split('\n');
const indent = (l: string): number => l.length - l.trimStart().length;
const unquote = (s: string): string => s.trim().replace(/^(['"])(.*)\1$/, '$2');

/** The lines nested under the first line matching `key:` at or after `from` (its block). */
function block(key: string, from = 0, within = lines): { start: number; body: string[] } {
  const i = within.findIndex((l, n) => n >= from && /^(\S+): ?[|>]?$/.exec(l.trim())?.[1] === key);
  if (i < 0) throw new Error(`no "${key}:" in the workflow`);
  const body: string[] = [];
  for (let j = i + 1; j < within.length; j++) {
    const l = within[j]!;
    if (l.trim() === '' || l.trimStart().startsWith('#')) continue;
    if (indent(l) <= indent(within[i]!)) break;
    body.push(l);
  }
  return { start: i, body };
}

function choice(input: string): { type: string; options: string[] } {
  const inputs = block('inputs', block('workflow_dispatch').start).body;
  const own = block(input, 0, inputs).body;
  const type =
    own
      .find((l) => l.trim().startsWith('type:'))
      ?.trim()
      .slice(5) ?? '';
  return { type: type.trim(), options: block('options', 0, own).body.map((l) => unquote(l.trim().replace(/^- /, ''))) };
}

describe('classifier-score workflow', () => {
  it('runs on workflow_dispatch only', () => {
    expect(block('on').body.map((l) => l.trim())).toContain('workflow_dispatch:');
    expect(lines.some((l) => /^\s*(push|pull_request|pull_request_target|schedule):/.test(l))).toBe(false);
  });

  it('offers exactly the models.json keys as the model choice', () => {
    expect(choice('model')).toEqual({ type: 'choice', options: modelKeys() });
  });

  it("offers the five AgentDojo corpora, every model's AgentDyn runs, and the five thresholds", () => {
    expect(choice('corpus')).toEqual({
      type: 'choice',
      options: [
        'pairs',
        'attacks',
        'attacks-framing',
        'attacks-field_split',
        'attacks-leet',
        ...AGENTDYN_MODELS.map((m) => `agentdyn-${m}`),
      ],
    });
    expect(choice('threshold')).toEqual({ type: 'choice', options: ['0.5', '0.8', '0.9', '0.95', '0.99'] });
  });

  it('only reads the repository', () => {
    expect(block('permissions').body.map((l) => l.trim())).toEqual(['contents: read']);
  });

  it('passes inputs through env, never spliced into a run script', () => {
    const env = block('env').body.map((l) => l.trim());
    expect(env).toEqual(['MODEL_KEY: ${{ inputs.model }}', 'CORPUS: ${{ inputs.corpus }}', 'THRESHOLD: ${{ inputs.threshold }}']);
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (!/^\s*(- )?run:/.test(l)) continue;
      const script = [
        l,
        ...lines.slice(i + 1).filter((_, n, rest) => rest.slice(0, n + 1).every((x) => x.trim() === '' || indent(x) > indent(l))),
      ];
      expect(script.join('\n'), `run step at line ${i + 1}`).not.toContain('${{');
    }
  });

  it('installs, scores every corpus choice, compares and uploads the artifact', () => {
    const text = lines.join('\n');
    expect(text).toContain('npm ci');
    expect(text).toContain('node dist/scorer/index.js "$@" --model-key "$MODEL_KEY" --out scores.json');
    expect(text).toContain('--benign-corpus "$pairs"');
    // The Score step's case statement, run for every choice with the scorer replaced by a print of its arguments.
    const score = block(
      'run',
      lines.findIndex((l) => l.includes('name: Score')),
    ).body.map((l) => l.trim());
    const script = score.join('\n').replace(/node dist\/scorer\/index\.js "\$@".*$/m, 'printf "%s\\n" "$@"');
    for (const c of choice('corpus').options) {
      const r = spawnSync('bash', ['-c', script], { cwd: ROOT, env: { ...process.env, CORPUS: c }, encoding: 'utf8' });
      expect(r.status, `${c}: ${r.stderr}`).toBe(0);
      const args = r.stdout.trim().split('\n');
      expect(args, c).toContain('--corpus');
      for (const [i, a] of args.entries())
        if (a === '--corpus' || a === '--benign-corpus') expect(existsSync(join(ROOT, args[i + 1]!)), `${c}: ${args[i + 1]}`).toBe(true);
    }
    expect(text).toContain('node dist/cli/index.js --corpus "$CORPUS" --scores scores.json --threshold "$THRESHOLD"');
    expect(text).toMatch(/uses: actions\/upload-artifact@[0-9a-f]{40} # v\d+\.\d+\.\d+\n/);
    const upload = block(
      'path',
      lines.findIndex((l) => l.includes('actions/upload-artifact')),
    ).body.map((l) => l.trim());
    expect(upload).toEqual(expect.arrayContaining(['scores.json', 'results.txt', 'environment.txt']));
  });
});
