// Markdown output of a corpus run: the same figures as the text table, for READMEs and comments.
import type { Result } from '../model/result.js';
import { attributableRate, blockRate, suHm, utilityRate } from '../scoring/rates.js';
import type { CorpusReport } from './corpus-report.js';
import { escapeMarkdown } from './escape.js';
import { fixed } from './gofmt.js';

export const pct1 = (rate: number): string => `${fixed(rate * 100, 1)}%`;

export function markdownTable(results: readonly Result[]): string {
  const lines = [
    '| defense | attributable blocks | injection block | utility | SU-HM | unscored |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${escapeMarkdown(r.defense)} | ${r.injections_attributable}/${r.injections_total} (${pct1(attributableRate(r))}) | ` +
        `${r.injections_blocked}/${r.injections_total} (${pct1(blockRate(r))}) | ${r.benign_kept}/${r.benign_total} (${pct1(utilityRate(r))}) | ` +
        `${fixed(suHm(r), 3)} | ${r.unscored} |`,
    );
  }
  return lines.join('\n') + '\n';
}

export function renderMarkdown(report: CorpusReport): string {
  let out = `### corpus: ${escapeMarkdown(report.corpus)}\n\n${markdownTable(report.comparison.results)}`;
  for (const [suite, results] of Object.entries(report.by_suite ?? {})) {
    out += `\n<details><summary>suite: ${escapeMarkdown(suite)}</summary>\n\n${markdownTable(results)}\n</details>\n`;
  }
  for (const [title, groups] of [['under-specification bucket', report.under_specification], ['attack class', report.attack_classes]] as const) {
    for (const [name, results] of Object.entries(groups ?? {})) {
      out += `\n<details><summary>${title}: ${escapeMarkdown(name)}</summary>\n\n${markdownTable(results)}\n</details>\n`;
    }
  }
  const g = report.flow_guard_corrected_labels;
  if (g) out += `\nflow-guard with agent-generated values relabeled trusted: attributable ${pct1(attributableRate(g))}, utility ${pct1(utilityRate(g))}\n`;
  const v = report.versions;
  out += `\n<sub>defense-eval ${escapeMarkdown(v.tool)} · corpus ${escapeMarkdown(v.corpus)} sha256 \`${v.corpus_sha256.slice(0, 12)}\`</sub>\n`;
  return out;
}
