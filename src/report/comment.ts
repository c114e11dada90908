// The gate's report: one markdown string for the PR comment, the job summary and the report-path
// file. Pure: every SHA, URL and note is an argument. Every string a defense controls (its name,
// its reasons) goes through escapeMarkdown; the output stays under GitHub's 65,536-character limit.
import type { Denial } from '../model/call.js';
import type { Result } from '../model/result.js';
import { escapeMarkdown } from '../format/escape.js';
import { Outcome } from '../scoring/judge.js';
import { BREAKDOWN_TITLES } from '../scoring/buckets.js';
import type { CorpusRows, Rows } from '../evaluate/rows.js';
import type { Verdict } from '../gate/verdict.js';
import type { CorpusResult, RunResults } from '../gate/results.js';
import { quadrantChart } from './chart.js';
import { onlineComment } from './online.js';
import { adaptiveMarkdown } from './adaptive.js';
import type { AdaptiveReport } from '../evaluate/adaptive.js';
import type { OnlineReport } from '../evaluate/online.js';
import { contextMarkdown } from './trajectory.js';
import { flipText } from './repeats.js';
import { metricsTable, type ColumnNames, type MetricsRow } from './metrics-table.js';
import { percent, score100 } from '../format/percent.js';
import { asr, asrUndefended, benignUtility, suHmAttack, utilityUnderAttack, type TrajectoryCounts } from '../scoring/trajectory.js';

/** Comments are limited to 65,536 characters; keep room for the marker. */
export const MAX_REPORT_CHARS = 60_000;

/** What the report shows about one corpus beside the head (and base) results. */
export interface CorpusDetails {
  /** Reference and classifier rows, overall, per suite and per breakdown group. */
  readonly rows: CorpusRows;
  /** Scenario ids in corpus order (to name changed outcomes). */
  readonly scenarioIds: readonly string[];
  /** First denial of each benign task the defense broke. */
  readonly brokenBenign: readonly Denial[];
  /** The online evaluation (your defense first, then the reference rows on the same streams), when one ran. */
  readonly online?: OnlineReport | undefined;
  /** The adaptive attack (your defense first), when one ran. */
  readonly adaptive?: AdaptiveReport | undefined;
}

export interface ReportInput {
  readonly defense: string;
  readonly verdict: Verdict;
  readonly head: RunResults;
  /** The base commit's comparable results, and where they came from (e.g. "the cached results of base commit abc1234"). */
  readonly base?: { readonly results: RunResults; readonly source: string } | undefined;
  /** Why there is no comparison, or how the base was found; shown right under the verdict. */
  readonly baseNote?: string | undefined;
  readonly details: Readonly<Record<string, CorpusDetails>>;
  readonly toolVersion: string;
  readonly runUrl?: string | undefined;
  /** The workflow artifact holding the HTML report, when the html input asked for one. */
  readonly htmlArtifact?: string | undefined;
  /** What scoring asked of the defense: "2215 requests for 3479 decisions", with the decision cache's hits when one was used. */
  readonly scoring?: string | undefined;
}

const short = (sha: string): string => (sha === '' ? 'unknown' : escapeMarkdown(sha.slice(0, 7)));

const rowsOf = (results: readonly Result[]): MetricsRow[] => results.map((r) => ({ label: escapeMarkdown(r.defense), result: r }));

function table(
  name: string,
  head: Result,
  base: Result | undefined,
  rows: Rows | undefined,
  commits: { head: string; base: string },
  names: ColumnNames = 'replayed',
): string {
  const lines: MetricsRow[] = [{ label: `**${name}** (head ${short(commits.head)})`, result: head, base }];
  if (base) lines.push({ label: `${name} (base ${short(commits.base)})`, result: base });
  lines.push(...rowsOf(rows?.references ?? []), ...rowsOf(rows?.classifiers ?? []));
  return metricsTable(lines, names);
}

/** A recorded-run corpus's effect figures in AgentAntibody's form, for head and base. */
function effectLines(name: string, h: CorpusResult, b: CorpusResult | undefined, classifierRows: number): string {
  const line = (label: string, c: TrajectoryCounts) =>
    `- ${label}: ASR ${percent(asr(c))} (undefended ${percent(asrUndefended(c))}), utility under attack ${percent(utilityUnderAttack(c))}, ` +
    `benign utility ${percent(benignUtility(c))}, SU-HM ${score100(suHmAttack(c))}`;
  if (!h.trajectory) return '';
  let out = `\n${line(`**${name}** (head)`, h.trajectory.result)}\n`;
  if (b?.trajectory) out += `${line(`${name} (base)`, b.trajectory.result)}\n`;
  const cls = classifierRows === 0 ? ' Classifier rows: not scored (no pinned score table covers these texts).' : '';
  return `${out}\n<sub>ASR: attacked runs whose injection goal is met where the defense halted them; SU-HM here is the harmonic mean of 1 − ASR and utility under attack.${cls}</sub>\n`;
}

function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n</details>\n`;
}

const OUTCOME_WORD: Record<number, string> = {
  [Outcome.Unscored]: 'unscored',
  [Outcome.BenignKept]: 'kept',
  [Outcome.BenignBroken]: 'broken',
  [Outcome.Missed]: 'missed',
  [Outcome.BlockedInjected]: 'blocked (injected call)',
  [Outcome.HaltedAttributable]: 'halted (attributable)',
  [Outcome.HaltedUnattributable]: 'halted (not attributable)',
  [Outcome.BenignConfirmed]: 'kept with confirmations',
  [Outcome.AttackFailed]: 'attack failed undefended',
};

/** The same codes on recorded runs (judge.ts judgeRecordedAttack). */
const RECORDED_WORD: Record<number, string> = {
  ...OUTCOME_WORD,
  [Outcome.BenignKept]: 'intact',
  [Outcome.BlockedInjected]: 'attack stopped',
  [Outcome.HaltedUnattributable]: 'halted after the goal was met',
};

function changedOutcomes(head: CorpusResult, base: CorpusResult, ids: readonly string[], limit: number): string | undefined {
  const word = head.kind === 'trajectory' ? RECORDED_WORD : OUTCOME_WORD;
  const rows: string[] = [];
  let n = 0;
  for (let i = 0; i < head.outcomes.length; i++) {
    if (head.outcomes[i] === base.outcomes[i]) continue;
    if (n++ < limit)
      rows.push(`| ${escapeMarkdown(ids[i] ?? String(i))} | ${word[Number(base.outcomes[i])]} | ${word[Number(head.outcomes[i])]} |`);
  }
  if (n === 0) return undefined;
  const more = n > limit ? `\n\n…and ${n - limit} more (see the results file).` : '';
  return details(
    `Scenarios whose outcome changed from base (${n})`,
    `| scenario | base | head |\n|---|---|---|\n${rows.join('\n')}${more}`,
  );
}

function brokenList(denials: readonly Denial[], limit: number): string | undefined {
  if (denials.length === 0) return undefined;
  const rows = denials.slice(0, limit).map((d) => {
    const reason = d.reason.length > 200 ? `${d.reason.slice(0, 200)}…` : d.reason;
    return `| ${escapeMarkdown(d.scenario)} | ${d.step} | ${escapeMarkdown(d.tool)} | ${escapeMarkdown(reason)} |`;
  });
  const more = denials.length > limit ? `\n\n…and ${denials.length - limit} more.` : '';
  return details(
    `Benign tasks broken, with the first denial (${denials.length})`,
    `| scenario | step | tool | reason |\n|---|---:|---|---|\n${rows.join('\n')}${more}`,
  );
}

function corpusSection(input: ReportInput, h: CorpusResult, level: number): string {
  const name = escapeMarkdown(input.defense);
  const x = input.details[h.corpus];
  const b = input.base?.results.corpora.find((c) => c.corpus === h.corpus);
  const commits = { head: input.head.commit, base: input.base?.results.commit ?? '' };
  const overall = x?.rows.overall;
  const names: ColumnNames = h.kind === 'trajectory' ? 'recorded' : 'replayed';
  let out = `### ${escapeMarkdown(h.corpus)}\n\n${table(name, h.result, b?.result, overall, commits, names)}\n${effectLines(name, h, b, overall?.classifiers.length ?? 0)}`;
  const flips = flipText(h);
  if (flips) out += `\n<sub>Repeated: ${flips}; each scenario counts as most of its repetitions went (a tie as not good).</sub>\n`;
  const points = [
    { label: 'this defense', result: h.result },
    ...(b ? [{ label: 'base', result: b.result }] : []),
    ...[...(overall?.references ?? []), ...(overall?.classifiers ?? [])].map((r) => ({ label: r.defense, result: r })),
  ];
  out += `\n${quadrantChart(names === 'recorded' ? `${h.corpus} attacks stopped vs benign runs intact` : `${h.corpus} attributable blocks vs utility`, points)}\n`;
  if (x?.online) out += `\n${onlineComment(x.online, name, level >= 1)}`;
  if (x?.adaptive) out += `\n${adaptiveMarkdown(x.adaptive, '####')}`;
  if (level < 1) return out;
  const suites = Object.keys(h.by_suite).sort();
  if (suites.length > 0) {
    const body = suites
      .map((s) => `**${escapeMarkdown(s)}**\n\n${table(name, h.by_suite[s]!, b?.by_suite[s], x?.rows.bySuite[s], commits, names)}`)
      .join('\n');
    out += details('Per suite', body);
  }
  for (const group of ['by_model', 'by_bucket', 'by_attack_class'] as const) {
    const heads = h[group];
    if (!heads || Object.keys(heads).length === 0) continue;
    const body = Object.keys(heads)
      .sort()
      .map((k) => {
        const rows = group === 'by_model' ? undefined : x?.rows.byGroup[group]?.[k];
        return `**${escapeMarkdown(k)}**\n\n${table(name, heads[k]!, b?.[group]?.[k], rows, commits, names)}`;
      })
      .join('\n');
    out += details(
      group === 'by_model' ? 'Per model' : `Per ${BREAKDOWN_TITLES[group]} (defined in agent-defense-eval's docs/analyses.md)`,
      body,
    );
  }
  const context = x?.rows.context;
  if (context && context.rows.length > 0)
    out += details(
      `Context: ${context.label} (${context.rows.length} logged pipelines; never compared, never in the verdict)`,
      `${escapeMarkdown(context.measurement)}\n\n${contextMarkdown(context)}`,
    );
  if (level < 2) return out;
  const limit = level >= 3 ? 40 : 10;
  const changed = b ? changedOutcomes(h, b, x?.scenarioIds ?? [], limit) : undefined;
  if (changed) out += changed;
  const broken = brokenList(x?.brokenBenign ?? [], limit);
  if (broken) out += broken;
  return out;
}

/** Level 3 has every section; lower levels drop detail until the report fits a comment. */
function renderAt(input: ReportInput, level: number): string {
  const { verdict } = input;
  const name = escapeMarkdown(input.defense);
  let out = verdict.pass ? `## ✅ Defense gate passed: ${name}\n\n` : `## ❌ Defense gate failed: ${name}\n\n`;
  if (verdict.reasons.length > 0) out += verdict.reasons.map((r) => `- **${escapeMarkdown(r)}**`).join('\n') + '\n\n';
  else if (input.base) out += 'No metric fell past its threshold.\n\n';
  if (input.base) out += `Compared with ${escapeMarkdown(input.base.source)}.\n\n`;
  if (input.baseNote) out += `> ${escapeMarkdown(input.baseNote)}\n\n`;
  const passed = verdict.checks.filter((c) => c.ok);
  if (passed.length > 0) out += details('Checks that passed', passed.map((c) => `- ${escapeMarkdown(c.message)}`).join('\n'));
  for (const h of input.head.corpora) out += '\n' + corpusSection(input, h, level);
  const versions = input.head.corpora.map((c) => `${escapeMarkdown(c.corpus)} \`${c.version.slice(0, 12)}\``).join(', ');
  const base = input.base ? ` · base ${short(input.base.results.commit)}` : '';
  const runLink = input.runUrl && `[workflow run](${encodeURI(input.runUrl).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'))})`;
  const run = runLink ? ` · ${runLink}` : '';
  // An artifact name in a code span: kept to the characters a span shows as they are.
  const artifact = input.htmlArtifact?.replace(/[^A-Za-z0-9._-]/g, '-');
  if (artifact) out += `\nHTML report: artifact \`${artifact}\` of ${runLink ? `the ${runLink}` : 'this workflow run'}\n`;
  const scoring = input.scoring ? ` · ${escapeMarkdown(input.scoring)}` : '';
  out += `\n<sub>head ${short(input.head.commit)}${base} · corpora ${versions}${scoring} · agent-defense-eval ${escapeMarkdown(input.toolVersion)}${run}</sub>\n`;
  out += `\n<sub>Static corpora are a regression test, not a security proof: a defense that passes here can still be bypassed by attacks the corpora do not contain.</sub>\n`;
  return out;
}

export function renderReport(input: ReportInput): string {
  for (let level = 3; level > 0; level--) {
    const md = renderAt(input, level);
    if (md.length <= MAX_REPORT_CHARS) return md;
  }
  const md = renderAt(input, 0);
  return md.length <= MAX_REPORT_CHARS ? md : md.slice(0, MAX_REPORT_CHARS - 40) + '\n\n…(report truncated)\n';
}
