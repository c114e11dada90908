// The defense-eval CLI: parse flags, run the corpus command, write the chosen format. One handler
// maps errors to exit codes: 2 for bad input, 1 for a failed defense or an internal error.
import { writeFileSync } from 'node:fs';
import { DefenseError, InputError } from '../model/errors.js';
import { CorpusStore } from '../corpora/registry.js';
import { parseCliArgs, USAGE } from './args.js';
import { run } from './commands.js';

export interface CliIo {
  stdout(s: string): void;
  stderr(s: string): void;
  store?: CorpusStore;
}

export function runCli(argv: readonly string[], io: CliIo): number {
  try {
    const opts = parseCliArgs(argv);
    if (opts.help) {
      io.stdout(USAGE);
      return 0;
    }
    const scored = opts.corpus === 'pairs' || opts.corpus.startsWith('attacks');
    if (!scored && (opts.scores.length > 0 || opts.baselineScores.length > 0)) {
      throw new InputError('--scores applies only to --corpus pairs, attacks or attacks-<transform>');
    }
    const text = run(opts, () => (io.store ??= new CorpusStore()))[opts.format]();
    if (opts.out) writeOut(opts.out, text);
    else io.stdout(text);
    return 0;
  } catch (e) {
    if (e instanceof InputError) {
      io.stderr(`defense-eval: ${e.message}\n`);
      return 2;
    }
    if (e instanceof DefenseError) {
      io.stderr(`defense-eval: defense failed: ${e.message}\n`);
      return 1;
    }
    io.stderr(`defense-eval: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}

function writeOut(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new InputError(`--out ${path}: cannot write: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}
