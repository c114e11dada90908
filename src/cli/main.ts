// The defense-eval CLI: parse flags, load the corpus, evaluate, render, write. One handler maps
// errors to exit codes: 2 for bad input, 1 for a failed defense or an internal error.
import { writeFileSync } from 'node:fs';
import { DefenseError, InputError } from '../model/errors.js';
import { bundledCorpus, CorpusStore } from '../corpora/registry.js';
import type { Corpus } from '../corpora/corpus.js';
import { evaluateCorpus, referenceDefenses } from '../evaluate.js';
import type { CorpusReport } from '../report/corpus-report.js';
import { goJson } from '../report/go-json.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderText } from '../report/text.js';
import { parseCliArgs, USAGE, type CliOptions } from './args.js';

export interface CliIo {
  stdout(s: string): void;
  stderr(s: string): void;
  store?: CorpusStore;
}

function loadCorpus(opts: CliOptions, io: CliIo): Corpus {
  if (opts.corpus === 'bundled') return bundledCorpus;
  const store = io.store ?? new CorpusStore();
  switch (opts.corpus) {
    case 'agentdojo':
      return store.groundTruth();
    case 'pairs':
      return store.pairs();
    default:
      throw new InputError(`--corpus ${opts.corpus}: not available in this build yet`);
  }
}

function render(report: CorpusReport, opts: CliOptions): string {
  if (opts.format === 'json') return goJson(report);
  if (opts.format === 'markdown') return renderMarkdown(report);
  return renderText(report);
}

export function runCli(argv: readonly string[], io: CliIo): number {
  try {
    const opts = parseCliArgs(argv);
    if (opts.help) {
      io.stdout(USAGE);
      return 0;
    }
    if (opts.scores.length > 0 && opts.corpus !== 'pairs' && !opts.corpus.startsWith('attacks')) {
      throw new InputError('--scores applies only to --corpus pairs or attacks');
    }
    const corpus = loadCorpus(opts, io);
    const report = evaluateCorpus(corpus, referenceDefenses(corpus, opts.defenses), { sweep: opts.sweep });
    const text = render(report, opts);
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
