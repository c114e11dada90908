// What the pull request's code (its install command and its defense) may see and touch while the
// gate runs it in the same job (SECURITY.md). It gets an allow-listed environment: no token, no
// inputs, no runner service variables, no paths of the step's command files. The files that decide
// what later steps see (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_STEP_SUMMARY, GITHUB_STATE),
// the action's own files and the node binary are read before it runs and compared after: a change
// is undone and the gate refuses to give a verdict. Processes it leaves running are killed, and the
// gate refuses too. Each phase of PR code (the base commit's rerun, then the head) gets a HOME and
// TMPDIR of its own, so one cannot leave files that change how the other runs. The gate itself
// refuses to start while its environment holds anything that looks like a credential: PR code runs
// as the same user and can read the environment of the gate and of the shell that started it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../model/errors.js';

/** Variables PR code gets as they are: what tools need to run, nothing that grants anything. */
const ALLOWED = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TERM',
  'TMPDIR',
  'CI',
  'GITHUB_ACTIONS',
  'GITHUB_WORKSPACE',
  'GITHUB_REPOSITORY',
  'GITHUB_SHA',
  'GITHUB_REF',
  'GITHUB_EVENT_NAME',
  'RUNNER_OS',
  'RUNNER_ARCH',
  // Set by setup-python, setup-go, setup-java and the like for the tools they install.
  'pythonLocation',
  'Python_ROOT_DIR',
  'Python2_ROOT_DIR',
  'Python3_ROOT_DIR',
  'PKG_CONFIG_PATH',
  'LD_LIBRARY_PATH',
  'VIRTUAL_ENV',
  'GOROOT',
  'GOPATH',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'JAVA_HOME',
]);
const ALLOWED_PREFIXES = ['LC_'];

/** Never passed, even when the workflow names them in defense-env. */
const FORBIDDEN = /^(INPUT_|ACTIONS_|GITHUB_(TOKEN|OUTPUT|ENV|PATH|STATE|STEP_SUMMARY|EVENT_PATH)$|RUNNER_TEMP$|RUNNER_TRACKING_ID$)/;

/**
 * A name that looks like a credential's: a word (between `_` or `-`) that is or ends in TOKEN,
 * SECRET, PASSWORD, PASSWD, KEY or CREDENTIAL(S): GH_TOKEN, NPM_TOKEN, OPENAI_API_KEY, APIKEY,
 * AWS_SECRET_ACCESS_KEY, DB_PASSWORD, ACTIONS_ID_TOKEN_REQUEST_TOKEN; not TOKENIZERS_PARALLELISM.
 */
const CREDENTIAL = /(^|[_-])[A-Z0-9]*(TOKEN|SECRET|PASSWORD|PASSWD|KEY|CREDENTIALS?)([_-]|$)/i;
/** What action.yml itself sets on the gate step; none holds a credential (test/action/action-yml.test.ts). */
const GATE_STEP_OWN = new Set([
  'DEFENSE_EVAL_CACHE_MATCHED_KEY',
  'INPUT_COMMENT-KEY',
  'DEFENSE_EVAL_DECISIONS_MATCHED_KEY',
  'INPUT_CACHE-KEY',
]);

export function checkDefenseEnv(names: readonly string[]): void {
  for (const n of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) throw new InputError(`input defense-env: ${JSON.stringify(n)} is not a variable name`);
    if (FORBIDDEN.test(n))
      throw new InputError(`input defense-env: ${n} is never passed to the defense (it would let PR code act as the gate)`);
    if (CREDENTIAL.test(n))
      throw new InputError(`input defense-env: ${n} looks like a credential, and credentials are never passed to the defense (PR code)`);
  }
}

/** The names of non-empty variables in the gate's environment that look like credentials (never their values). */
export function credentialNames(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((k) => env[k] !== undefined && env[k] !== '' && !GATE_STEP_OWN.has(k) && CREDENTIAL.test(k))
    .sort();
}

/**
 * Refuse to run PR code while the gate holds a credential. Removing it from process.env would not
 * help: /proc/<pid>/environ keeps the environment the process started with, and the shell of the
 * step that started the gate holds it too; any process of the job's user can read both.
 */
export function refuseCredentials(env: NodeJS.ProcessEnv): void {
  const names = credentialNames(env);
  if (names.length === 0) return;
  throw new InputError(
    `the gate step's environment holds ${names.join(', ')}: the pull request's code that the gate runs could read ${names.length === 1 ? 'it' : 'them'} (from /proc/<pid>/environ of the gate or its shell). Set credentials only on the steps that need them, never in the workflow's or the job's env (docs/action.md#credentials)`,
  );
}

/**
 * Set in PR code's environment to a random value per run: the processes it leaves behind are the
 * new processes carrying it. (Other processes of the same user, on a developer's machine or beside
 * a test, are never touched. A process that clears its environment escapes the check; SECURITY.md.)
 */
export const GUARD_MARKER = 'DEFENSE_EVAL_RUN';

/** The environment PR code runs with: the allow-list, plus the variables the workflow named, plus the run's marker. */
export function defenseEnv(env: NodeJS.ProcessEnv, extra: readonly string[], marker?: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  if (marker !== undefined) out[GUARD_MARKER] = marker;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined || FORBIDDEN.test(k)) continue;
    if (ALLOWED.has(k) || ALLOWED_PREFIXES.some((p) => k.startsWith(p)) || extra.includes(k)) out[k] = v;
  }
  return out;
}

/**
 * A fresh, empty HOME and TMPDIR for one phase of PR code (`label`: base or head), under `tempDir`:
 * what one phase leaves there (a usercustomize.py, an .npmrc, a git config) never reaches the other.
 */
export function freshHome(env: NodeJS.ProcessEnv, tempDir: string, label: string): { env: NodeJS.ProcessEnv; dispose: () => void } {
  const root = mkdtempSync(join(tempDir, `defense-eval-home-${label}-`));
  const home = join(root, 'home');
  const tmp = join(root, 'tmp');
  mkdirSync(home);
  mkdirSync(tmp);
  return {
    env: { ...env, HOME: home, TMPDIR: tmp },
    dispose: () => {
      try {
        rmSync(root, { recursive: true, force: true });
      } catch {
        // PR code made something undeletable: the runner's temp directory is emptied after the job.
      }
    },
  };
}

export interface Tampering {
  readonly path: string;
  readonly what: 'changed' | 'removed' | 'created';
}

const digest = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Every file under a directory (files only, no symlink is followed). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

/**
 * A snapshot of files. `files` keep their bytes so a change can be undone (the step's command
 * files); `watched` files and every file under `trees` keep only a digest (the action's code, the
 * node binary: a change there cannot be undone safely, only refused).
 */
export class FileGuard {
  private readonly files = new Map<string, Buffer | undefined>();
  private readonly trees = new Map<string, Map<string, string>>();

  constructor(files: readonly string[], watched: readonly string[] = [], trees: readonly string[] = []) {
    for (const f of files) this.files.set(f, existsSync(f) ? readFileSync(f) : undefined);
    this.trees.set('', new Map(watched.filter((f) => existsSync(f)).map((f) => [f, digest(readFileSync(f))])));
    for (const t of trees) this.trees.set(t, new Map(filesUnder(t).map((f) => [f, digest(readFileSync(f))])));
  }

  /** What changed since the snapshot; changed or removed files are written back, created ones emptied. */
  check(): Tampering[] {
    const found: Tampering[] = [];
    for (const [path, before] of this.files) {
      const now = existsSync(path) ? readFileSync(path) : undefined;
      if (before === undefined && now === undefined) continue;
      if (before !== undefined && now !== undefined && before.equals(now)) continue;
      found.push({ path, what: before === undefined ? 'created' : now === undefined ? 'removed' : 'changed' });
      // Undo it: GitHub reads these files after the step; nothing PR code wrote may take effect.
      writeFileSync(path, before ?? '');
    }
    for (const [dir, before] of this.trees) {
      const list = dir === '' ? [...before.keys()].filter((f) => existsSync(f)) : filesUnder(dir);
      const now = new Map(list.map((f) => [f, digest(readFileSync(f))]));
      for (const [f, d] of before) if (now.get(f) !== d) found.push({ path: f, what: now.has(f) ? 'changed' : 'removed' });
      for (const f of now.keys()) if (!before.has(f)) found.push({ path: f, what: 'created' });
    }
    return found;
  }
}

export interface Leftover {
  readonly pid: number;
  readonly command: string;
}

/** Processes of this user, from /proc (Linux); undefined where there is no /proc. */
function processes(): Map<number, { start: string; command: string; ppid: number }> | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  const uid = process.getuid?.();
  const out = new Map<number, { start: string; command: string; ppid: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (uid !== undefined && statSync(`/proc/${name}`).uid !== uid) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid … starttime is field 22; comm may contain spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      if (fields[0] === 'Z') continue; // a zombie has already exited
      let command = stat.slice(stat.indexOf('(') + 1, close);
      try {
        command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() || command;
      } catch {
        // gone meanwhile
      }
      out.set(Number(name), { start: fields[19]!, command, ppid: Number(fields[1]) });
    } catch {
      // the process exited while we looked
    }
  }
  return out;
}

/** The gate itself and its ancestors: never PR code. */
function ancestors(): Set<number> {
  const out = new Set<number>();
  for (let pid = process.pid; pid > 1 && !out.has(pid);) {
    out.add(pid);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      break;
    }
  }
  return out;
}

/** Processes started after the snapshot, still alive, whose environment carries `marker` (`NAME=value`). */
export class ProcessGuard {
  private readonly before = processes();

  constructor(private readonly marker: string) {}

  get supported(): boolean {
    return this.before !== undefined;
  }

  leftovers(): Leftover[] {
    const now = processes();
    if (!now || !this.before) return [];
    const mine = ancestors();
    const out: Leftover[] = [];
    for (const [pid, p] of now) {
      if (mine.has(pid)) continue;
      const was = this.before.get(pid);
      if (was && was.start === p.start) continue;
      try {
        if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(this.marker)) continue;
      } catch {
        continue;
      }
      out.push({ pid, command: p.command.slice(0, 120) });
    }
    return out;
  }

  /** Kill what PR code left running; returns what it found. */
  killLeftovers(): Leftover[] {
    const found = this.leftovers();
    for (const p of found) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    return found;
  }
}

/** The files the gate protects while PR code runs (see FileGuard for what each list means). */
export function protectedPaths(
  env: NodeJS.ProcessEnv,
  actionRoot: string | undefined,
): { files: string[]; watched: string[]; trees: string[] } {
  const files = ['GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STEP_SUMMARY', 'GITHUB_STATE']
    .map((k) => env[k])
    .filter((p): p is string => typeof p === 'string' && p !== '');
  // The node binary the action's later steps run, and the action itself.
  const watched = [process.execPath, ...(actionRoot ? [join(actionRoot, 'action.yml')] : [])];
  const trees = actionRoot ? [join(actionRoot, 'dist')] : [];
  return { files, watched, trees };
}

/** Where the action's own files are: two levels above the running bundle (dist/action/index.js), if it is one. */
export function actionRootOf(entry: string | undefined): string | undefined {
  if (!entry) return undefined;
  try {
    const real = readlinkSync(entry);
    entry = real.startsWith('/') ? real : entry;
  } catch {
    // not a link
  }
  const root = join(entry, '..', '..', '..');
  return existsSync(join(root, 'dist')) ? root : undefined;
}
