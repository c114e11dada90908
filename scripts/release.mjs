#!/usr/bin/env node
// Tag a release: vX.Y.Z at HEAD, the major tag vX moved to it (users write `uses: …@vX`), both
// pushed in one atomic push. Run from the repository's root by .github/workflows/release.yml.
//
//   node scripts/release.mjs X.Y.Z [--dry-run] [--remote NAME]
//   node scripts/release.mjs notes X.Y.Z          print the CHANGELOG.md section of X.Y.Z
//
// Refuses (exit 2, nothing tagged) unless: X.Y.Z is a release version (no pre-release or build
// part), it equals package.json's version, the working tree is clean, no vX.Y.Z tag exists, no
// later vX.* release exists (vX would move backwards) and CHANGELOG.md has a non-empty section
// for it whose heading carries the release date (`## [X.Y.Z] - YYYY-MM-DD`: a section still
// marked Unreleased is dated and committed first). Existing tags are read from the local
// repository: fetch them first (the workflow's checkout uses fetch-depth 0). A vX.Y.Z that
// appeared on the remote since then still fails the push, which never forces it; only vX is
// force-updated.
//
// --dry-run runs every check and prints the git commands it would run instead of running them.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

class Refusal extends Error {}

const SEMVER = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** [major, minor, patch] of a release version "X.Y.Z" or "vX.Y.Z", or undefined. */
export function parseVersion(text) {
  const m = SEMVER.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The heading line of `## [X.Y.Z]` (or `## X.Y.Z`) in a Keep a Changelog file; undefined when absent. */
export function changelogHeading(markdown, version) {
  const esc = version.replace(/\./g, '\\.');
  const head = new RegExp(`^## \\[?v?${esc}\\]?(\\s|$)`);
  return markdown.split('\n').find((l) => head.test(l));
}

/** The body of `## [X.Y.Z]` (or `## X.Y.Z`) in a Keep a Changelog file, trimmed; undefined when absent. */
export function changelogSection(markdown, version) {
  const lines = markdown.split('\n');
  const start = lines.indexOf(changelogHeading(markdown, version));
  if (start < 0) return undefined;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => /^## /.test(l));
  const body = (end < 0 ? rest : rest.slice(0, end)).filter((l) => !/^\[[^\]]+\]:\s+\S+\s*$/.test(l)); // link definitions
  return body.join('\n').trim();
}

function git(cwd, args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trimEnd();
}

const quote = (a) => (/^[\w@%+=:,./^{}-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);

/** Check everything and return the git commands that tag and push the release. */
export function plan(cwd, input, remote = 'origin') {
  const v = parseVersion(input);
  if (!v) throw new Refusal(`"${input}" is not a release version X.Y.Z (digits only, no pre-release or build part)`);
  const version = v.join('.');
  const tag = `v${version}`;
  const major = `v${v[0]}`;

  const pkgPath = join(cwd, 'package.json');
  if (!existsSync(pkgPath)) throw new Refusal(`no package.json in ${cwd}`);
  const pkgVersion = JSON.parse(readFileSync(pkgPath, 'utf8')).version;
  if (pkgVersion !== version) throw new Refusal(`version ${version} is not package.json's version (${pkgVersion})`);

  const dirty = git(cwd, ['status', '--porcelain', '--untracked-files=normal']);
  if (dirty) throw new Refusal(`the working tree is not clean:\n${dirty}`);

  if (git(cwd, ['tag', '--list', tag])) throw new Refusal(`tag ${tag} already exists (at ${git(cwd, ['rev-parse', `${tag}^{commit}`])})`);
  const later = git(cwd, ['tag', '--list', `${major}.*`])
    .split('\n')
    .map((t) => ({ t, v: parseVersion(t) }))
    .filter((x) => x.v && x.v[0] === v[0] && compare(x.v, v) > 0)
    .map((x) => x.t);
  if (later.length > 0) throw new Refusal(`${later.join(', ')} already released: ${major} would move backwards to ${tag}`);

  const changelog = join(cwd, 'CHANGELOG.md');
  const markdown = existsSync(changelog) ? readFileSync(changelog, 'utf8') : '';
  if (!changelogSection(markdown, version)) throw new Refusal(`CHANGELOG.md has no section "## [${version}]" with text in it`);
  const heading = changelogHeading(markdown, version);
  if (!/ - \d{4}-\d{2}-\d{2}\s*$/.test(heading))
    throw new Refusal(`CHANGELOG.md's "${heading}" has no release date: make it "## [${version}] - YYYY-MM-DD" and commit that first`);

  const sha = git(cwd, ['rev-parse', 'HEAD^{commit}']);
  return {
    version,
    tag,
    major,
    sha,
    commands: [
      ['git', 'tag', '--annotate', tag, '--message', tag, sha],
      ['git', 'tag', '--force', '--annotate', major, '--message', `${major} = ${tag}`, sha],
      // Atomic: both tags or neither. vX.Y.Z is never forced; only vX moves (the + refspec).
      ['git', 'push', '--atomic', remote, `refs/tags/${tag}`, `+refs/tags/${major}`],
    ],
  };
}

function main(argv) {
  const cwd = process.cwd();
  const args = [];
  let remote = 'origin';
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dry-run') dryRun = true;
    else if (a === '--remote') {
      remote = argv[++i];
      if (!remote || remote.startsWith('-')) throw new Refusal('--remote needs a remote name');
    } else if (a.startsWith('-')) throw new Refusal(`unknown flag ${a}`);
    else args.push(a);
  }
  if (args[0] === 'notes') {
    if (args.length !== 2 || dryRun) throw new Refusal('usage: node scripts/release.mjs notes X.Y.Z');
    const v = parseVersion(args[1]);
    if (!v) throw new Refusal(`"${args[1]}" is not a release version X.Y.Z`);
    const path = join(cwd, 'CHANGELOG.md');
    const notes = existsSync(path) ? changelogSection(readFileSync(path, 'utf8'), v.join('.')) : undefined;
    if (!notes) throw new Refusal(`CHANGELOG.md has no section "## [${v.join('.')}]" with text in it`);
    process.stdout.write(notes + '\n');
    return;
  }
  if (args.length !== 1) throw new Refusal('usage: node scripts/release.mjs X.Y.Z [--dry-run] [--remote NAME]');
  const p = plan(cwd, args[0], remote);
  for (const cmd of p.commands) {
    const line = cmd.map(quote).join(' ');
    if (dryRun) {
      console.log(`would run: ${line}`);
      continue;
    }
    console.log(`+ ${line}`);
    execFileSync(cmd[0], cmd.slice(1), { cwd, stdio: 'inherit' });
  }
  console.log(
    dryRun
      ? `dry run: ${p.tag} and ${p.major} would point at ${p.sha}; nothing was tagged or pushed`
      : `released ${p.tag} at ${p.sha}; ${p.major} now points there (pushed to ${remote})`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    if (e instanceof Refusal) {
      console.error(`release: refused: ${e.message}`);
      process.exit(2);
    }
    console.error(`release: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
