// The trajectory corpora through the CLI (runCli): one model, the pooled corpus, a list; every
// format; classifier rows "not scored" without a table and present with one (made here by the
// scorer from the tiny test model on a few runs, and by a rule over every key for full coverage);
// your own defense beside the reference rows, its results file carrying the effect counts.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../../src/data/store.js';
import { neededKeys } from '../../src/defenses/classifier.js';
import { runScorer } from '../../src/scorer/cli.js';
import { FIXTURES } from '../scorer/helpers.js';
import { cli } from './run.js';

const ROOT = join(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'defense-eval-trajectory-'));
const MODEL = 'gpt-4o-2024-08-06';
const FIXTURE = join(ROOT, 'test/fixtures/defenses');

describe('--corpus agentdyn-<model>', () => {
  it('text: the runs the model contributed and why others were left out, the reference rows, the context apart', async () => {
    const r = await cli('--corpus', `agentdyn-${MODEL}`);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^corpus: agentdyn-gpt-4o-2024-08-06 \(AgentDyn 5353cf7/);
    expect(r.stdout).toContain(
      'gpt-4o-2024-08-06: 610 runs (550 attacked, 60 benign); excluded labels_differ 1, model_output_none 1, output_differs 8; 28 injection-task-only runs skipped\n',
    );
    // allow-all is the undefended model: docs/agentdyn.md's per-model row.
    expect(r.stdout).toMatch(
      /\nallow-all +216\/550 39\.3% +216\/550 39\.3% +308\/550 56\.0% +32\/60 53\.3% +58\.3 +0\/216 0\.0% +60\/60 100\.0%\n/,
    );
    expect(r.stdout).toContain('classifiers: not scored');
    expect(r.stdout).toContain("context (live end to end, measured by AgentDyn's authors — a different measurement):");
    expect(r.stdout).toMatch(/\nversions: defense-eval .*, benchmark v1\.2\.2\n/);
    for (const g of ['suite: shopping', 'under-specification bucket: param-open']) expect(r.stdout).toContain(`\n${g}\n`);
  });

  it('json: rates as fractions, null never 0 for an empty group, context rows kept apart from the results', async () => {
    const r = await cli('--corpus', `agentdyn-${MODEL}`, '--format', 'json');
    const j = JSON.parse(r.stdout);
    expect(j.kind).toBe('trajectory');
    expect(j.results.map((x: { defense: string }) => x.defense)).toEqual([
      'allow-all',
      'deny-all',
      'keyword-filter',
      'deny-egress',
      'flow-guard',
    ]);
    expect(j.results[0].counts).toMatchObject({ attacked: 550, attack_success: 216, attack_success_undefended: 216, benign: 60 });
    expect(j.classifiers).toBe('not scored');
    expect(j.context.rows.every((c: { model: string }) => c.model === MODEL)).toBe(true);
    expect(j.context.rows.map((c: { defense: string }) => c.defense)).toContain('drift');
    expect(j.by_model).toBeUndefined();
  });

  it('markdown: the tables and the labelled context section', async () => {
    const r = await cli('--corpus', `agentdyn-${MODEL}`, '--format', 'markdown');
    expect(r.stdout).toMatch(/^### corpus: agentdyn-gpt-4o-2024-08-06\n/);
    expect(r.stdout).toContain("#### Context: live end to end, measured by AgentDyn's authors — a different measurement\n");
    expect(r.stdout).toContain(
      '| allow-all | 216/550 39.3% | 216/550 39.3% | 308/550 56.0% | 32/60 53.3% | 58.3 | 0/216 0.0% | 60/60 100.0% |',
    );
  });

  it('a list, and the pooled corpus with a per-model breakdown', async () => {
    const list = await cli('--corpus', `agentdyn-${MODEL},agentdyn-meta_secalign-8B`);
    expect(list.code).toBe(0);
    expect(list.stdout.match(/^corpus: /gm)).toHaveLength(2);
    const pooled = JSON.parse((await cli('--corpus', 'agentdyn', '--format', 'json')).stdout);
    expect(Object.keys(pooled.by_model)).toHaveLength(10);
    expect(pooled.results[0].counts).toMatchObject({ attacked: 5582, attack_success: 911, benign: 568 });
    expect(Object.keys(pooled.by_attack)).toEqual(['direct', 'important_instructions']);
  });

  it('refuses flags that do not apply', async () => {
    const r = await cli('--corpus', `agentdyn-${MODEL}`, '--sweep');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--sweep does not apply to --corpus agentdyn-gpt-4o-2024-08-06');
  });
});

describe('classifier rows on recorded runs', () => {
  it('a table covering every text gives three rows per classifier; one that misses texts is refused by name', async () => {
    const corpus = new CorpusStore().load(`agentdyn-${MODEL}`);
    const keys = [...neededKeys(corpus.scenarios)];
    // A rule, not a model: the score is the key's first hex digit over 15.
    const scores = Object.fromEntries(keys.map((k) => [k, parseInt(k[0]!, 16) / 15]));
    const full = join(tmp, 'full.json');
    writeFileSync(full, JSON.stringify({ model: 'rule/first-hex-digit', revision: 'r1', positive_label: 'INJECTION', scores }));
    const r = JSON.parse((await cli('--corpus', `agentdyn-${MODEL}`, '--scores', full, '--format', 'json')).stdout);
    expect(r.classifiers).toEqual([{ label: 'rule', model: 'rule/first-hex-digit', path: full }]);
    expect(r.results.map((x: { defense: string }) => x.defense).slice(5)).toEqual(['rule-context@0.5', 'rule-args@0.5', 'rule-both@0.5']);
    const partial = join(tmp, 'partial.json');
    writeFileSync(
      partial,
      JSON.stringify({
        model: 'rule/x',
        revision: 'r1',
        positive_label: 'INJECTION',
        scores: Object.fromEntries(keys.slice(1).map((k) => [k, 0])),
      }),
    );
    const bad = await cli('--corpus', `agentdyn-${MODEL}`, '--scores', partial);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/partial\.json does not cover this corpus: 1 texts unscored/);
  });

  it('the scorer scores a trajectory file with a local model (the tiny test model, on a few runs)', async () => {
    const dir = join(tmp, 'agentdyn');
    mkdirSync(join(dir, 'trajectories'), { recursive: true });
    const file = JSON.parse(gunzipSync(readFileSync(join(ROOT, `corpora/agentdyn/trajectories/${MODEL}.json.gz`))).toString());
    file.runs = file.runs.slice(0, 3);
    writeFileSync(join(dir, 'trajectories/few.json.gz'), gzipSync(JSON.stringify(file)));
    writeFileSync(join(dir, 'outputs.json.gz'), readFileSync(join(ROOT, 'corpora/agentdyn/outputs.json.gz')));
    let out = '';
    const list = await runScorer(['--corpus', join(dir, 'trajectories/few.json.gz'), '--list-keys'], {
      stdout: (s) => (out += s),
      stderr: () => {},
    });
    expect(list).toBe(0);
    const table = join(tmp, 'few-table.json');
    let err = '';
    const code = await runScorer(
      [
        '--corpus',
        join(dir, 'trajectories/few.json.gz'),
        '--model-dir',
        `${FIXTURES}unigram`,
        '--model',
        'tiny/unigram',
        '--positive-label',
        'INJECTION',
        '--stride',
        '7',
        '--out',
        table,
      ],
      { stdout: () => {}, stderr: (s) => (err += s) },
    );
    expect(code, err).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(table, 'utf8')).scores)).toEqual(out.trim().split('\n'));
  });
});

describe('your defense on recorded runs', () => {
  it('its row beside the references, and a results file with the kind, the benchmark and the effect counts', async () => {
    const out = join(tmp, 'results.json');
    const r = await cli(
      '--corpus',
      `agentdyn-${MODEL}`,
      '--defense-cmd',
      `"${process.execPath}" "${join(FIXTURE, 'rule-stdio.mjs')}"`,
      '--out-results',
      out,
      '--format',
      'json',
    );
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.results[0].defense).toBe('rule-stdio');
    const results = JSON.parse(readFileSync(out, 'utf8'));
    const entry = results.corpora[0];
    expect(entry).toMatchObject({ corpus: `agentdyn-${MODEL}`, kind: 'trajectory', benchmark: 'v1.2.2' });
    expect(entry.trajectory.result).toEqual(report.results[0].counts);
    expect(entry.result.injections_total).toBe(216);
    expect(entry.outcomes).toHaveLength(610);
  });
});
