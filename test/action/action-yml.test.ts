// action.yml against the code: the inputs the two steps read, the outputs the gate sets, inputs
// passed only through env (never spliced into a script), the token only in the comment step,
// pinned third-party actions, and cache keys and path that match the gate's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_DIR, cachePrefix } from '../../src/action/base.js';
import { parseActionConfig, parseCommentConfig } from '../../src/action/config.js';

const yml = readFileSync(join(import.meta.dirname, '../../action.yml'), 'utf8');
const section = (name: string, next: string) => yml.slice(yml.indexOf(`\n${name}:\n`), yml.indexOf(`\n${next}:\n`));
const keys = (block: string) => [...block.matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]!);
/** The `env:` block of the step with this id or name. */
const stepEnv = (marker: string) => {
  const at = yml.indexOf(marker);
  const end = yml.indexOf('\n    - ', at + 1);
  return yml.slice(at, end < 0 ? undefined : end);
};

describe('action.yml', () => {
  const inputs = keys(section('inputs', 'outputs'));
  const outputs = keys(section('outputs', 'runs'));

  it('has a Marketplace-sized description', () => {
    const d = /^description: (.*)$/m.exec(yml)![1]!;
    expect(d.length).toBeLessThan(125);
  });

  it('declares exactly the inputs the gate and comment steps read', () => {
    const read: string[] = [];
    parseActionConfig((n) => (read.push(n), n === 'defense' ? 'x' : ''));
    parseCommentConfig((n) => (read.push(n), ''));
    expect([...inputs].sort()).toEqual([...new Set(read)].sort());
  });

  it('passes inputs through env only, and the token to the comment step alone', () => {
    const gate = stepEnv('id: gate');
    const comment = stepEnv('name: Post the sticky comment');
    for (const i of inputs.filter((x) => x !== 'github-token')) expect(gate).toContain(`INPUT_${i.toUpperCase()}: \${{ inputs.${i} }}`);
    expect(gate).not.toMatch(/github-token|GITHUB-TOKEN|secrets\./i);
    expect(comment).toContain('INPUT_GITHUB-TOKEN: ${{ inputs.github-token }}');
    expect(yml.match(/inputs\.github-token/g)).toHaveLength(1);
    const scripts = [...yml.matchAll(/^\s+run: (.*)$/gm)].map((m) => m[1]!);
    expect(scripts).toEqual([
      'node "${{ github.action_path }}/dist/action/index.js" gate',
      'node "${{ github.action_path }}/dist/action/index.js" comment',
    ]);
    // No separate install step: the gate runs the install command itself, with the defense's environment.
    expect(yml).not.toMatch(/DEFENSE_EVAL_INSTALL|bash -eo pipefail -c/);
  });

  it('declares the outputs the gate sets', () => {
    expect(outputs).toEqual([
      'verdict',
      'attributable-rate',
      'block-rate',
      'utility-rate',
      'su-hm',
      'report-path',
      'results-path',
      'record-path',
    ]);
    for (const o of outputs) expect(yml).toContain(`value: \${{ steps.gate.outputs.${o} }}`);
  });

  it('pins every action by commit, on node24 majors, with package-manager caching off', () => {
    const uses = [...yml.matchAll(/uses: (\S+)@(\S+)(?: # (\S+))?/g)];
    expect(uses.length).toBe(3);
    for (const [, , ref, tag] of uses) {
      expect(ref).toMatch(/^[0-9a-f]{40}$/);
      expect(tag).toMatch(/^v\d+\.\d+\.\d+$/);
    }
    expect(yml).toMatch(/node-version: 24\n\s+package-manager-cache: false/);
  });

  it('restores and saves the cache under the key and relative path the gate uses', () => {
    const prefix = cachePrefix('${{ inputs.comment-key }}');
    expect(prefix).toContain(':');
    expect(yml).toContain(`key: ${prefix}\${{ github.event.pull_request.base.sha }}`);
    expect(yml).toContain(`restore-keys: ${prefix}\n`);
    expect(yml).toContain(`key: ${prefix}\${{ github.sha }}`);
    expect(yml.match(new RegExp(`path: ${CACHE_DIR.replace(/\./g, '\\.')}\\n`, 'g'))).toHaveLength(2);
    expect(yml).not.toContain('runner.temp');
  });
});
