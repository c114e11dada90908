// action.yml against the code: the inputs the config reads, the outputs it sets, inputs passed
// only through env (never spliced into a script), and cache keys that match the gate's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachePrefix } from '../../src/action/base.js';
import { parseActionConfig } from '../../src/action/config.js';

const yml = readFileSync(join(import.meta.dirname, '../../action.yml'), 'utf8');
const section = (name: string, next: string) => yml.slice(yml.indexOf(`\n${name}:\n`), yml.indexOf(`\n${next}:\n`));
const keys = (block: string) => [...block.matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]!);

describe('action.yml', () => {
  const inputs = keys(section('inputs', 'outputs'));
  const outputs = keys(section('outputs', 'runs'));

  it('declares exactly the inputs the config reads', () => {
    const read: string[] = [];
    parseActionConfig((n) => (read.push(n), n === 'defense' ? 'x' : ''));
    expect([...inputs].sort()).toEqual([...new Set(read)].sort());
  });

  it('passes every input to the gate through env, and no input reaches a script', () => {
    for (const i of inputs) expect(yml).toContain(`INPUT_${i.toUpperCase()}: \${{ inputs.${i} }}`);
    const scripts = [...yml.matchAll(/^\s+run: (.*)$/gm)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).not.toMatch(/\$\{\{\s*inputs\./);
    expect(yml).toContain('run: node "${{ github.action_path }}/dist/action/index.js"');
  });

  it('declares the outputs the gate sets', () => {
    expect(outputs).toEqual(['verdict', 'attributable-rate', 'block-rate', 'utility-rate', 'su-hm', 'report-path', 'results-path']);
    for (const o of outputs) expect(yml).toContain(`value: \${{ steps.gate.outputs.${o} }}`);
  });

  it('restores and saves the cache under the keys the gate expects', () => {
    const prefix = cachePrefix('${{ inputs.comment-key }}');
    expect(yml).toContain(`key: ${prefix}\${{ github.event.pull_request.base.sha }}`);
    expect(yml).toContain(`restore-keys: ${prefix}\n`);
    expect(yml).toContain(`key: ${prefix}\${{ github.sha }}`);
    expect(yml).toContain('path: ${{ runner.temp }}/agent-defense-eval-baseline');
    expect(yml).toMatch(/node-version: 24/);
  });
});
