// Attack coverage (spec §8.4) and evasion score drop (spec §8.5): the attack-corpus analyses.
import type { AttackCorpus } from './corpora/paired.js';
import type { LoadedTable } from './corpora/score-tables.js';
import { InputError } from './model/errors.js';
import { benignContextFlags, injectedContextDetections, Scorer, type Count } from './defenses/classifier.js';
import { classifierDefenses, referenceDefenses, type ClassifierBaselines } from './evaluate.js';
import { compare, judgeAll } from './scoring/compare.js';
import { dropVsThreshold, joinTransform, type ScoreDrop } from './scoring/score-drop.js';
import { withSuHm, type ResultJson } from './report/corpus-report.js';

export interface AttacksReport {
  corpus: 'attacks';
  source: string;
  threshold: number;
  classifiers?: string[];
  benign_tool_outputs_flagged?: Record<string, Count>;
  attacks: Record<string, { comparison: { results: ResultJson[] }; injected_tool_outputs_detected?: Record<string, Count> }>;
  attack_order: string[];
}

export function evaluateAttacks(corpus: AttackCorpus, c: ClassifierBaselines): AttacksReport {
  const built = classifierDefenses(c);
  const report: AttacksReport = { corpus: 'attacks', source: corpus.source, threshold: c.threshold, attacks: {}, attack_order: [...corpus.attacks] };
  if (built.length > 0) {
    report.classifiers = built.map((b) => b.label);
    const benign = corpus.scenarios(corpus.attacks[0]!);
    report.benign_tool_outputs_flagged = Object.fromEntries(built.map((b) => [b.label, benignContextFlags(b.scorer, benign, c.threshold)]));
  }
  for (const attack of corpus.attacks) {
    const scenarios = corpus.scenarios(attack);
    const defenses = [...referenceDefenses(corpus), ...built.flatMap((b) => b.defenses)];
    const entry: AttacksReport['attacks'][string] = { comparison: { results: compare(judgeAll(defenses, scenarios)).map(withSuHm) } };
    if (built.length > 0) {
      entry.injected_tool_outputs_detected = Object.fromEntries(
        built.map((b) => [b.label, injectedContextDetections(b.scorer, scenarios, corpus.carriesInjection, c.threshold)]),
      );
    }
    report.attacks[attack] = entry;
  }
  return report;
}

/** Every scenario the classifier defense needs over all attacks (for coverage checks). */
export function allAttackScenarios(corpus: AttackCorpus) {
  return corpus.attacks.flatMap((a) => corpus.scenarios(a));
}

export interface DropReport {
  models: { model: string; drop: ScoreDrop }[];
  threshold: number;
  transform: string;
}

/** Each transformed table is paired with the baseline attack table of the same model. */
export function evaluateDrop(
  baseline: AttackCorpus,
  transformed: AttackCorpus,
  tables: readonly LoadedTable[],
  baselineTables: readonly LoadedTable[],
  threshold: number,
): DropReport {
  if (tables.length !== baselineTables.length) {
    throw new InputError(`attacks-${transformed.transform}: ${tables.length} transformed tables but ${baselineTables.length} baseline tables`);
  }
  const pairs = joinTransform(transformed.transform, baseline.pairs, transformed.pairs, transformed.carriesInjection);
  const models = tables.map((t, i) => {
    const b = baselineTables[i]!;
    if (t.table.model !== b.table.model) throw new InputError(`table pair ${i} is for different models: ${t.path} (${t.table.model}) and ${b.path} (${b.table.model})`);
    const primary = new Scorer(t.table), fallback = new Scorer(b.table);
    const score = (text: string) => primary.score(text) ?? fallback.score(text);
    return { model: t.table.model, drop: dropVsThreshold(transformed.transform, pairs, score, threshold) };
  });
  return { models, threshold, transform: transformed.transform };
}

