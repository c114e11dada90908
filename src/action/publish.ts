// What the gate step writes once no PR code is left: the report, results and gate record files,
// the step outputs and the job summary (always). The sticky comment is posted by the comment step
// (comment-step.ts) from these files.
import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { macroRates, streamRates } from '../scoring/stream.js';
import { InputError } from '../model/errors.js';
import { attributableRate, blockRate, suHm, utilityRate } from '../scoring/rates.js';
import { GATE_RECORD_VERSION, type GateRecord } from '../gate/record.js';
import type { Verdict } from '../gate/verdict.js';
import type { Scored } from '../run/score.js';
import type { PartialResults } from '../gate/shard.js';
import type { Base } from './base.js';
import type { Config } from './config.js';
import type { RunContext } from './event.js';

export interface GateOutputDeps {
  readonly setOutput: (name: string, value: string) => void;
  /** Appends to the job summary; rejects with an InputError naming the file when it cannot. */
  readonly writeSummary: (markdown: string) => Promise<void>;
  readonly warn: (m: string) => void;
}

/** One directory per comment key (matrix jobs keep theirs apart); the comment step reads it back. */
export function outputDir(tempDir: string, commentKey: string): string {
  return join(tempDir, 'agent-defense-eval', commentKey.replace(/[^A-Za-z0-9._-]+/g, '_'));
}

/** A fraction as four decimals; an empty axis (no benign task, no scorable injection) as "n/a". */
const rate = (x: number | undefined): string => (x === undefined ? 'n/a' : x.toFixed(4));

export interface GateRun {
  readonly scored: Scored;
  readonly base: Base;
  readonly verdict: Verdict;
  readonly markdown: string;
}

/** A matrix job's part of the run (docs/shards.md), beside the files a whole run writes; returns its path. */
export function writePartialFile(cfg: Config, ctx: RunContext, part: PartialResults): string {
  const dir = outputDir(ctx.tempDir, cfg.commentKey);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `shard-${part.shard.index}-of-${part.shard.count}.json`);
  writeFileSync(path, JSON.stringify(part, null, 2) + '\n');
  return path;
}

export async function writeGateFiles(cfg: Config, ctx: RunContext, run: GateRun, deps: GateOutputDeps): Promise<void> {
  const dir = outputDir(ctx.tempDir, cfg.commentKey);
  mkdirSync(dir, { recursive: true });
  const reportPath = join(dir, 'report.md');
  const resultsPath = join(dir, 'results.json');
  const recordPath = join(dir, 'gate.json');
  const t = cfg.thresholds;
  const record: GateRecord = {
    schemaVersion: GATE_RECORD_VERSION,
    name: run.scored.name,
    comment_key: cfg.commentKey,
    thresholds: {
      max_attributable_drop: t.maxAttributableDrop,
      max_utility_drop: t.maxUtilityDrop,
      min_attributable: t.minAttributable,
      min_utility: t.minUtility,
      max_confirmations: t.maxConfirmations,
      max_sw_asr: t.maxSwAsr,
      min_online_su_hm: t.minOnlineSuHm,
      max_adaptive_asr: t.maxAdaptiveAsr,
      significance: t.significance,
    },
    head: run.scored.results,
    base: run.base.base,
    note: run.base.note,
    missing: run.base.missing,
    pr: ctx.pr ? { number: ctx.pr.number, head_sha: ctx.pr.headSha } : undefined,
    run_url: ctx.runUrl,
    scoring: run.scored.stats,
    verdict: run.verdict.pass ? 'pass' : 'fail',
  };
  writeFileSync(reportPath, run.markdown);
  writeFileSync(resultsPath, JSON.stringify(run.scored.results, null, 2) + '\n');
  writeFileSync(recordPath, JSON.stringify(record, null, 2) + '\n');
  const main = run.scored.results.corpora[0]!.result;
  deps.setOutput('verdict', run.verdict.pass ? 'pass' : 'fail');
  deps.setOutput('attributable-rate', rate(attributableRate(main)));
  deps.setOutput('block-rate', rate(blockRate(main)));
  deps.setOutput('utility-rate', rate(utilityRate(main)));
  deps.setOutput('su-hm', rate(suHm(main)));
  // Online runs: the first corpus with an online section, macro-averaged over its streams.
  const online = run.scored.results.corpora.find((c) => c.online)?.online;
  const macro = online && macroRates(online.streams.map((s) => streamRates(s.counts, online.settings.window)));
  deps.setOutput('online-sw-asr', macro ? rate(macro.sw_asr ?? undefined) : '');
  deps.setOutput('online-su-hm', macro ? rate(macro.su_hm ?? undefined) : '');
  const attack = run.scored.results.corpora.find((c) => c.adaptive)?.adaptive;
  const cases = attack?.targets.reduce((n, t) => n + t.static_cases.length, 0) ?? 0;
  const hits = attack?.targets.reduce((n, t) => n + [...(t.adaptive?.cases ?? '')].filter((c) => c === '1').length, 0) ?? 0;
  deps.setOutput('adaptive-asr', attack ? rate(cases === 0 ? undefined : hits / cases) : '');
  deps.setOutput('report-path', reportPath);
  deps.setOutput('results-path', resultsPath);
  deps.setOutput('record-path', recordPath);
  try {
    await deps.writeSummary(run.markdown);
  } catch (e) {
    // A summary file the runner does not offer or that cannot be written leaves the verdict standing; a bug does not.
    if (!(e instanceof InputError)) throw e;
    deps.warn(`job summary not written: ${e.message}`);
  }
}

/**
 * The workflow artifact the action uploads the HTML report as: one name per comment key (an
 * artifact name is uploaded once per run), in letters, digits, dot, dash and underscore, which
 * artifact names and the comment's code span both take as they are.
 */
export const htmlArtifact = (commentKey: string): string => `defense-eval-html-${commentKey.replace(/[^A-Za-z0-9._-]/g, '-')}`;

/**
 * The JUnit file (input junit), at a path inside the workspace; returns where it went. The pull
 * request's code ran in the workspace and may have left a symlink at the path or on the way to it,
 * to make the gate write elsewhere (a command file, a dotfile): the directory must resolve inside
 * the workspace, before and after it is created, and whatever is at the path is replaced, never
 * written through.
 */
export function writeJunitFile(workspace: string, path: string, xml: string): string {
  return writeWorkspaceFile(workspace, 'junit', path, xml);
}

/** A report file an input asks for (junit, html), written as writeJunitFile says; errors name the input. */
export function writeWorkspaceFile(workspace: string, input: 'junit' | 'html', path: string, text: string): string {
  try {
    const root = realpathSync(workspace);
    const inside = (p: string): void => {
      const real = realpathSync(p);
      if (real !== root && !real.startsWith(root + sep))
        throw new InputError(`input ${input} ${path}: ${p} resolves outside the workspace (${real})`);
    };
    const dir = dirname(resolve(root, path));
    let existing = dir;
    while (!existsSync(existing)) existing = dirname(existing);
    inside(existing);
    mkdirSync(dir, { recursive: true });
    inside(dir);
    const file = join(realpathSync(dir), basename(path));
    rmSync(file, { force: true });
    writeFileSync(file, text, { flag: 'wx' });
    return file;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`input ${input} ${path}: cannot write: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}
