// The defense-eval CLI: parse flags, run the corpus command, write the chosen format. One handler
// maps errors to exit codes: 2 for bad input, 1 for a failed defense or an internal error.
import { DefenseError, exitCodeOf, InputError, OptimiserError } from '../model/errors.js';
import { CorpusStore } from '../data/store.js';
import { writeText } from '../data/files.js';
import { parseCliArgs, USAGE } from './args.js';
import { run } from './commands.js';

export interface CliIo {
  stdout(s: string): void;
  stderr(s: string): void;
  store?: CorpusStore;
  /** The clock of the progress lines (milliseconds); performance.now unless a test gives one. */
  now?: () => number;
}

/** The one line an error becomes: what went wrong, never a stack trace for bad input. */
export function errorLine(e: unknown): string {
  if (e instanceof InputError) return `defense-eval: ${e.message}`;
  if (e instanceof DefenseError) return `defense-eval: defense failed: ${e.message}`;
  if (e instanceof OptimiserError) return `defense-eval: ${e.message}`;
  return `defense-eval: internal error: ${(e as Error)?.stack ?? String(e)}`;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const opts = parseCliArgs(argv);
    if (opts.help) {
      io.stdout(USAGE);
      return 0;
    }
    const r = await run(opts, () => (io.store ??= new CorpusStore()), io);
    const text = r.rendered[opts.format]();
    if (opts.out) writeText(opts.out, text, `--out ${opts.out}`);
    else io.stdout(text);
    for (const line of r.notes) io.stderr(`${line}\n`);
    return r.exitCode;
  } catch (e) {
    io.stderr(`${errorLine(e)}\n`);
    return exitCodeOf(e);
  }
}
