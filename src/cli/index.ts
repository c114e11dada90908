#!/usr/bin/env node
// Entry point of the defense-eval binary: only calls the CLI.
import { runCli } from './main.js';

process.exitCode = runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
});
