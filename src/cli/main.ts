// The defense-eval CLI: parse flags, load the corpus, evaluate, render, write. One handler maps
// errors to exit codes: 2 for bad input, 1 for a failed defense or an internal error.
import { writeFileSync } from 'node:fs';
import { DefenseError, InputError } from '../model/errors.js';
import { bundledCorpus, CorpusStore } from '../corpora/registry.js';
import type { Corpus } from '../corpora/corpus.js';
import { evaluateCorpus, referenceDefenses, type ClassifierBaselines } from '../evaluate.js';
import { checkTables, pinnedTables, readScoreTable } from '../corpora/score-tables.js';
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

function store(io: CliIo): CorpusStore {
  return (io.store ??= new CorpusStore());
}

function loadCorpus(opts: CliOptions, io: CliIo): Corpus {
  if (opts.corpus === 'bundled') return bundledCorpus;
  switch (opts.corpus) {
    case 'agentdojo':
      return store(io).groundTruth();
    case 'pairs':
      return store(io).pairs();
    default:
      throw new InputError(`--corpus ${opts.corpus}: not available in this build yet`);
  }
}

/** The pinned classifier baselines by default; `--scores a.json,b.json` replaces them, `--scores none` drops them. */
function loadTables(opts: CliOptions, io: CliIo, corpus: Corpus): ClassifierBaselines | undefined {
  if (opts.scores.length === 1 && opts.scores[0] === 'none') return undefined;
  const tables = opts.scores.length > 0 ? opts.scores.map(readScoreTable) : pinnedTables(store(io).root, 'pairs');
  checkTables(tables, corpus.scenarios);
  return { tables, threshold: opts.threshold };
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
    const classifiers = corpus.name === 'pairs' ? loadTables(opts, io, corpus) : undefined;
    const report = evaluateCorpus(corpus, referenceDefenses(corpus, opts.defenses), { sweep: opts.sweep, classifiers });
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
