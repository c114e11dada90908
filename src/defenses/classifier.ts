// Classifier defenses over a pinned score table (docs/defenses.md#classifier-defenses): deny when
// any judged text scores at or above the threshold; a text the table lacks denies too (fail closed).
import { createHash } from 'node:crypto';
import type { Call, Scenario } from '../model/call.js';
import type { ScoreTable } from '../model/score-table.js';
import { fixed, formatG } from '../format/gofmt.js';
import { firstStop, joinArgs, judgedTexts as scopeTexts, type Scope } from '../model/classifier-rule.js';
import { allow, deny, type Defense } from './defense.js';

export { DEFAULT_THRESHOLD, SCOPES, type Scope } from '../model/classifier-rule.js';

// A run hashes the same texts for the coverage check, every table and the analyses: each distinct
// text is hashed once per process. The corpora hold a few thousand texts, so the memo stays small.
const keys = new Map<string, string>();

/** The score-table key of a text: the full lower-case hex SHA-256 of its UTF-8 bytes. */
export function textKey(text: string): string {
  let k = keys.get(text);
  if (k === undefined) keys.set(text, (k = createHash('sha256').update(text, 'utf8').digest('hex')));
  return k;
}

/** Scores by text, hashing each distinct text once however often it is judged. */
export class Scorer {
  private readonly byText = new Map<string, number | undefined>();
  constructor(readonly table: ScoreTable) {}

  score(text: string): number | undefined {
    if (this.byText.has(text)) return this.byText.get(text);
    const key = textKey(text);
    const s = Object.hasOwn(this.table.scores, key) ? this.table.scores[key] : undefined;
    this.byText.set(text, s);
    return s;
  }
}

// One joined string per call, shared by every classifier: the same string object each time, so
// the score memo finds it without re-hashing its content.
const argsTexts = new WeakMap<Call, string>();

/** The call's argument texts joined by newlines; undefined without args. */
export function argsText(call: Call): string | undefined {
  if (call.args.length === 0) return undefined;
  let t = argsTexts.get(call);
  if (t === undefined) argsTexts.set(call, (t = joinArgs(call.args)!));
  return t;
}

/** The texts a scope judges for a call, in order (the shared rule, model/classifier-rule.ts). */
export function judgedTexts(call: Call, scope: Scope): string[] {
  return scopeTexts(call.context, argsText(call), scope);
}

const NO_SCORE = deny('text has no classifier score');
const BELOW = allow('all texts below threshold');

export function classifier(scorer: Scorer, threshold: number, scope: Scope, label = 'classifier'): Defense {
  const thr = formatG(threshold);
  const score = (text: string): number | undefined => scorer.score(text);
  return {
    name: `${label}-${scope}@${thr}`,
    decide(call) {
      const stop = firstStop(call.context, scope === 'context' ? undefined : argsText(call), scope, score, threshold);
      if (stop === undefined) return BELOW;
      return stop.score === undefined ? NO_SCORE : deny(`classifier score ${fixed(stop.score, 3)} at or above ${thr}`);
    },
  };
}

/** The distinct keys of every text the scope selects over all scenarios and steps (computed once per scenario list). */
export function neededKeys(scenarios: readonly Scenario[], scope: Scope = 'both'): ReadonlySet<string> {
  let byScope = needed.get(scenarios);
  if (!byScope) needed.set(scenarios, (byScope = new Map()));
  let keys = byScope.get(scope);
  if (!keys) {
    const texts = new Set<string>();
    for (const s of scenarios) for (const st of s.trace) for (const text of judgedTexts(st.call, scope)) texts.add(text);
    keys = new Set([...texts].map(textKey));
    byScope.set(scope, keys);
  }
  return keys;
}

const needed = new WeakMap<readonly Scenario[], Map<Scope, Set<string>>>();

/** Keys the table lacks for every text the scope selects over all scenarios and steps, sorted. */
export function missingKeys(table: ScoreTable, scenarios: readonly Scenario[], scope: Scope = 'both'): string[] {
  return [...neededKeys(scenarios, scope)].filter((k) => !Object.hasOwn(table.scores, k)).sort();
}

export interface Count {
  detected: number;
  total: number;
}

/** Distinct context texts read in benign scenarios, and how many score at or above thr. */
export function benignContextFlags(scorer: Scorer, scenarios: readonly Scenario[], thr: number): Count {
  return countDistinct(
    scenarios.filter((s) => s.kind === 'benign'),
    () => true,
    scorer,
    thr,
  );
}

/** Distinct injection-carrying context texts of injection scenarios (unscorable ones included). */
export function injectedContextDetections(
  scorer: Scorer,
  scenarios: readonly Scenario[],
  carries: (text: string) => boolean,
  thr: number,
): Count {
  return countDistinct(
    scenarios.filter((s) => s.kind === 'injection'),
    carries,
    scorer,
    thr,
  );
}

function countDistinct(scenarios: readonly Scenario[], keep: (t: string) => boolean, scorer: Scorer, thr: number): Count {
  const texts = new Set<string>();
  for (const s of scenarios) for (const st of s.trace) for (const t of st.call.context) if (keep(t)) texts.add(t);
  let detected = 0;
  for (const t of texts) {
    const s = scorer.score(t);
    if (s !== undefined && s >= thr) detected++;
  }
  return { detected, total: texts.size };
}

/**
 * Short labels for tables: the publisher (model id before "/", lower-cased), or the
 * model name after "/" when two tables share a publisher; "classifier" for an empty model.
 */
export function classifierLabels(tables: readonly Pick<ScoreTable, 'model'>[]): string[] {
  const publisher = (m: string): string => (m === '' ? 'classifier' : (m.split('/')[0] ?? m).toLowerCase());
  const counts = new Map<string, number>();
  for (const t of tables) counts.set(publisher(t.model), (counts.get(publisher(t.model)) ?? 0) + 1);
  return tables.map((t) => {
    const p = publisher(t.model);
    if ((counts.get(p) ?? 0) < 2) return p;
    const slash = t.model.indexOf('/');
    return slash < 0 ? t.model || 'classifier' : t.model.slice(slash + 1).toLowerCase();
  });
}
