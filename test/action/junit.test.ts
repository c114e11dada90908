// The action's junit input (docs/junit.md): off by default, a path inside the workspace checked
// with the other inputs, the file written after scoring (your defense and the reference ones on
// every corpus), never through a symlink the pull request's code left, and bad input when it
// cannot be written.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseActionConfig } from '../../src/action/config.js';
import { writeJunitFile } from '../../src/action/publish.js';
import { DirCache, policy, runAction, type Event, useFakeGitHub } from './harness.js';
import { wellFormed, xpath } from '../report/xmllint.js';

const gh = useFakeGitHub();

const push: Event = { name: 'push', sha: 'a'.repeat(40) };
const config = (junit: string) => parseActionConfig((n) => (n === 'defense' ? 'x' : n === 'junit' ? junit : ''));

describe('input junit', () => {
  it('is off by default and takes a path inside the workspace', () => {
    expect(config('').junit).toBeUndefined();
    expect(config(' reports/junit.xml ').junit).toBe('reports/junit.xml');
    for (const bad of ['/tmp/j.xml', '../j.xml', 'a/../../j.xml'])
      expect(() => config(bad), bad).toThrow(/^input junit: ".*" must be a path inside the workspace$/);
  });

  it('writes every defense on every corpus after scoring', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'junit-ws-'));
    const r = await runAction({ defense: policy('rule'), baseline: 'none', corpora: 'bundled,pairs', junit: 'reports/junit.xml' }, push, {
      apiUrl: gh.url,
      cache: new DirCache(),
      workspace,
    });
    expect(r.code, r.failed.join('\n')).toBe(0);
    const file = join(workspace, 'reports/junit.xml');
    expect(r.infos).toContain(`JUnit XML: ${file}`);
    const xml = readFileSync(file, 'utf8');
    expect(wellFormed(xml)).toBe('');
    const names = xpath(xml, '/testsuites/testsuite/@name')
      .split('\n')
      .map((l) => l.trim());
    // Yours first, then the five reference defenses, per corpus.
    const defenses = ['policy', 'allow-all', 'deny-all', 'keyword-filter', 'deny-egress', 'flow-guard'];
    expect(names).toEqual(['bundled', 'pairs'].flatMap((c) => defenses.map((d) => `name="${c} / ${d}"`)));
    expect(Number(xpath(xml, 'count(//testcase)'))).toBe(6 * 10 + 6 * 1046);
  });

  it('replaces a symlink at the path instead of writing through it, and refuses a directory that resolves outside', () => {
    const workspace = mkdtempSync(join(tmpdir(), 'junit-ws-'));
    const outside = mkdtempSync(join(tmpdir(), 'junit-outside-'));
    const victim = join(outside, 'victim');
    writeFileSync(victim, 'keep');
    symlinkSync(victim, join(workspace, 'j.xml'));
    expect(writeJunitFile(workspace, 'j.xml', '<x/>')).toMatch(/j\.xml$/);
    expect(readFileSync(victim, 'utf8')).toBe('keep');
    expect(readFileSync(join(workspace, 'j.xml'), 'utf8')).toBe('<x/>');
    symlinkSync(outside, join(workspace, 'out'));
    expect(() => writeJunitFile(workspace, 'out/j.xml', '<x/>')).toThrow(/^input junit out\/j\.xml: .* resolves outside the workspace/);
    expect(() => writeJunitFile(workspace, 'out/sub/j.xml', '<x/>')).toThrow(/resolves outside the workspace/);
    expect(existsSync(join(outside, 'j.xml')) || existsSync(join(outside, 'sub'))).toBe(false);
    mkdirSync(join(workspace, 'dir.xml'));
    expect(() => writeJunitFile(workspace, 'dir.xml', '<x/>')).toThrow(/^input junit dir\.xml: cannot write: /);
  });

  it('fails the step as bad input when the file cannot be written', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'junit-ws-'));
    mkdirSync(join(workspace, 'taken.xml'));
    const r = await runAction({ defense: policy('rule'), baseline: 'none', junit: 'taken.xml' }, push, {
      apiUrl: gh.url,
      cache: new DirCache(),
      workspace,
    });
    expect(r.code).toBe(2);
    expect(r.failed.join('\n')).toMatch(/input junit taken\.xml: cannot write: /);
  });
});
