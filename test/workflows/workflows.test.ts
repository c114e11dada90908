// The repository's own workflows, read line by line (no YAML dependency): every action pinned by
// commit SHA with its tag beside it, permissions asked per job only, no persisted checkout
// credentials, no package-manager cache, and no expression spliced into a run script.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../.github/workflows');
const read = (name: string) => readFileSync(join(dir, name), 'utf8');
// The workflows this suite holds to the rules (defense-eval-comment.yml is checked by zizmor in CI).
const WORKFLOWS = ['self-test.yml', 'classifier-score.yml', 'release.yml'];

// The node24 releases the workflows use: action → tag → commit.
const PINS: Record<string, Record<string, string>> = {
  'actions/checkout': { 'v7.0.1': '3d3c42e5aac5ba805825da76410c181273ba90b1' },
  'actions/setup-node': { 'v7.0.0': '820762786026740c76f36085b0efc47a31fe5020', 'v6.5.0': '249970729cb0ef3589644e2896645e5dc5ba9c38' },
  'actions/setup-python': { 'v7.0.0': '5fda3b95a4ea91299a34e894583c3862153e4b97' },
  'actions/upload-artifact': { 'v7.0.0': 'bbbca2ddaa5d8feaa63e36b76fdaad77386f024f' },
  'actions/download-artifact': { 'v8.0.1': '3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c' },
  'actions/github-script': { 'v8.0.0': 'ed597411d8f924073f98dfc5c65a23a2325f34cd' },
  'actions/cache': { 'v5.0.5': '27d5ce7f107fe9357f9df03efb73ab90386fccae' },
};

const indent = (l: string) => l.length - l.trimStart().length;
const meaningful = (l: string) => l.trim() !== '' && !l.trimStart().startsWith('#');

/** The lines nested under line `i` (its block), comments and blank lines dropped. */
function body(lines: string[], i: number): string[] {
  const out: string[] = [];
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j]!;
    if (!meaningful(l)) continue;
    if (indent(l) <= indent(lines[i]!)) break;
    out.push(l);
  }
  return out;
}

/** Each job's id and its lines. */
function jobs(lines: string[]): Map<string, string[]> {
  const start = lines.indexOf('jobs:');
  const out = new Map<string, string[]>();
  for (let i = start + 1; i < lines.length; i++) {
    const m = /^ {2}([\w-]+):$/.exec(lines[i]!);
    if (m) out.set(m[1]!, body(lines, i));
  }
  return out;
}

/** The `with:` lines of each step that uses `action` (any version), trimmed. */
function withOf(lines: string[], action: string): string[][] {
  const out: string[][] = [];
  lines.forEach((l, i) => {
    if (!new RegExp(`^\\s*(- )?uses: ${action}@`).test(l)) return;
    const step = indent(l) + (l.trimStart().startsWith('- ') ? 2 : 0);
    const w = lines.findIndex((x, j) => j > i && x.trim() === 'with:' && indent(x) === step);
    const next = lines.findIndex((x, j) => j > i && meaningful(x) && indent(x) < step);
    out.push(w > 0 && (next < 0 || w < next) ? body(lines, w).map((x) => x.trim()) : []);
  });
  return out;
}

describe.each(WORKFLOWS)('%s', (name) => {
  const text = read(name);
  const lines = text.split('\n');

  it('pins every action by full commit SHA, with its tag in a trailing comment', () => {
    const uses = lines.filter((l) => /^\s*(- )?uses:/.test(l)).map((l) => l.replace(/^\s*(- )?uses:\s*/, ''));
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) {
      if (u.startsWith('./')) continue;
      const m = /^([\w.-]+\/[\w.-]+)(\/[\w./-]+)?@([0-9a-f]{40}) # (v\d+\.\d+\.\d+)$/.exec(u);
      expect(m, u).not.toBeNull();
      const [, action, , sha, tag] = m!;
      expect(PINS[action!]?.[tag!], `${action}@${tag} is not a known node24 release`).toBe(sha);
    }
  });

  it('asks for no permissions workflow-wide and for its own in every job', () => {
    expect(lines).toContain('permissions: {}');
    expect(lines.filter((l) => /^permissions:/.test(l))).toEqual(['permissions: {}']);
    const all = jobs(lines);
    expect(all.size).toBeGreaterThan(0);
    for (const [id, job] of all)
      expect(
        job.some((l) => /^ {4}permissions:/.test(l)),
        id,
      ).toBe(true);
  });

  it('checks out without persisting credentials and sets up Node without a package cache', () => {
    for (const w of withOf(lines, 'actions/checkout')) expect(w).toContain('persist-credentials: false');
    for (const w of withOf(lines, 'actions/setup-node')) {
      expect(w).toContain('package-manager-cache: false');
      expect(w.some((l) => l.startsWith('cache:'))).toBe(false);
    }
  });

  it('never splices an expression into a run script', () => {
    lines.forEach((l, i) => {
      if (!/^\s*(- )?run:/.test(l)) return;
      const script = [l.replace(/^\s*(- )?run:/, ''), ...body(lines, i)].join('\n');
      expect(script, `run step at line ${i + 1}`).not.toContain('${{');
    });
  });
});

describe('self-test.yml', () => {
  const lines = read('self-test.yml').split('\n');
  const all = jobs(lines);

  it('runs the action in this checkout on the examples with the same inputs', () => {
    const gate = all.get('gate')!.map((l) => l.trim());
    expect(gate).toEqual(
      expect.arrayContaining([
        'install: ${{ matrix.install }}',
        'defense: ${{ matrix.defense }}',
        'comment-key: self-test-${{ matrix.key }}',
        'min-utility: "1"',
      ]),
    );
    expect(gate.filter((l) => l.startsWith('uses: ./'))).toHaveLength(1);
  });

  it('cancels a PR’s stale run, which would overwrite the sticky comment, but never a push', () => {
    const c = body(lines, lines.indexOf('concurrency:')).map((l) => l.trim());
    expect(c).toEqual([
      'group: self-test-${{ github.event.pull_request.number || github.sha }}',
      "cancel-in-progress: ${{ github.event_name == 'pull_request' }}",
    ]);
  });

  it('writes PR comments from the gate job only', () => {
    for (const [id, job] of all)
      expect(
        job.some((l) => l.includes('pull-requests: write')),
        id,
      ).toBe(id === 'gate');
  });

  it('starts the HTTP example in its own step, not through install, and waits for it to answer', () => {
    const http = all.get('http')!.map((l) => l.trim());
    expect(http.some((l) => l.startsWith('install:'))).toBe(false);
    const start = http.findIndex((l) => l.includes('examples/http/server.py 8731'));
    const action = http.findIndex((l) => l.startsWith('- uses: ./'));
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThan(action);
    expect(http).toContain(
      'if curl -fsS -o /dev/null http://127.0.0.1:8731/; then echo "listening after startup: $(cat "$log")"; exit 0; fi',
    );
    expect(http).toContain('defense-url: http://127.0.0.1:8731/');
  });
});

describe('release.yml', () => {
  const text = read('release.yml');
  const lines = text.split('\n');
  const all = jobs(lines);

  it('runs only by hand, with the version passed through env', () => {
    expect(body(lines, lines.indexOf('on:')).filter((l) => indent(l) === 2)).toEqual(['  workflow_dispatch:']);
    expect(text).toMatch(/^ {6}version:\n(.*\n)*? {8}required: true\n {8}type: string$/m);
    for (const job of all.values()) expect(job.map((l) => l.trim())).toContain('VERSION: ${{ inputs.version }}');
  });

  it('checks, on the default branch, before anything is tagged', () => {
    const check = all.get('check')!.map((l) => l.trim());
    expect(check).toContain("if: github.ref == format('refs/heads/{0}', github.event.repository.default_branch)");
    for (const c of [
      'run: node scripts/release.mjs "$VERSION" --dry-run',
      'run: npm ci --no-audit --no-fund',
      'run: npm run lint',
      'npm run build',
      'run: npm test',
    ])
      expect(check).toContain(c);
    expect(check).toContain('contents: read # checkout');
    expect(all.get('release')!.map((l) => l.trim())).toContain('needs: check');
  });

  it('gives the write token only to the job that tags, which installs nothing', () => {
    for (const [id, job] of all)
      expect(
        job.some((l) => /contents: write/.test(l)),
        id,
      ).toBe(id === 'release');
    const release = all.get('release')!.map((l) => l.trim());
    expect(release.some((l) => /npm (ci|install|test)|npm run/.test(l))).toBe(false);
    expect(release).toContain('node scripts/release.mjs "$VERSION"');
    expect(release).toContain('gh release create "v$VERSION" --verify-tag --title "v$VERSION" --notes-file "$RUNNER_TEMP/notes.md"');
  });

  it('queues releases instead of running two at once', () => {
    expect(body(lines, lines.indexOf('concurrency:')).map((l) => l.trim())).toEqual(['group: release', 'cancel-in-progress: false']);
  });
});
