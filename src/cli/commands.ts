// One function per corpus kind: load what it needs, evaluate, and return the report in every
// format. Loading is the only I/O; evaluation and rendering are the library's.
import { InputError } from '../model/errors.js';
import type { LoadedTable } from '../model/score-table.js';
import type { AttackCorpus, Corpus } from '../corpora/corpus.js';
import { CORPORA, TRANSFORMS, type CorpusName } from '../data/registry.js';
import type { CorpusStore } from '../data/store.js';
import { checkTables, checkWindowing, pinnedTables, readScoreTable } from '../data/score-tables.js';
import { evaluateCorpus, referenceDefenses, versionsOf } from '../evaluate/corpus.js';
import type { ClassifierTables } from '../evaluate/classifiers.js';
import { evaluateAttacks, evaluateDrop } from '../evaluate/attacks.js';
import { egressReach } from '../scoring/egress-reach.js';
import { goJson } from '../format/go-json.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderText } from '../report/text.js';
import { attacksMarkdown, attacksText, dropMarkdown, dropText } from '../report/attacks.js';
import { egressReachMarkdown, egressReachText } from '../report/egress-reach.js';
import { EGRESS_REACH, type CliOptions, type Format } from './args.js';

export type Rendered = Record<Format, () => string>;

/** The pinned tables of a corpus (its registry entry), or the --scores tables; none for "none" or a corpus without tables. */
function tablesFor(name: CorpusName, opts: CliOptions, store: CorpusStore): LoadedTable[] {
  if (opts.scores.length === 1 && opts.scores[0] === 'none') return [];
  if (opts.scores.length > 0) return opts.scores.map((p) => readScoreTable(p));
  const t = CORPORA[name].tables;
  return t ? pinnedTables(store.root, t.dir, t.filter) : [];
}

function classifiersFor(corpus: Corpus, opts: CliOptions, store: CorpusStore): ClassifierTables {
  const tables = tablesFor(corpus.name as CorpusName, opts, store);
  checkTables(tables, corpus.scenarios);
  return { tables, threshold: opts.threshold };
}

function corpusReport(corpus: Corpus, opts: CliOptions, classifiers?: ClassifierTables): Rendered {
  const report = evaluateCorpus(corpus, referenceDefenses(corpus, opts.defenses), { sweep: opts.sweep, classifiers });
  return { text: () => renderText(report), json: () => goJson(report), markdown: () => renderMarkdown(report) };
}

/** --untransformed-scores, or by default each transformed table's pinned attack table of the same model. */
function untransformedTables(opts: CliOptions, transformed: readonly LoadedTable[], store: CorpusStore): LoadedTable[] {
  if (opts.untransformedScores.length > 0) return opts.untransformedScores.map((p) => readScoreTable(p));
  const pinned = pinnedTables(store.root, 'attacks');
  return transformed.map((t) => {
    const b = pinned.find((p) => p.table.model === t.table.model);
    if (!b) throw new InputError(`no pinned attack table for ${t.table.model}; pass --untransformed-scores`);
    return b;
  });
}

function dropReport(corpus: AttackCorpus, opts: CliOptions, store: CorpusStore): Rendered {
  const tables = tablesFor(corpus.name as CorpusName, opts, store);
  if (tables.length === 0)
    throw new InputError(`--corpus ${corpus.name} needs transformed score tables (--scores) and their untransformed ones`);
  checkTables(tables, corpus.scenarios);
  const untransformed = store.attacks('identity');
  const partners = untransformedTables(opts, tables, store);
  // The drop compares each transformed score with its untransformed partner's: both must cover
  // their corpus and be cut into windows the same way.
  checkTables(partners, untransformed.scenarios);
  checkWindowing([...tables, ...partners]);
  const report = evaluateDrop(untransformed, corpus, tables, partners, opts.threshold);
  return { text: () => dropText(report), json: () => goJson(report), markdown: () => dropMarkdown(report) };
}

export function run(opts: CliOptions, store: () => CorpusStore): Rendered {
  if (opts.corpus === EGRESS_REACH) {
    const attacks = store().attacks('identity');
    const reach = egressReach(attacks.pairs, attacks.policy.egressTools);
    const versions = versionsOf(attacks);
    return {
      text: () => egressReachText(reach, versions),
      json: () => goJson({ ...reach, versions }),
      markdown: () => egressReachMarkdown(reach, versions),
    };
  }
  const corpus = CORPORA[opts.corpus].load(store());
  switch (corpus.kind) {
    case 'bundled':
    case 'ground-truth':
      return corpusReport(corpus, opts);
    case 'paired': {
      const c = classifiersFor(corpus, opts, store());
      return corpusReport(corpus, opts, c.tables.length > 0 ? c : undefined);
    }
    case 'attacks': {
      if (corpus.transform !== 'identity') {
        if (!(TRANSFORMS as readonly string[]).includes(corpus.transform)) throw new InputError(`unknown transform ${corpus.transform}`);
        return dropReport(corpus, opts, store());
      }
      const report = evaluateAttacks(corpus, classifiersFor(corpus, opts, store()), referenceDefenses(corpus, opts.defenses));
      const { source: _source, ...json } = report;
      return { text: () => attacksText(report), json: () => goJson(json), markdown: () => attacksMarkdown(report) };
    }
  }
}
