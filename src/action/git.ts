// Git, as the gate runs it to find and check out the base commit. The repository's .git is
// writable by any code the job ran before (an earlier step), so git runs hardened: replace refs are
// ignored (a `git replace` of the base commit would check out another tree, or make the workflow
// file look absent, which reads as the gate's first run and passes), hooks and the fsmonitor
// never run (a post-checkout hook would run with the gate's environment), and the environment is
// minimal (no INPUT_*, no token, no paths of the step's command files). The gate also runs every git
// command before the pull request's own code (main.ts), so that code cannot prepare the repository
// first. What an earlier step can still do to .git (filters, other configured commands) is
// SECURITY.md's: run the gate before any step that runs the pull request's code.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** What git runs with: where to find programs, and HOME for the user's git configuration (safe.directory). */
export function gitEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { GIT_NO_REPLACE_OBJECTS: '1', GIT_TERMINAL_PROMPT: '0' };
  for (const k of ['PATH', 'HOME'] as const) if (env[k] !== undefined) out[k] = env[k];
  return out;
}

/** Command-line settings that win over the repository's own configuration. */
const GIT_HARDENING = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false'] as const;

/** `git -C workspace …` with hooks and the fsmonitor off, replace refs ignored, and the minimal environment. */
export function git(workspace: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return exec('git', [...GIT_HARDENING, '-C', workspace, ...args], { env: gitEnv(env) });
}
