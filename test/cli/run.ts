// The CLI in process, as the tests run it: its exit code and everything it printed.
import { runCli, type CliIo } from '../../src/cli/main.js';

/** `runCli` with stdout and stderr captured; `io` adds a corpus store or a clock. */
export async function cliWith(
  io: Omit<CliIo, 'stdout' | 'stderr'>,
  ...argv: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '',
    stderr = '';
  const code = await runCli(argv, { ...io, stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  return { code, stdout, stderr };
}

export const cli = (...argv: string[]) => cliWith({}, ...argv);
