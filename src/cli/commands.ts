// One function per corpus kind: load what it needs, evaluate, and return the report in every
// format. Loading is the only I/O; evaluation is the library's.
import { InputError } from '../model/errors.js';
import { bundledCorpus, CorpusStore, TRANSFORMS } from '../corpora/registry.js';
import type { Corpus } from '../corpora/corpus.js';
import { checkTables, pinnedTables, readScoreTable, type LoadedTable } from '../corpora/score-tables.js';
import { evaluateCorpus, referenceDefenses, type ClassifierBaselines } from '../evaluate.js';
import { allAttackScenarios, evaluateAttacks, evaluateDrop } from '../evaluate-attacks.js';
import { egressReach, egressReachText } from '../scoring/egress-reach.js';
import { goJson } from '../report/go-json.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderText } from '../report/text.js';
import { attacksText, dropText } from '../report/attacks-text.js';
import { attacksMarkdown, dropMarkdown, egressReachMarkdown } from '../report/attacks-markdown.js';
import type { CliOptions, Format } from './args.js';

export type Rendered = Record<Format, () => string>;

function tables(paths: readonly string[], pinned: () => LoadedTable[]): LoadedTable[] {
  if (paths.length === 1 && paths[0] === 'none') return [];
  return paths.length > 0 ? paths.map(readScoreTable) : pinned();
}

function corpusReport(corpus: Corpus, opts: CliOptions, classifiers?: ClassifierBaselines): Rendered {
  const report = evaluateCorpus(corpus, referenceDefenses(corpus, opts.defenses), { sweep: opts.sweep, classifiers });
  return { text: () => renderText(report), json: () => goJson(report), markdown: () => renderMarkdown(report) };
}

/** `--baseline-scores`, or by default each transformed table's pinned attack table of the same model. */
function baselineTables(opts: CliOptions, transformed: readonly LoadedTable[], store: () => CorpusStore): LoadedTable[] {
  if (opts.baselineScores.length > 0) return opts.baselineScores.map(readScoreTable);
  const pinned = pinnedTables(store().root, 'attacks');
  return transformed.map((t) => {
    const b = pinned.find((p) => p.table.model === t.table.model);
    if (!b) throw new InputError(`no pinned attack table for ${t.table.model}; pass --baseline-scores`);
    return b;
  });
}

export function run(opts: CliOptions, store: () => CorpusStore): Rendered {
  const c = opts.corpus;
  if (c === 'bundled') return corpusReport(bundledCorpus, opts);
  if (c === 'agentdojo') return corpusReport(store().groundTruth(), opts);
  if (c === 'pairs') {
    const pairs = store().pairs();
    const ts = tables(opts.scores, () => pinnedTables(store().root, 'pairs'));
    checkTables(ts, pairs.scenarios);
    return corpusReport(pairs, opts, ts.length > 0 ? { tables: ts, threshold: opts.threshold } : undefined);
  }
  if (c === 'egress-reach') {
    const attacks = store().attacks();
    const reach = egressReach(attacks.pairs, attacks.policy.egressTools);
    return { text: () => egressReachText(reach), json: () => goJson(reach), markdown: () => egressReachMarkdown(reach) };
  }
  if (c === 'attacks') {
    const attacks = store().attacks();
    const ts = tables(opts.scores, () => pinnedTables(store().root, 'attacks'));
    checkTables(ts, allAttackScenarios(attacks));
    const report = evaluateAttacks(attacks, { tables: ts, threshold: opts.threshold });
    const { source: _source, ...json } = report;
    return { text: () => attacksText(report), json: () => goJson(json), markdown: () => attacksMarkdown(report) };
  }
  const transform = c.slice('attacks-'.length);
  if (!(TRANSFORMS as readonly string[]).includes(transform)) throw new InputError(`unknown corpus: ${c}`);
  const transformed = store().attacks(transform);
  const ts = tables(opts.scores, () => pinnedTables(store().root, 'transformed', (f) => f.endsWith(`-${transform}.json`)));
  if (ts.length === 0) throw new InputError(`--corpus ${c} needs --scores (transformed tables) and --baseline-scores (attack tables)`);
  const report = evaluateDrop(store().attacks(), transformed, ts, baselineTables(opts, ts, store), opts.threshold);
  return { text: () => dropText(report), json: () => goJson(report), markdown: () => dropMarkdown(report) };
}
