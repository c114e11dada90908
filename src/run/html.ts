// The HTML report both shells write on request (docs/html.md): per corpus, your defense's results
// beside the reference and classifier rows (evaluate/rows.ts, as the gate's comment shows them),
// the classifiers' threshold sweeps (evaluate/classifiers.ts, as the text report prints them), and
// the online and adaptive reports already computed for the run. Chart.js is read from its UMD
// build: ncc copies that file next to each bundle (dist/cli, dist/action), so the page needs no
// network and the bundle no node_modules.
import { readFileSync } from 'node:fs';
import type { Corpus } from '../corpora/corpus.js';
import type { Defense } from '../defenses/defense.js';
import { classifierDefenses, classifierDetails, type ClassifierTables } from '../evaluate/classifiers.js';
import type { OnlineReport } from '../evaluate/online.js';
import type { AdaptiveReport } from '../evaluate/adaptive.js';
import { evaluateRows, type CorpusRows } from '../evaluate/rows.js';
import { CORPORA, type CorpusName } from '../data/registry.js';
import type { CorpusStore } from '../data/store.js';
import { checkTables, pinnedTables } from '../data/score-tables.js';
import { DEFAULT_THRESHOLD } from '../defenses/classifier.js';
import { InputError } from '../model/errors.js';
import type { RunResults } from '../gate/results.js';
import { TOOL_VERSION } from '../model/version.js';
import { htmlModel, renderHtml, type HtmlCorpusInput } from '../report/html.js';

/** Chart.js's UMD build, as text (a static path: ncc relocates the file into the bundle's directory). */
export function chartJsSource(): string {
  return readFileSync(new URL('../../node_modules/chart.js/dist/chart.umd.min.js', import.meta.url), 'utf8');
}

/**
 * The registry's pinned tables of a corpus at the default threshold: the classifier rows of the
 * gate's comment (run/score.ts classifierRows, which warns when they are left out).
 */
export function pinnedClassifierTables(corpus: Corpus, store: () => CorpusStore): ClassifierTables | undefined {
  const t = CORPORA[corpus.name as CorpusName]?.tables;
  if (!t) return undefined;
  try {
    const tables = pinnedTables(store().root, t.dir, t.filter);
    checkTables(tables, corpus.scenarios);
    return { tables, threshold: DEFAULT_THRESHOLD };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return undefined;
  }
}

export interface HtmlInputs {
  readonly corpora: readonly Corpus[];
  readonly references: (c: Corpus) => readonly Defense[];
  /** The classifier tables beside a corpus (already checked to cover it), or none. */
  readonly classifiers: (c: Corpus) => ClassifierTables | undefined;
  /** The reference and classifier rows when already computed (the action's comment has them), else computed here. */
  readonly rows?: ((c: Corpus) => CorpusRows | undefined) | undefined;
  /** Your defense's name and results (with their online and adaptive sections), when it was scored. */
  readonly mine?: { readonly name: string; readonly results: RunResults } | undefined;
  readonly online?: Readonly<Record<string, OnlineReport>> | undefined;
  readonly adaptive?: Readonly<Record<string, AdaptiveReport>> | undefined;
}

function corpusInput(c: Corpus, i: HtmlInputs): HtmlCorpusInput {
  const tables = i.classifiers(c);
  const built = tables && tables.tables.length > 0 ? classifierDefenses(tables) : [];
  const entry = i.mine?.results.corpora.find((e) => e.corpus === c.name);
  return {
    corpus: c.name,
    columns: c.kind === 'trajectory' ? 'recorded' : 'replayed',
    mine: i.mine && entry ? { name: i.mine.name, result: entry.result, bySuite: entry.by_suite } : undefined,
    rows:
      i.rows?.(c) ??
      evaluateRows(
        c,
        i.references(c),
        built.flatMap((b) => b.defenses),
      ),
    // As evaluateCorpus: the sweep is the paired corpus's, at the tables' threshold.
    sweeps: c.kind === 'paired' && built.length > 0 ? classifierDetails(c.scenarios, c.carriesInjection, tables!.threshold, built) : [],
    online: i.online?.[c.name],
    adaptive: i.adaptive?.[c.name],
  };
}

export function htmlReport(i: HtmlInputs): string {
  const model = htmlModel({
    defense: i.mine?.name,
    toolVersion: TOOL_VERSION,
    commit: i.mine?.results.commit,
    corpora: i.corpora.map((c) => corpusInput(c, i)),
  });
  return renderHtml(model, chartJsSource());
}
