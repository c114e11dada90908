#!/usr/bin/env node
// Entry point of the defense-eval binary: only calls the CLI.
import { runCli } from './main.js';

// A closed or failing stdout (`defense-eval | head`, a full disk) is one line, not a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') process.stderr.write(`defense-eval: cannot write the report to standard output: ${e.code ?? e.message}\n`);
  process.exit(e.code === 'EPIPE' ? 0 : 1);
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
});
