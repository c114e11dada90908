// scripts/release.mjs against a throwaway git repository with a bare "origin": the version and
// major tags it creates and pushes, the major tag moving, --dry-run, and every refusal.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CORPORA, CORPUS_NAMES } from '../../src/data/registry.js';

const script = join(import.meta.dirname, '../../scripts/release.mjs');

// Only this test's git identity and no user or system configuration.
const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')));
Object.assign(env, {
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'release test',
  GIT_AUTHOR_EMAIL: 'release@test.invalid',
  GIT_COMMITTER_NAME: 'release test',
  GIT_COMMITTER_EMAIL: 'release@test.invalid',
});

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

const changelog = (...versions: string[]) =>
  ['# Changelog', '', '## [Unreleased]', '', ...versions.flatMap((v) => [`## [${v}] - 2026-01-01`, '', `- what ${v} did`, ''])].join('\n');

/** A repository at version `version` (with a CHANGELOG section for it) and a bare origin. */
function repo(version: string): { work: string; origin: string } {
  const root = mkdtempSync(join(tmpdir(), 'ade-release-'));
  dirs.push(root);
  const work = join(root, 'work');
  const origin = join(root, 'origin.git');
  git(root, 'init', '-q', '--bare', origin);
  git(root, 'init', '-q', '-b', 'main', work);
  git(work, 'remote', 'add', 'origin', origin);
  commit(work, version, [version]);
  git(work, 'push', '-q', 'origin', 'main');
  return { work, origin };
}

function commit(work: string, version: string, sections: string[]): string {
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'x', version }, null, 2) + '\n');
  writeFileSync(join(work, 'CHANGELOG.md'), changelog(...[...sections].reverse()));
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', `version ${version}`);
  return git(work, 'rev-parse', 'HEAD');
}

function release(work: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: work, env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Tag name → commit it points at, as the remote has them. */
function remoteTags(origin: string): Record<string, string> {
  const names = git(origin, 'for-each-ref', '--format=%(refname:short)', 'refs/tags').split('\n').filter(Boolean);
  return Object.fromEntries(names.map((name) => [name, git(origin, 'rev-parse', `${name}^{commit}`)]));
}

describe('scripts/release.mjs', () => {
  it('tags vX.Y.Z and vX at HEAD and pushes both', () => {
    const { work, origin } = repo('1.0.0');
    const sha = git(work, 'rev-parse', 'HEAD');
    const r = release(work, '1.0.0');
    expect(r.stderr).not.toContain('refused');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`released v1.0.0 at ${sha}; v1 now points there (pushed to origin)`);
    expect(remoteTags(origin)).toEqual({ v1: sha, 'v1.0.0': sha });
    expect(git(origin, 'cat-file', '-t', 'v1.0.0')).toBe('tag'); // annotated
    expect(git(origin, 'tag', '-l', '--format=%(contents:subject)', 'v1.0.0')).toBe('v1.0.0');
  });

  it('moves the major tag to the next release and leaves the old version tag alone', () => {
    const { work, origin } = repo('1.0.0');
    const first = git(work, 'rev-parse', 'HEAD');
    expect(release(work, '1.0.0').status).toBe(0);
    const second = commit(work, '1.1.0', ['1.0.0', '1.1.0']);
    const r = release(work, 'v1.1.0');
    expect(r.status).toBe(0);
    expect(remoteTags(origin)).toEqual({ v1: second, 'v1.0.0': first, 'v1.1.0': second });
    expect(git(work, 'rev-parse', 'v1^{commit}')).toBe(second);
    // A new major leaves v1 where it was.
    const third = commit(work, '2.0.0', ['1.0.0', '1.1.0', '2.0.0']);
    expect(release(work, '2.0.0').status).toBe(0);
    expect(remoteTags(origin)).toEqual({ v1: second, 'v1.0.0': first, 'v1.1.0': second, v2: third, 'v2.0.0': third });
  });

  it('prints the git commands with --dry-run and creates nothing', () => {
    const { work, origin } = repo('0.3.1');
    const sha = git(work, 'rev-parse', 'HEAD');
    const r = release(work, '0.3.1', '--dry-run');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('would run: '))).toEqual([
      `would run: git tag --annotate v0.3.1 --message v0.3.1 ${sha}`,
      `would run: git tag --force --annotate v0 --message 'v0 = v0.3.1' ${sha}`,
      'would run: git push --atomic origin refs/tags/v0.3.1 +refs/tags/v0',
    ]);
    expect(r.stdout).toContain('nothing was tagged or pushed');
    expect(git(work, 'tag', '--list')).toBe('');
    expect(remoteTags(origin)).toEqual({});
  });

  it('pushes to the remote named by --remote', () => {
    const { work, origin } = repo('1.2.3');
    git(work, 'remote', 'rename', 'origin', 'upstream');
    const r = release(work, '--remote', 'upstream', '1.2.3', '--dry-run');
    expect(r.stdout).toContain('would run: git push --atomic upstream refs/tags/v1.2.3 +refs/tags/v1');
    expect(release(work, '1.2.3', '--remote', 'upstream').status).toBe(0);
    expect(Object.keys(remoteTags(origin)).sort()).toEqual(['v1', 'v1.2.3']);
  });

  const refused = (r: ReturnType<typeof release>, why: RegExp) => {
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^release: refused: /);
    expect(r.stderr).toMatch(why);
  };

  it('refuses a version that is not package.json’s', () => {
    const { work, origin } = repo('1.0.0');
    refused(release(work, '1.0.1'), /version 1\.0\.1 is not package\.json's version \(1\.0\.0\)/);
    expect(remoteTags(origin)).toEqual({});
  });

  it('refuses a dirty working tree, tracked or untracked', () => {
    const { work, origin } = repo('1.0.0');
    writeFileSync(join(work, 'CHANGELOG.md'), changelog('1.0.0') + 'more\n');
    refused(release(work, '1.0.0'), /working tree is not clean:\n M CHANGELOG\.md/);
    git(work, 'checkout', '--', 'CHANGELOG.md');
    writeFileSync(join(work, 'stray.txt'), 'x');
    refused(release(work, '1.0.0', '--dry-run'), /\?\? stray\.txt/);
    expect(git(work, 'tag', '--list')).toBe('');
    expect(remoteTags(origin)).toEqual({});
  });

  it('refuses a version whose tag exists, and a release older than one of its major', () => {
    const { work, origin } = repo('1.0.0');
    const sha = git(work, 'rev-parse', 'HEAD');
    expect(release(work, '1.0.0').status).toBe(0);
    refused(release(work, '1.0.0'), new RegExp(`tag v1\\.0\\.0 already exists \\(at ${sha}\\)`));
    commit(work, '1.2.0', ['1.0.0', '1.2.0']);
    expect(release(work, '1.2.0').status).toBe(0);
    const v1 = remoteTags(origin)['v1'];
    commit(work, '1.1.5', ['1.0.0', '1.1.5', '1.2.0']);
    refused(release(work, '1.1.5'), /v1\.2\.0 already released: v1 would move backwards to v1\.1\.5/);
    expect(remoteTags(origin)['v1']).toBe(v1);
    expect(remoteTags(origin)['v1.1.5']).toBeUndefined();
  });

  it('refuses a version that is not X.Y.Z', () => {
    const { work } = repo('1.0.0');
    for (const v of ['1.0', '1', '1.0.0-rc.1', '1.0.0+build', '01.0.0', 'latest', 'v', '1.0.0.0', ' 1.0.0'])
      refused(release(work, v), /is not a release version X\.Y\.Z/);
    refused(release(work), /usage: /);
    refused(release(work, '1.0.0', '1.0.1'), /usage: /);
    refused(release(work, '1.0.0', '--force'), /unknown flag --force/);
    expect(git(work, 'tag', '--list')).toBe('');
  });

  it('refuses a version without a CHANGELOG section, and prints the section with notes', () => {
    const { work } = repo('1.0.0');
    writeFileSync(
      join(work, 'CHANGELOG.md'),
      '# Changelog\n\n## [Unreleased]\n\n- soon\n\n## [1.0.0] - 2026-01-01\n\n## [0.9.0]\n\n- old\n',
    );
    git(work, 'commit', '-q', '-am', 'empty section');
    refused(release(work, '1.0.0'), /CHANGELOG\.md has no section "## \[1\.0\.0\]" with text in it/);
    refused(release(work, 'notes', '1.0.0'), /no section/);
    const n = release(work, 'notes', '0.9.0');
    expect(n.status).toBe(0);
    expect(n.stdout).toBe('- old\n');
  });

  it('refuses a section not yet dated: a version is released under its date, never as Unreleased', () => {
    const { work, origin } = repo('1.0.0');
    writeFileSync(join(work, 'CHANGELOG.md'), '# Changelog\n\n## [1.0.0] - Unreleased\n\n- what 1.0.0 does\n');
    git(work, 'commit', '-q', '-am', 'notes');
    refused(
      release(work, '1.0.0', '--dry-run'),
      /CHANGELOG\.md's "## \[1\.0\.0\] - Unreleased" has no release date: make it "## \[1\.0\.0\] - YYYY-MM-DD"/,
    );
    expect(release(work, 'notes', '1.0.0').stdout).toBe('- what 1.0.0 does\n');
    writeFileSync(join(work, 'CHANGELOG.md'), '# Changelog\n\n## [1.0.0] - 2026-12-24\n\n- what 1.0.0 does\n');
    git(work, 'commit', '-q', '-am', 'dated');
    expect(release(work, '1.0.0').status).toBe(0);
    expect(Object.keys(remoteTags(origin)).sort()).toEqual(['v1', 'v1.0.0']);
  });

  it('the major tag the docs tell users to pin is the one releasing package.json’s version moves', () => {
    const own = join(import.meta.dirname, '../..');
    const { version } = JSON.parse(readFileSync(join(own, 'package.json'), 'utf8')) as { version: string };
    const files = ['README.md', 'docs/action.md', 'examples/python-stdio/defense.py', '.github/workflows/defense-eval-comment.yml'];
    const pins = files.flatMap((f) =>
      [...readFileSync(join(own, f), 'utf8').matchAll(/agent-defense-eval(\/companion)?@(v\d+)\b/g)].map((m) => `${f} ${m[0]}`),
    );
    expect(pins.length).toBeGreaterThanOrEqual(5);
    const major = `v${version.split('.')[0]}`;
    for (const p of pins) expect(p, `package.json ${version} is released as ${major}`).toMatch(new RegExp(`@${major}$`));
    // A 0.x release would move v0, which no document names; the first release is 1.0.0.
    expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(1);
  });

  it('prints the CHANGELOG section of the repository’s own current version', () => {
    const own = join(import.meta.dirname, '../..');
    const { version } = JSON.parse(readFileSync(join(own, 'package.json'), 'utf8')) as { version: string };
    const r = spawnSync(process.execPath, [script, 'notes', version], { cwd: own, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().length).toBeGreaterThan(0);
  });
});

describe('the consumer download (git archive, as GitHub serves a tag to every workflow that uses the action)', () => {
  const own = join(import.meta.dirname, '../..');
  // The working tree's .gitattributes applied to the committed tree: what the next tag would ship.
  const listing = spawnSync('git', ['archive', '--worktree-attributes', '--format=tar', 'HEAD'], { cwd: own, maxBuffer: 1 << 26 });
  const files = new Set(
    spawnSync('tar', ['-tf', '-'], { input: listing.stdout, encoding: 'utf8', maxBuffer: 1 << 26 })
      .stdout.split('\n')
      .filter((f) => f !== '' && !f.endsWith('/')),
  );

  it('holds everything the action and the companion run and read: the bundle, every corpus file, every pinned score table', () => {
    expect(listing.status, listing.stderr?.toString()).toBe(0);
    const scores = Object.keys((JSON.parse(readFileSync(join(own, 'scores/manifest.json'), 'utf8')) as { files: object }).files);
    const needed = [
      'action.yml',
      'companion/action.yml',
      'dist/action/index.js',
      'dist/action/package.json',
      // Chart.js for the HTML report: ncc copies it beside the bundle, which reads it at run time.
      'dist/action/chart.umd.min.js',
      'package.json',
      'corpora/manifest.json',
      'corpora/agentdyn/manifest.json',
      'scores/manifest.json',
      ...CORPUS_NAMES.flatMap((n) => CORPORA[n].files.map((f) => `corpora/${f}`)),
      ...scores.map((f) => `scores/${f}`),
    ];
    expect(needed.filter((f) => !files.has(f))).toEqual([]);
  });

  it('leaves out the tests, their fixtures and the TypeScript sources (the SDK aside)', () => {
    const dev = [...files].filter(
      (f) =>
        /^(test|bench|scripts|\.github)\//.test(f) ||
        /(^|\/)test_[^/]*\.py$/.test(f) ||
        (f.startsWith('src/') && !f.startsWith('src/sdk/')),
    );
    expect(dev).toEqual([]);
    expect(files.has('src/sdk/index.ts')).toBe(true);
  });
});
