// The pull request's code cannot forge the verdict. The shipped bundle (a copy of the action:
// dist/, action.yml and the pinned data) runs as a process, as action.yml's gate step runs it,
// with an install command or a defense that tries each forgery reproduced against the first
// release: appending `verdict=pass` to GITHUB_OUTPUT, a `node` shim on GITHUB_PATH, setting
// DEFENSE_EVAL_DATA through GITHUB_ENV, patching the action's dist/, leaving a process behind,
// rewriting the restored base results, and reading the gate's environment for a token; and the
// ones against the base commit's rerun found by the audit of issue 9: a `git replace` of the base
// commit, a git hook, a usercustomize.py left in HOME, and a job-level token in the gate's own
// environment.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { CORPORA } from '../../src/data/registry.js';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_DIR } from '../../src/action/base.js';
import { POLICY, ROOT } from './harness.js';

/** A copy of what a consumer's runner downloads: the bundle, action.yml and the data it reads. */
const action = mkdtempSync(join(tmpdir(), 'ade-action-copy-'));
for (const p of [
  'dist',
  'action.yml',
  'corpora/manifest.json',
  ...CORPORA.agentdojo.files.map((f) => `corpora/${f}`),
  'scores',
  'package.json',
]) {
  cpSync(join(ROOT, p), join(action, p), { recursive: true });
}

const BASE = 'b'.repeat(40);

interface Job {
  dir: string;
  output: string;
  summary: string;
  envFile: string;
  pathFile: string;
  workspace: string;
}

function job(): Job {
  const dir = mkdtempSync(join(tmpdir(), 'ade-job-'));
  const j = {
    dir,
    output: join(dir, 'output'),
    summary: join(dir, 'summary'),
    envFile: join(dir, 'env'),
    pathFile: join(dir, 'path'),
    workspace: join(dir, 'ws'),
  };
  for (const f of [j.output, j.summary, j.envFile, j.pathFile]) writeFileSync(f, '');
  mkdirSync(j.workspace);
  return j;
}

function gate(j: Job, inputs: Record<string, string>, extra: Record<string, string> = {}, base = BASE) {
  const event = join(j.dir, 'event.json');
  writeFileSync(
    event,
    JSON.stringify({
      pull_request: {
        number: 5,
        base: { sha: base, repo: { full_name: 'o/r' } },
        head: { sha: 'c'.repeat(40), repo: { full_name: 'o/r' } },
      },
      repository: { default_branch: 'main' },
    }),
  );
  const env: Record<string, string> = {
    PATH: process.env['PATH']!,
    HOME: process.env['HOME']!,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_SHA: 'm'.repeat(40),
    GITHUB_OUTPUT: j.output,
    GITHUB_STEP_SUMMARY: j.summary,
    GITHUB_ENV: j.envFile,
    GITHUB_PATH: j.pathFile,
    GITHUB_WORKSPACE: j.workspace,
    RUNNER_TEMP: j.dir,
    // What action.yml gives the gate step: every input but the token.
    INPUT_CORPORA: 'agentdojo',
    INPUT_COMMENT: 'never',
    'INPUT_ON-MISSING-BASELINE': 'pass',
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
    ...extra,
  };
  const p = spawnSync(process.execPath, [join(action, 'dist/action/index.js'), 'gate'], {
    cwd: j.workspace,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: p.status, log: p.stdout + p.stderr, output: readFileSync(j.output, 'utf8'), summary: readFileSync(j.summary, 'utf8') };
}

const guard = `"${process.execPath}" "${POLICY}" guard`;
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe('the gate refuses a verdict when PR code touches what it must not', () => {
  it.each([
    [
      'appends verdict=pass to GITHUB_OUTPUT',
      (j: Job) => `printf 'verdict<<X\\npass\\nX\\n' >> ${q(j.output)}`,
      (j: Job) => j.output,
      'changed',
    ],
    [
      'puts a node shim on GITHUB_PATH',
      (j: Job) =>
        `mkdir -p shim && printf '#!/bin/sh\\nexit 0\\n' > shim/node && chmod +x shim/node && echo "$PWD/shim" >> ${q(j.pathFile)}`,
      (j: Job) => j.pathFile,
      'changed',
    ],
    [
      'sets DEFENSE_EVAL_DATA through GITHUB_ENV',
      (j: Job) => `echo DEFENSE_EVAL_DATA=/tmp/forged >> ${q(j.envFile)}`,
      (j: Job) => j.envFile,
      'changed',
    ],
    [
      "patches the action's dist/",
      () => `echo '// patched' >> ${q(join(action, 'dist/action/index.js'))}`,
      () => join(action, 'dist/action/index.js'),
      'changed',
    ],
  ])('an install that %s', (_, install, file, what) => {
    const j = job();
    const before = existsSync(file(j)) ? readFileSync(file(j)) : undefined;
    const r = gate(j, { install: install(j), defense: guard });
    expect(r.code, r.log).toBe(1);
    expect(r.log).toContain(`the gate refuses to give a verdict: ${file(j)} was ${what}`);
    expect(r.output).not.toMatch(/verdict|pass/);
    expect(r.summary).toMatch(/^## ❌ Defense gate: no verdict/);
    // The command files are written back as they were; the action's own file is refused, not repaired.
    if (file(j) !== join(action, 'dist/action/index.js')) expect(readFileSync(file(j))).toEqual(before ?? Buffer.alloc(0));
    else cpSync(join(ROOT, 'dist/action/index.js'), join(action, 'dist/action/index.js'));
  });

  it('a defense that leaves a process running', () => {
    const j = job();
    const r = gate(j, { defense: `(setsid sleep 300 > /dev/null 2>&1 &) ; exec ${guard}` });
    expect(r.code, r.log).toBe(1);
    expect(r.log).toMatch(/the gate refuses to give a verdict: the pull request's code left process \d+ running \(sleep 300\) \(killed\)/);
    expect(r.output).toBe('');
  });

  it("another program's process started while the gate runs is left alone (only PR code carries the run's marker)", async () => {
    const j = job();
    // Starts a process of this user ~0.2 s into the gate run, from outside the gate.
    const other = spawn('bash', ['-c', 'sleep 0.2; exec sleep 30'], { detached: true, stdio: 'ignore' });
    const r = gate(j, { install: 'sleep 0.5', defense: guard });
    expect(r.code, r.log).toBe(0);
    expect(() => process.kill(other.pid!, 0)).not.toThrow();
    process.kill(other.pid!, 'SIGKILL');
  });

  it('an honest run in the same setup gives its verdict', () => {
    const j = job();
    const r = gate(j, { install: 'echo installing', defense: guard });
    expect(r.code, r.log).toBe(0);
    expect(r.log).toContain('install | installing');
    expect(r.output).toMatch(/verdict<<\S+\npass\n/);
  });
});

describe('what PR code sees', () => {
  it('no token, no inputs, no runner files in its environment, nor in the gate process', () => {
    const j = job();
    const dump = join(j.dir, 'seen');
    const r = gate(
      j,
      { install: `env > ${q(dump)}; cat /proc/$PPID/environ | tr '\\0' '\\n' > ${q(dump + '.parent')}`, defense: guard },
      { ACTIONS_CACHE_URL: 'https://cache.example/' },
    );
    expect(r.code, r.log).toBe(0);
    const seen = readFileSync(dump, 'utf8');
    for (const v of [
      'INPUT_',
      'ACTIONS_',
      'GITHUB_TOKEN',
      'GITHUB_OUTPUT',
      'GITHUB_ENV',
      'GITHUB_PATH',
      'GITHUB_STEP_SUMMARY',
      'RUNNER_TEMP',
    ]) {
      expect(seen, v).not.toContain(v);
    }
    expect(seen).toMatch(/^PATH=/m);
    expect(seen).toMatch(/^GITHUB_WORKSPACE=/m);
    // The gate step is given no token by action.yml, and refuses to start with one (below).
    expect(readFileSync(dump + '.parent', 'utf8')).not.toMatch(/INPUT_GITHUB-TOKEN|GITHUB_TOKEN|GH_TOKEN/);
  });

  it('a job-level token in the gate step: the gate refuses to start, before any PR code runs, naming it', () => {
    const j = job();
    const dump = join(j.dir, 'stolen');
    const r = gate(
      j,
      { install: `tr '\\0' '\\n' < /proc/$PPID/environ > ${q(dump)}`, defense: guard },
      {
        GH_TOKEN: 'ghs_job_level',
        GITHUB_TOKEN: 'ghs_job_level_2',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
        TOKENIZERS_PARALLELISM: 'false',
      },
    );
    expect(r.code, r.log).toBe(2);
    expect(r.log).toContain(
      "the gate step's environment holds ACTIONS_ID_TOKEN_REQUEST_TOKEN, GH_TOKEN, GITHUB_TOKEN: the pull request's code",
    );
    expect(r.log).not.toMatch(/ghs_job_level|oidc|TOKENIZERS/);
    expect(existsSync(dump)).toBe(false);
    expect(r.output).toBe('');
    expect(r.summary).toMatch(/^## ❌ Defense gate: invalid input/);
  });

  it('rewriting the restored base results changes nothing: the gate read them before PR code ran', () => {
    const j = job();
    // A cached base where the guard policy blocks everything it blocks today...
    const first = job();
    expect(gate(first, { defense: guard, baseline: 'none', corpora: 'bundled' }).code).toBe(0);
    const results = JSON.parse(readFileSync(/results-path<<(\S+)\n(.*)\n/.exec(readFileSync(first.output, 'utf8'))![2]!, 'utf8'));
    results.commit = BASE;
    mkdirSync(join(j.workspace, CACHE_DIR), { recursive: true });
    writeFileSync(join(j.workspace, CACHE_DIR, 'results.json'), JSON.stringify(results));
    // ...and a weaker head whose install rewrites that file to claim the base was as weak.
    const weak = `"${process.execPath}" "${POLICY}" weak`;
    const forged = {
      ...results,
      corpora: results.corpora.map((c: { result: object }) => ({
        ...c,
        result: { ...c.result, injections_attributable: 0, injections_blocked: 0 },
      })),
    };
    const r = gate(
      j,
      {
        defense: weak,
        baseline: 'cache',
        corpora: 'bundled',
        install: `printf %s ${q(JSON.stringify(forged))} > ${q(join(j.workspace, CACHE_DIR, 'results.json'))}`,
      },
      { DEFENSE_EVAL_CACHE_MATCHED_KEY: `agent-defense-eval-v2:default:${BASE}` },
    );
    expect(r.code, r.log).toBe(1);
    expect(r.log).toMatch(/FAIL bundled: attributable block rate fell 83\.3 pp/);
  });
});

/**
 * A repository in the job's workspace whose head weakens its base (the guard policy, then the weak
 * one), with the workflow file at both commits (so no run is the gate's first). `install` is
 * d/install.sh of each commit: the base's is harmless, the head's is the pull request's code.
 */
function repo(j: Job, headInstall: string, baseInstall = 'true', defense = 'policy.mjs') {
  const sh = (...args: string[]) =>
    execFileSync('git', ['-C', j.workspace, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { encoding: 'utf8' }).trim();
  sh('init', '-q');
  mkdirSync(join(j.workspace, 'd'));
  mkdirSync(join(j.workspace, '.github/workflows'), { recursive: true });
  writeFileSync(join(j.workspace, '.github/workflows/gate.yml'), 'on: pull_request\n');
  cpSync(POLICY, join(j.workspace, 'd/policy.mjs'));
  writeFileSync(join(j.workspace, 'd/policy.py'), PY_POLICY);
  writeFileSync(join(j.workspace, 'd/variant'), 'guard');
  writeFileSync(join(j.workspace, 'd/install.sh'), baseInstall);
  sh('add', '.');
  sh('commit', '-qm', 'base');
  const base = sh('rev-parse', 'HEAD');
  writeFileSync(join(j.workspace, 'd/variant'), 'weak');
  writeFileSync(join(j.workspace, 'd/install.sh'), headInstall);
  sh('commit', '-qam', 'head');
  const home = join(j.dir, 'home');
  mkdirSync(home);
  const inputs = {
    install: 'bash d/install.sh',
    defense: defense === 'policy.mjs' ? `"${process.execPath}" d/policy.mjs "$(cat d/variant)"` : 'python3 d/policy.py',
    baseline: 'rerun',
    corpora: 'bundled',
    'on-missing-baseline': 'fail',
  };
  const env = { GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/gate.yml@refs/pull/5/merge', HOME: home };
  return { base, sh, run: () => gate(j, inputs, env, base) };
}

/** policy.mjs's guard and weak variants in Python, reading the variant when it starts. */
const PY_POLICY = `import json, sys
variant = open('d/variant').read().strip()
EGRESS = {'email.send', 'payment.send', 'booking.share', 'webhook.post'}
print(json.dumps({'protocol': 1, 'name': 'policy'}), flush=True)
for line in sys.stdin:
    r = json.loads(line)
    c = r['call']
    deny = variant == 'guard' and c['tool'] in EGRESS and (
        any(a['provenance'] != 'trusted' for a in c['args']) or c['dest'] not in ('', 'api.internal.example'))
    print(json.dumps({'id': r['id'], 'allow': not deny, 'reason': ''}), flush=True)
`;

/** What an honest head gets: the base scored in this run, and the regression. */
function regressed(r: ReturnType<typeof gate>, base: string) {
  expect(r.code, r.log).toBe(1);
  expect(r.log).toMatch(/FAIL bundled: attributable block rate fell 83\.3 pp/);
  expect(r.summary).toContain(`Compared with base commit ${base.slice(0, 7)}, scored in this run.`);
  expect(r.log).not.toMatch(/First run of this gate/);
}

describe("PR code cannot change the base commit's rerun: the gate scores the base before any of it runs", () => {
  it('an honest head that weakens the defense fails (the control)', () => {
    const j = job();
    const { base, run } = repo(j, 'true');
    regressed(run(), base);
  });

  it('an install that replaces the base commit (git replace) still fails: the rerun and the first-run check are done', () => {
    const j = job();
    const forge =
      'git -c user.name=x -c user.email=x@x replace -f "$(git rev-parse HEAD^)" "$(git -c user.name=x -c user.email=x@x commit-tree "$(git mktree < /dev/null)" -m x)"';
    const { base, sh, run } = repo(j, forge);
    regressed(run(), base);
    expect(sh('replace', '-l')).toBe(base); // the install did run
  });

  it('an install that plants a post-checkout hook: the hook never runs', () => {
    const j = job();
    const ran = join(j.dir, 'hook-ran');
    const plant = `mkdir -p .git/hooks && printf '#!/bin/sh\\nenv > ${ran}\\n' > .git/hooks/post-checkout && chmod +x .git/hooks/post-checkout`;
    const { base, run } = repo(j, plant);
    regressed(run(), base);
    expect(existsSync(join(j.workspace, '.git/hooks/post-checkout'))).toBe(true); // the install did run
    expect(existsSync(ran)).toBe(false);
  });

  it("an install that leaves a usercustomize.py in HOME to weaken the base's Python defense changes nothing", () => {
    const j = job();
    const poison = [
      'site="$(python3 -m site --user-site)"',
      'mkdir -p "$site"',
      `printf '%s\\n' 'import os' "if 'defense-eval-base-' in os.getcwd(): open('d/variant', 'w').write('weak')" > "$site/usercustomize.py"`,
      `echo "$site" > ${q(join(j.dir, 'site'))}`,
    ].join('\n');
    const { base, run } = repo(j, poison, 'true', 'policy.py');
    regressed(run(), base);
    expect(existsSync(join(readFileSync(join(j.dir, 'site'), 'utf8').trim(), 'usercustomize.py'))).toBe(false); // its HOME is gone
  });

  it('each phase gets a fresh HOME and TMPDIR of its own, the base first', () => {
    const j = job();
    const log = join(j.dir, 'phases');
    const probe = [
      `echo "$(cat d/variant) $HOME $TMPDIR $(find "$HOME" "$TMPDIR" -mindepth 1 | wc -l)" >> ${q(log)}`,
      'touch "$HOME/left" "$TMPDIR/left"',
    ].join('\n');
    const { base, run } = repo(j, probe, probe);
    regressed(run(), base);
    const phases = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '));
    expect(phases.map((p) => [p[0], p[3]])).toEqual([
      ['guard', '0'],
      ['weak', '0'],
    ]);
    const dirs = phases.flatMap((p) => [p[1], p[2]]);
    expect(new Set(dirs).size).toBe(4);
    expect(dirs).not.toContain(join(j.dir, 'home'));
  });

  it('a replace ref and a hook an earlier step planted in .git take no effect either', () => {
    const j = job();
    const ran = join(j.dir, 'hook-ran');
    const { base, sh, run } = repo(j, 'true');
    sh('replace', '-f', base, sh('commit-tree', sh('mktree', '--missing'), '-m', 'forged'));
    writeFileSync(join(j.workspace, '.git/hooks/post-checkout'), `#!/bin/sh\nenv > ${ran}\n`, { mode: 0o755 });
    regressed(run(), base);
    expect(existsSync(ran)).toBe(false);
  });
});
