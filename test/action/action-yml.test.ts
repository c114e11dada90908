// action.yml against the code, read with a YAML parser (a plain scalar ending in ":" once turned a
// cache key into a mapping): the inputs the two steps read, the outputs the gate sets, inputs passed
// only through env (never spliced into a script), the token only in the comment step, pinned
// third-party actions, and cache keys and path that match the gate's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CACHE_DIR, cachePrefix } from '../../src/action/base.js';
import { parseActionConfig, parseCommentConfig } from '../../src/action/config.js';
import { credentialNames } from '../../src/action/isolation.js';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string | number | boolean>;
}
const text = readFileSync(join(import.meta.dirname, '../../action.yml'), 'utf8');
const yml = parse(text) as {
  description: string;
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
};
const steps = yml.runs.steps;
const step = (pred: (s: Step) => boolean) => steps.find(pred)!;
const gate = step((s) => s.id === 'gate');
const comment = step((s) => s.name === 'Post the sticky comment');

describe('action.yml', () => {
  const inputs = Object.keys(yml.inputs);

  it('documents every input in docs/action.md with its default', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/action.md'), 'utf8');
    const rows = new Map([...doc.matchAll(/^\| `([a-z-]+)` \| ([^|]*) \|/gm)].map((m) => [m[1]!, m[2]!.trim()] as const));
    for (const [name, { default: dflt = '' }] of Object.entries(yml.inputs)) {
      expect(rows.has(name), `docs/action.md has no row for input ${name}`).toBe(true);
      const cell = rows.get(name)!;
      if (dflt === '') expect(['—', "the defense's own"], `input ${name}: default cell`).toContain(cell);
      else if (!dflt.startsWith('${{')) expect(cell, `input ${name}: default`).toBe(`\`${dflt}\``);
    }
  });

  it('is a composite action with a Marketplace-sized description', () => {
    expect(yml.runs.using).toBe('composite');
    expect(yml.description.length).toBeLessThan(125);
  });

  it('declares exactly the inputs the gate and comment steps read', () => {
    const read: string[] = [];
    parseActionConfig((n) => (read.push(n), n === 'defense' ? 'x' : ''));
    parseCommentConfig((n) => (read.push(n), ''));
    expect([...inputs].sort()).toEqual([...new Set(read)].sort());
  });

  it('passes inputs through env only, and the token to the comment step alone', () => {
    for (const i of inputs.filter((x) => x !== 'github-token')) expect(gate.env![`INPUT_${i.toUpperCase()}`]).toBe(`\${{ inputs.${i} }}`);
    expect(JSON.stringify(gate)).not.toMatch(/github-token|GITHUB-TOKEN|secrets\./i);
    expect(comment.env!['INPUT_GITHUB-TOKEN']).toBe('${{ inputs.github-token }}');
    expect(steps.filter((s) => JSON.stringify(s).includes('inputs.github-token'))).toEqual([comment]);
    const scripts = steps.filter((s) => s.run !== undefined).map((s) => s.run!.trim());
    expect(scripts).toEqual([
      'node "${{ github.action_path }}/dist/action/index.js" gate',
      'node "${{ github.action_path }}/dist/action/index.js" comment',
    ]);
    // No separate install step: the gate runs the install command itself, with the defense's environment.
    expect(text).not.toMatch(/DEFENSE_EVAL_INSTALL|bash -eo pipefail -c/);
  });

  it('sets nothing on the gate step that the gate would refuse as a credential', () => {
    expect(credentialNames(Object.fromEntries(Object.keys(gate.env!).map((k) => [k, 'x'])))).toEqual([]);
    // The comment step's token would be refused there.
    expect(credentialNames(Object.fromEntries(Object.keys(comment.env!).map((k) => [k, 'x'])))).toEqual(['INPUT_GITHUB-TOKEN']);
  });

  it('declares the outputs the gate sets', () => {
    expect(Object.keys(yml.outputs)).toEqual([
      'verdict',
      'attributable-rate',
      'block-rate',
      'utility-rate',
      'su-hm',
      'online-sw-asr',
      'online-su-hm',
      'adaptive-asr',
      'partial-path',
      'report-path',
      'results-path',
      'record-path',
      'html-path',
    ]);
    for (const [o, { value }] of Object.entries(yml.outputs)) expect(value).toBe(`\${{ steps.gate.outputs.${o} }}`);
  });

  it('pins every action by commit with its tag, on node24 majors, with package-manager caching off', () => {
    const uses = steps.filter((s) => s.uses).map((s) => s.uses!);
    expect(uses).toHaveLength(6);
    for (const u of uses) expect(u).toMatch(/^actions\/[a-z/-]+@[0-9a-f]{40}$/);
    expect([...text.matchAll(/uses: \S+@[0-9a-f]{40} # (v\d+\.\d+\.\d+)$/gm)]).toHaveLength(6);
    const node = step((s) => s.uses?.startsWith('actions/setup-node@') === true);
    expect(node.with).toEqual({ 'node-version': 24, 'package-manager-cache': false });
  });

  it('uploads the HTML report the gate wrote, only when it wrote one, under the name it chose', () => {
    const upload = step((s) => s.uses?.startsWith('actions/upload-artifact@') === true);
    expect(upload.uses).toBe('actions/upload-artifact@bbbca2ddaa5d8feaa63e36b76fdaad77386f024f');
    expect(upload.if).toBe("${{ !cancelled() && steps.gate.outputs.html-path != '' }}");
    expect(upload.with).toEqual({
      name: '${{ steps.gate.outputs.html-artifact }}',
      path: '${{ steps.gate.outputs.html-path }}',
      'if-no-files-found': 'error',
    });
    expect(steps.indexOf(upload)).toBe(steps.indexOf(gate) + 1);
  });

  it('restores and saves the cache under the key and relative path the gate uses', () => {
    const prefix = cachePrefix('${{ inputs.comment-key }}');
    const restore = step((s) => s.id === 'restore');
    const save = step((s) => s.uses?.startsWith('actions/cache/save@') === true);
    expect(restore.with).toEqual({ path: CACHE_DIR, key: `${prefix}\${{ github.event.pull_request.base.sha }}`, 'restore-keys': prefix });
    expect(save.with).toEqual({ path: CACHE_DIR, key: `${prefix}\${{ github.sha }}` });
    expect(gate.env!['DEFENSE_EVAL_CACHE_MATCHED_KEY']).toBe('${{ steps.restore.outputs.cache-matched-key }}');
    expect(text).not.toContain('runner.temp');
  });
});

describe('companion/action.yml', () => {
  const companion = parse(readFileSync(join(import.meta.dirname, '../../companion/action.yml'), 'utf8')) as typeof yml;

  it('declares the inputs the companion reads, passes them through env, and runs the same bundle', () => {
    expect(Object.keys(companion.inputs).sort()).toEqual(['artifacts', 'comment-keys', 'github-token']);
    const run = companion.runs.steps.find((s) => s.run)!;
    for (const i of Object.keys(companion.inputs)) expect(run.env![`INPUT_${i.toUpperCase()}`]).toBe(`\${{ inputs.${i} }}`);
    expect(run.run!.trim()).toBe('node "${{ github.action_path }}/../dist/action/index.js" companion');
    expect(companion.description.length).toBeLessThan(125);
    for (const s of companion.runs.steps.filter((x) => x.uses)) expect(s.uses).toMatch(/@[0-9a-f]{40}$/);
  });
});
