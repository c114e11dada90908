#!/usr/bin/env node
// Entry point of the classifier scorer (its own bundle, dist/scorer/): only calls the CLI.
import { runScorer } from './cli.js';

process.exitCode = await runScorer(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  stdin: process.stdin,
});
