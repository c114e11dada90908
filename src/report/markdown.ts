// Markdown output of a corpus run: the same figures as the text table, for READMEs and comments.
import type { Result } from '../model/result.js';
import { attributableRate, utilityRate } from '../scoring/rates.js';
import { BREAKDOWN_TITLES } from '../scoring/buckets.js';
import type { CorpusReport, Versions } from '../evaluate/corpus.js';
import { escapeMarkdown } from '../format/escape.js';
import { percent } from '../format/percent.js';
import { metricsTable } from './metrics-table.js';

const table = (results: readonly Result[]): string => metricsTable(results.map((r) => ({ label: escapeMarkdown(r.defense), result: r })));

const details = (summary: string, body: string): string => `\n<details><summary>${summary}</summary>\n\n${body}\n</details>\n`;

/** The closing line of every markdown output. */
export function versionsMarkdown(v: Versions): string {
  const files = Object.entries(v.corpus_files ?? {}).map(([p, sha]) => ` · ${escapeMarkdown(p)} \`${sha.slice(0, 12)}\``);
  const tables = Object.entries(v.score_tables ?? {}).map(([p, sha]) => ` · ${escapeMarkdown(p)} \`${sha.slice(0, 12)}\``);
  return `\n<sub>defense-eval ${escapeMarkdown(v.tool)} · corpus ${escapeMarkdown(v.corpus)} sha256 \`${v.corpus_sha256.slice(0, 12)}\` (benchmark ${escapeMarkdown(v.benchmark)})${files.join('')}${tables.join('')}</sub>\n`;
}

export function renderMarkdown(report: CorpusReport): string {
  let out = `### corpus: ${escapeMarkdown(report.corpus)}\n\n${table(report.comparison.results)}`;
  for (const [suite, results] of Object.entries(report.by_suite ?? {})) out += details(`suite: ${escapeMarkdown(suite)}`, table(results));
  for (const [key, groups] of [
    ['by_bucket', report.under_specification],
    ['by_attack_class', report.attack_classes],
  ] as const) {
    for (const [name, results] of Object.entries(groups ?? {}))
      out += details(`${BREAKDOWN_TITLES[key]}: ${escapeMarkdown(name)}`, table(results));
  }
  const g = report.flow_guard_corrected_labels;
  if (g)
    out += `\nflow-guard with agent-generated values relabeled trusted: attributable ${percent(attributableRate(g))}, utility ${percent(utilityRate(g))}\n`;
  return out + versionsMarkdown(report.versions);
}
