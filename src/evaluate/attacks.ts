// The attack-corpus analyses: attack coverage (every reference and classifier defense under each
// attack) and the evasion score drop (docs/analyses.md#attack-coverage, #evasion-score-drop).
import type { AttackCorpus } from '../corpora/corpus.js';
import type { LoadedTable } from '../model/score-table.js';
import type { ScoredResult } from '../model/result.js';
import { InputError } from '../model/errors.js';
import { benignContextFlags, injectedContextDetections, Scorer, type Count } from '../defenses/classifier.js';
import type { Defense } from '../defenses/defense.js';
import { compare, judgeAll, type Judged } from '../scoring/compare.js';
import { scored } from '../scoring/rates.js';
import { dropVsThreshold, joinTransform, type ScoreDrop } from '../scoring/score-drop.js';
import { classifierDefenses, type ClassifierTables } from './classifiers.js';
import { referenceDefenses, versionsOf, type Versions } from './corpus.js';

export interface AttacksReport {
  /** `attacks`, or `attacks-<transform>` (your defense scored on a transformed corpus). */
  corpus: string;
  source: string;
  threshold: number;
  classifiers?: string[];
  benign_tool_outputs_flagged?: Record<string, Count>;
  attacks: Record<string, { comparison: { results: ScoredResult[] }; injected_tool_outputs_detected?: Record<string, Count> }>;
  attack_order: string[];
  versions: Versions;
}

export function evaluateAttacks(
  corpus: AttackCorpus,
  c: ClassifierTables,
  references: readonly Defense[] = referenceDefenses(corpus),
  /** Defenses already judged on each attack's scenarios (`byAttack` order), by attack. */
  judged: ReadonlyMap<string, readonly Judged[]> = new Map(),
): AttacksReport {
  const built = classifierDefenses(c);
  const report: AttacksReport = {
    corpus: corpus.name,
    source: corpus.source,
    threshold: c.threshold,
    attacks: {},
    attack_order: [...corpus.attacks],
  } as AttacksReport;
  if (built.length > 0) {
    report.classifiers = built.map((b) => b.label);
    report.benign_tool_outputs_flagged = Object.fromEntries(
      built.map((b) => [b.label, benignContextFlags(b.scorer, corpus.benign, c.threshold)]),
    );
  }
  const defenses = [...references, ...built.flatMap((b) => b.defenses)];
  for (const attack of corpus.attacks) {
    const scenarios = corpus.byAttack(attack);
    const all = [...(judged.get(attack) ?? []), ...judgeAll(defenses, scenarios)];
    const entry: AttacksReport['attacks'][string] = { comparison: { results: compare(all).map(scored) } };
    if (built.length > 0) {
      entry.injected_tool_outputs_detected = Object.fromEntries(
        built.map((b) => [b.label, injectedContextDetections(b.scorer, scenarios, corpus.carriesInjection, c.threshold)]),
      );
    }
    report.attacks[attack] = entry;
  }
  report.versions = versionsOf(corpus, built.length > 0 ? c : undefined);
  return report;
}

export interface DropReport {
  models: { model: string; drop: ScoreDrop }[];
  threshold: number;
  transform: string;
  versions: Versions;
}

/** Each transformed table is paired with the untransformed attack table of the same model. */
export function evaluateDrop(
  untransformed: AttackCorpus,
  transformed: AttackCorpus,
  tables: readonly LoadedTable[],
  untransformedTables: readonly LoadedTable[],
  threshold: number,
): DropReport {
  if (tables.length !== untransformedTables.length) {
    throw new InputError(
      `attacks-${transformed.transform}: ${tables.length} transformed tables but ${untransformedTables.length} untransformed tables`,
    );
  }
  const pairs = joinTransform(transformed.transform, untransformed.pairs, transformed.pairs, transformed.carriesInjection);
  const models = tables.map((t, i) => {
    const b = untransformedTables[i]!;
    if (t.table.model !== b.table.model)
      throw new InputError(`table pair ${i} is for different models: ${t.path} (${t.table.model}) and ${b.path} (${b.table.model})`);
    const primary = new Scorer(t.table),
      fallback = new Scorer(b.table);
    const score = (text: string) => primary.score(text) ?? fallback.score(text);
    return { model: t.table.model, drop: dropVsThreshold(transformed.transform, pairs, score, threshold) };
  });
  // Every file the drop reads: the transformed corpus, the untransformed one and the paired benign tasks.
  const versions = versionsOf(transformed, { tables: [...tables, ...untransformedTables], threshold });
  versions.corpus_files = { ...untransformed.files, ...transformed.files };
  return { models, threshold, transform: transformed.transform, versions };
}
