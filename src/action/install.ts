// Running the pull request's install command: in the workspace (or the base commit's worktree),
// with the allow-listed environment, its output passed to the log line by line with a prefix, so
// nothing it prints can start a workflow command ("::set-output::", "::add-mask::").
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { DefenseError } from '../model/errors.js';

/** One log line of PR output: prefixed, control characters removed, at most 2,000 characters. */
export const logLine = (prefix: string, line: string): string =>
  `${prefix} | ${line.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').slice(0, 2000)}`;

export function runInstall(
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  what = 'install',
): Promise<void> {
  if (command.trim() === '') return Promise.resolve();
  return new Promise((resolve, reject) => {
    // The command is the workflow author's own input, passed as one argument to bash, never spliced.
    const child = spawn('bash', ['-eo', 'pipefail', '-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (l) => log(logLine(what, l)));
    child.on('error', (e) => reject(new DefenseError(`${what}: could not start bash: ${e.message}`)));
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new DefenseError(`${what} failed with ${signal ? `signal ${signal}` : `exit code ${code}`}`)),
    );
  });
}
