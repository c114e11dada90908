// The action's html input (docs/html.md): off by default, a path inside the workspace checked with
// the other inputs, the page written after scoring with its path and artifact name as outputs and
// the artifact named in the report, never written through a symlink the pull request's code left.
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseActionConfig } from '../../src/action/config.js';
import { htmlArtifact, writeWorkspaceFile } from '../../src/action/publish.js';
import { DirCache, policy, runAction, type Event, useFakeGitHub } from './harness.js';

const gh = useFakeGitHub();

const push: Event = { name: 'push', sha: 'a'.repeat(40) };
const config = (html: string) => parseActionConfig((n) => (n === 'defense' ? 'x' : n === 'html' ? html : ''));

describe('input html', () => {
  it('is off by default and takes a path inside the workspace', () => {
    expect(config('').html).toBeUndefined();
    expect(config(' reports/defense-eval.html ').html).toBe('reports/defense-eval.html');
    for (const bad of ['/tmp/r.html', '../r.html', 'a/../../r.html'])
      expect(() => config(bad), bad).toThrow(/^input html: ".*" must be a path inside the workspace$/);
  });

  it('names the artifact after the comment key, in characters an artifact name and a code span take as they are', () => {
    expect(htmlArtifact('default')).toBe('defense-eval-html-default');
    expect(htmlArtifact('py 3.12/`x`*')).toBe('defense-eval-html-py-3.12--x--');
  });

  it('writes the page after scoring, sets html-path and names the artifact in the report', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'html-ws-'));
    const r = await runAction({ defense: policy('rule'), baseline: 'none', corpora: 'pairs', html: 'reports/r.html' }, push, {
      apiUrl: gh.url,
      cache: new DirCache(),
      workspace,
    });
    expect(r.code, r.failed.join('\n')).toBe(0);
    const file = join(workspace, 'reports/r.html');
    expect(r.outputs['html-path']).toBe(file);
    expect(r.outputs['html-artifact']).toBe('defense-eval-html-default');
    expect(r.infos).toContain(`HTML report: ${file}`);
    expect(r.summary).toMatch(/\nHTML report: artifact `defense-eval-html-default` of (the \[workflow run\]\(.*\)|this workflow run)\n/);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<title>defense-eval report</title>');
    expect(html).toContain('"title":"defense-eval report: policy"');
    // The classifier sweeps of pairs' pinned tables, as the text report prints them.
    expect(html).toContain('"caption":"Threshold sweep, scope both"');
  });

  it('is off without the input: no page, no output, no line in the report', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'html-ws-'));
    const r = await runAction({ defense: policy('rule'), baseline: 'none', corpora: 'bundled' }, push, {
      apiUrl: gh.url,
      cache: new DirCache(),
      workspace,
    });
    expect(r.code, r.failed.join('\n')).toBe(0);
    expect(r.outputs['html-path']).toBeUndefined();
    expect(r.summary).not.toContain('HTML report');
  });

  it('replaces a symlink at the path instead of writing through it, naming the input in errors', () => {
    const workspace = mkdtempSync(join(tmpdir(), 'html-ws-'));
    const outside = mkdtempSync(join(tmpdir(), 'html-outside-'));
    const victim = join(outside, 'victim');
    writeFileSync(victim, 'keep');
    symlinkSync(victim, join(workspace, 'r.html'));
    expect(writeWorkspaceFile(workspace, 'html', 'r.html', '<p>')).toMatch(/r\.html$/);
    expect(readFileSync(victim, 'utf8')).toBe('keep');
    expect(readFileSync(join(workspace, 'r.html'), 'utf8')).toBe('<p>');
    symlinkSync(outside, join(workspace, 'out'));
    expect(() => writeWorkspaceFile(workspace, 'html', 'out/r.html', '<p>')).toThrow(
      /^input html out\/r\.html: .* resolves outside the workspace/,
    );
    expect(existsSync(join(outside, 'r.html'))).toBe(false);
  });
});
