// The CLI end to end through runCli: exit codes and one clear line for every bad input.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { CorpusStore } from '../../src/data/store.js';
import type { Defense } from '../../src/defenses/defense.js';
import type { Result } from '../../src/model/result.js';
import { TOOL_VERSION } from '../../src/model/version.js';
import { judge } from '../../src/scoring/judge.js';
import { tally } from '../../src/scoring/tally.js';
// @ts-expect-error: a plain .mjs fixture, shared with the defenses under test.
import { decide } from '../fixtures/defenses/rule.mjs';
import { cli } from './run.js';

const tmp = mkdtempSync(join(tmpdir(), 'defense-eval-cli-'));

describe('defense-eval CLI', () => {
  it('prints the bundled comparison by corpus name', async () => {
    const r = await cli('--corpus', 'bundled');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^corpus: bundled\n\ndefense {18}injection block/);
    expect(r.stdout).toContain('flow-guard               5/6 ( 83%)         5 ( 83%)           4/4 (100%)         0\n');
  });

  it('with no flags runs the paired corpus with the reference and classifier defenses', async () => {
    const r = await cli();
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^corpus: pairs\n/);
    expect(r.stdout).toContain('flow-guard               547/609 ( 90%)     243 ( 40%)         48/97 ( 49%)       340\n');
    for (const label of ['protectai', 'deepset', 'horizon-labs']) expect(r.stdout).toContain(`${label}-both@0.5 `);
    expect(r.stdout).toMatch(/\nscore table scores\/pairs\/protectai-deberta-v3-base-prompt-injection-v2\.json sha256 [0-9a-f]{64}\n/);
  });

  it('--help exits 0 with usage', async () => {
    const r = await cli('--help');
    expect([r.code, r.stdout.startsWith('usage: defense-eval')]).toEqual([0, true]);
  });

  it('json output follows the original shape, su_hm added', async () => {
    const r = await cli('--corpus', 'bundled', '--format', 'json', '--defense', 'flow-guard');
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(['corpus', 'comparison', 'versions']);
    expect(Object.keys(j.comparison.results[0])).toEqual([
      'defense',
      'injections_total',
      'injections_blocked',
      'benign_total',
      'benign_kept',
      'unscored',
      'injections_halted_in_task',
      'injections_attributable',
      'su_hm',
    ]);
    expect(j.comparison.results[0].su_hm).toBeCloseTo((2 * (5 / 6)) / (5 / 6 + 1), 12);
  });

  it('--out writes the report to a file', async () => {
    const out = join(tmp, 'r.md');
    const r = await cli('--corpus', 'bundled', '--format', 'markdown', '--out', out);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('| flow-guard | 5/6 83.3% | 5/6 83.3% | 4/4 100.0% | 90.9 | 0 |');
  });

  it.each([
    [['--corpus', 'nope'], /--corpus: unknown value "nope"/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['--format', 'xml'], /--format: unknown value "xml"/],
    [['--defense', 'magic'], /--defense: unknown value "magic"/],
    [['--threshold', 'abc', '--corpus', 'pairs'], /--threshold: "abc" is not a number in \[0, 1\]/],
    [['--threshold', '1.5', '--corpus', 'pairs'], /--threshold: "1.5"/],
    [
      ['--corpus', 'agentdojo', '--scores', 'x.json'],
      /^defense-eval: --scores does not apply to --corpus agentdojo \(it applies to pairs, attacks/,
    ],
    [['--corpus', 'pairs', '--scores', '/nonexistent/t.json'], /score table \/nonexistent\/t.json: cannot read: ENOENT/],
    [['--corpus', 'bundled', '--out', '/nonexistent/dir/out.txt'], /--out \/nonexistent\/dir\/out.txt: cannot write/],
    // Numbers: negative, hex, blank and out of range are bad numbers like any other.
    [['--threshold', '-0.1'], /--threshold: "-0.1" is not a number in \[0, 1\]/],
    [['--threshold', '0x1'], /--threshold: "0x1" is not a number in \[0, 1\]/],
    [['--threshold', ' 0.5'], /--threshold: " 0.5" is not a number in \[0, 1\]/],
    [['--threshold', ''], /--threshold: "" is not a number in \[0, 1\]/],
    // Flags that do not apply to the chosen corpus are errors, never silently ignored.
    [['--corpus', 'pairs', '--sweep'], /^defense-eval: --sweep does not apply to --corpus pairs \(it applies to agentdojo\)/],
    [['--corpus', 'bundled', '--threshold', '0.9'], /--threshold does not apply to --corpus bundled/],
    [['--corpus', 'pairs', '--untransformed-scores', 'a.json'], /--untransformed-scores does not apply to --corpus pairs/],
    [['--corpus', 'egress-reach', '--defense', 'flow-guard'], /--defense does not apply to --corpus egress-reach/],
    [['--corpus', 'attacks-leet', '--baseline-scores', 'a.json'], /--baseline-scores was renamed --untransformed-scores/],
    [['--scores', ''], /--scores: "" has an empty path/],
    [['--scores', 'none,a.json'], /--scores: "none" cannot be combined/],
    // The confirmations ceiling: a plain decimal from 0 to 1000, for a defense of your own only.
    [['--defense-cmd', 'x', '--max-confirmations', 'many'], /^defense-eval: --max-confirmations: "many" is not a number of confirmations/],
    [['--defense-cmd', 'x', '--max-confirmations', '-1'], /--max-confirmations: "-1" is not a number of confirmations/],
    [
      ['--defense-cmd', 'x', '--max-confirmations', '1001'],
      /--max-confirmations: "1001" is not a number of confirmations per benign task between 0 and 1000$/m,
    ],
    [['--max-confirmations', '1'], /^defense-eval: --max-confirmations needs your defense/],
    // A flag given twice would keep only its last value: refused, naming it (a list is one flag).
    [
      ['--scores', 'a.json', '--scores', 'b.json'],
      /^defense-eval: --scores is given more than once: give it once, with a comma-separated list$/m,
    ],
    [['--scores', 'a.json', '--scores', 'a.json'], /--scores is given more than once/],
    [['--corpus', 'pairs', '--corpus', 'agentdojo'], /--corpus is given more than once: give it once, with a comma-separated list/],
    [['--format', 'json', '--format=text'], /^defense-eval: --format is given more than once: give it once$/m],
    [['--threshold', '0.5', '--threshold', '-0.1'], /--threshold is given more than once/],
    [['--untransformed-scores', 'a.json', '--untransformed-scores', 'b.json'], /--untransformed-scores is given more than once/],
    [['--out', 'a', '--out', 'b'], /--out is given more than once/],
    [['--corpus', 'agentdojo', '--sweep', '--sweep'], /--sweep is given more than once: give it once$/m],
    [['--defense-cmd', 'a', '--defense-cmd', 'b'], /--defense-cmd is given more than once/],
    [['--defense-cmd', 'a', '--baseline', 'x.json', '--baseline', 'y.json'], /--baseline is given more than once/],
  ])('%j exits 2 with one line naming the culprit', async (argv, message) => {
    const r = await cli(...(argv as string[]));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('a bug is an internal error: exit 1 with its stack, never taken for bad input', async () => {
    // A store whose every method throws a TypeError, as a bug in the library would.
    const broken = new Proxy({} as CorpusStore, {
      get: () => () => {
        throw new TypeError('stub store: a bug');
      },
    });
    let stdout = '',
      stderr = '';
    const code = await runCli(['--corpus', 'bundled'], { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), store: broken });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^defense-eval: internal error: TypeError: stub store: a bug\n\s+at /);
    expect(stdout).toBe('');
  });

  it('--threshold reaches every classifier defense: names, counts and the drop analysis', async () => {
    const at = async (thr: string) => JSON.parse((await cli('--corpus', 'pairs', '--format', 'json', '--threshold', thr)).stdout);
    const half = await at('0.5'),
      high = await at('0.9');
    const names = (j: { comparison: { results: { defense: string }[] } }) =>
      j.comparison.results.map((r) => r.defense).filter((n) => n.includes('@'));
    expect(names(high)).toHaveLength(9);
    expect(names(high).every((n) => n.endsWith('@0.9'))).toBe(true);
    // The figures at 0.9 are the 0.5 run's own threshold sweep at 0.9 (computed by another path).
    for (const c of half.classifiers) {
      const swept = c.threshold_sweep.find((r: { defense: string }) => r.defense.endsWith('@0.9'));
      const got = high.comparison.results.find((r: { defense: string }) => r.defense === swept.defense);
      expect(got, swept.defense).toEqual(swept);
      expect(got).not.toEqual(half.comparison.results.find((r: { defense: string }) => r.defense === `${c.name}-both@0.5`));
    }
    expect((await cli('--corpus', 'attacks', '--threshold', '0.9')).stdout).toMatch(/protectai-both@0\.9 /);
    expect((await cli('--corpus', 'attacks-leet', '--threshold', '0.9')).stdout).toMatch(/^transform: leet \(readable\), threshold 0\.9\n/);
  });

  it('the drop analysis names every file it reads and refuses untransformed tables that do not cover the attack corpus', async () => {
    const j = JSON.parse((await cli('--corpus', 'attacks-leet', '--format', 'json')).stdout);
    expect(Object.keys(j.versions.corpus_files).sort()).toEqual([
      'corpora/agentdojo-v1.2-attacks.json.gz',
      'corpora/agentdojo-v1.2-attacks.returned.json.gz',
      'corpora/agentdojo-v1.2-pairs.json.gz',
      'corpora/agentdojo-v1.2-pairs.returned.json.gz',
      'corpora/agentdojo-v1.2-suites.json.gz',
      'corpora/transformed/agentdojo-v1.2-attacks-leet.json.gz',
      'corpora/transformed/agentdojo-v1.2-attacks-leet.returned.json.gz',
    ]);
    const root = new CorpusStore().root;
    const wrong = join(root, 'scores/pairs/protectai-deberta-v3-base-prompt-injection-v2.json');
    const r = await cli(
      '--corpus',
      'attacks-leet',
      '--untransformed-scores',
      `${wrong},${wrong.replace('protectai-deberta-v3-base-prompt-injection-v2', 'horizon-labs-prompt-injection-guard-base')}`,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/score table .*scores\/pairs\/protectai.* does not cover this corpus: \d+ texts unscored/);
  });

  it('--defense is the one flag that repeats: each reference defense once, in the order given', async () => {
    const r = await cli(
      '--corpus',
      'bundled',
      '--format',
      'json',
      '--defense',
      'deny-all',
      '--defense',
      'flow-guard',
      '--defense',
      'deny-all',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(
      JSON.parse(r.stdout)
        .comparison.results.map((x: { defense: string }) => x.defense)
        .sort(),
    ).toEqual(['deny-all', 'flow-guard']);
  });

  it('refuses the same score table twice', async () => {
    const t = join(new CorpusStore().root, 'scores/pairs/deepset-deberta-v3-base-injection.json');
    const r = await cli('--corpus', 'pairs', '--scores', `${t},${t}`);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is the same table as .*deepset.*pass each table once/);
  });

  it('refuses a score table that is not JSON, breaks the schema or is empty', async () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, '{"model":');
    expect((await cli('--corpus', 'pairs', '--scores', bad)).stderr).toMatch(/score table .*bad\.json: invalid JSON/);
    writeFileSync(bad, JSON.stringify({ model: 'm', revision: '', positive_label: 'X', scores: { abc: 2 } }));
    expect((await cli('--corpus', 'pairs', '--scores', bad)).stderr).toMatch(
      /score table .*bad\.json: scores\.abc: .*expected a full lower-case hex SHA-256 key/,
    );
    writeFileSync(bad, JSON.stringify({ model: 'm', revision: '', positive_label: 'X', scores: {} }));
    expect((await cli('--corpus', 'pairs', '--scores', bad)).stderr).toMatch(/score table .*bad\.json: scores: has no scores/);
  });

  it('refuses a corpus file that does not match the manifest, naming it', async () => {
    const root = new CorpusStore().root;
    const copy = mkdtempSync(join(tmpdir(), 'defense-eval-root-'));
    mkdirSync(join(copy, 'corpora'));
    copyFileSync(join(root, 'corpora', 'manifest.json'), join(copy, 'corpora', 'manifest.json'));
    const gz = readFileSync(join(root, 'corpora', 'agentdojo-v1.2.json.gz'));
    const mid = gz.length >> 1;
    gz[mid] = gz[mid]! ^ 1; // one flipped bit in the middle of the compressed stream
    writeFileSync(join(copy, 'corpora', 'agentdojo-v1.2.json.gz'), gz);
    let stderr = '';
    const code = await runCli(['--corpus', 'agentdojo'], { stdout: () => {}, stderr: (s) => (stderr += s), store: new CorpusStore(copy) });
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /corpora\/agentdojo-v1\.2\.json\.gz: (corrupt gzip data|SHA-256 [0-9a-f]{64} does not match corpora\/manifest\.json)/,
    );
  });
});

describe('a defense that asks (protocol v2), in every format', () => {
  const cmd = `"${process.execPath}" "${join(import.meta.dirname, '../fixtures/defenses/v2-recorder.mjs')}" /dev/null egress-ask`;
  it('text, json and markdown show what a confirming user keeps and the confirmations', async () => {
    const text = await cli('--corpus', 'pairs', '--defense-cmd', cmd, '--scores', 'none');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /\n {2}v2-egress-ask: kept with confirmations \d+\/97 \( *\d+%\), \d+ confirmations \(\d+\.\d\d per benign task\)\n/,
    );
    const json = JSON.parse((await cli('--corpus', 'pairs', '--defense-cmd', cmd, '--scores', 'none', '--format', 'json')).stdout);
    const mine = json.comparison.results.find((r: { defense: string }) => r.defense === 'v2-egress-ask');
    expect(mine.benign_confirmed).toBeGreaterThan(0);
    expect(mine.confirmations).toBeGreaterThanOrEqual(mine.benign_confirmed);
    const md = (await cli('--corpus', 'pairs', '--defense-cmd', cmd, '--scores', 'none', '--format', 'markdown')).stdout;
    expect(md).toMatch(/\| v2-egress-ask \|.*; with confirmations \d+\/97 /);
  });

  it('--max-confirmations fails the run above the ceiling and passes within it', async () => {
    const at = (max: string) => cli('--corpus', 'pairs', '--defense-cmd', cmd, '--scores', 'none', '--max-confirmations', max);
    const above = await at('0.3');
    expect(above.code, above.stderr).toBe(1);
    expect(above.stderr).toContain(
      'FAIL pairs: 0.36 confirmations per benign task (35 over 97) is above the limit of 0.30\nverdict: fail\n',
    );
    const within = await at('1000');
    expect(within.code, within.stderr).toBe(0);
    expect(within.stderr).toContain(
      'ok   pairs: 0.36 confirmations per benign task (35 over 97) is within the limit of 1000.00\nverdict: pass\n',
    );
  });
});

describe('your defense on the transformed attack corpora (attacks-<transform>), as the action scores them', () => {
  const FIX = join(import.meta.dirname, '../fixtures/defenses');
  const mine = ['--defense-module', join(FIX, 'rule-module.mjs')];
  const store = new CorpusStore();
  const corpus = store.attacks('leet');
  const rule: Defense = {
    name: 'rule',
    decide: (c) => {
      const d = decide(c) as { allow: boolean; reason: string };
      return { allowed: d.allow, reason: d.reason };
    },
  };
  const counts = (r: Result) => [
    r.injections_total,
    r.injections_blocked,
    r.injections_attributable,
    r.benign_total,
    r.benign_kept,
    r.unscored,
  ];

  it('json: your row per attack beside the reference and classifier rows, then the score drop; --out-results writes its results', async () => {
    const out = join(tmp, 'leet-results.json');
    const r = await cli('--corpus', 'attacks-leet', ...mine, '--format', 'json', '--out-results', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^scored rule-module on attacks-leet: \d+ requests for \d+ decisions\n$/);
    const j = JSON.parse(r.stdout);
    expect(j.corpus).toBe('attacks-leet');
    expect(j.attack_order).toEqual([...corpus.attacks]);
    for (const a of corpus.attacks) {
      const rows = j.attacks[a].comparison.results as Result[];
      expect(counts(rows.find((x) => x.defense === 'rule-module')!), a).toEqual(counts(tally('rule', judge(rule, corpus.byAttack(a)))));
      for (const d of ['allow-all', 'deny-all', 'keyword-filter', 'deny-egress', 'flow-guard', 'protectai-both@0.5'])
        expect(
          rows.map((x) => x.defense),
          a,
        ).toContain(d);
    }
    expect([j.versions.tool, j.versions.corpus, j.versions.corpus_sha256]).toEqual([TOOL_VERSION, 'attacks-leet', corpus.version]);
    expect(j.score_drop.transform).toBe('leet');
    expect(j.score_drop.models.map((m: { model: string }) => m.model)).toEqual([
      'protectai/deberta-v3-base-prompt-injection-v2',
      'Horizon-Labs/prompt-injection-guard-base',
    ]);
    // The drop is the one the corpus alone prints.
    const alone = JSON.parse((await cli('--corpus', 'attacks-leet', '--format', 'json')).stdout);
    expect(j.score_drop).toEqual(alone);
    const results = JSON.parse(readFileSync(out, 'utf8'));
    expect(results.corpora.map((c: { corpus: string; version: string }) => [c.corpus, c.version])).toEqual([
      ['attacks-leet', corpus.version],
    ]);
    expect(counts(results.corpora[0].result)).toEqual(counts(tally('rule', judge(rule, corpus.scenarios))));
  });

  it('text and markdown: the same rows and the drop; --scores none leaves the classifiers and the drop out', async () => {
    const text = await cli('--corpus', 'attacks-leet', ...mine);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^corpus: attacks-leet \(AgentDojo v1\.2 /);
    expect(text.stdout.match(/\nrule-module +\d+\/609 /g)).toHaveLength(corpus.attacks.length);
    expect(text.stdout).toContain('\ntransform: leet (readable), threshold 0.5\n');
    expect(text.stdout.match(/\nversions: defense-eval /g)).toHaveLength(2);
    const md = await cli('--corpus', 'attacks-leet', ...mine, '--format', 'markdown');
    expect(md.stdout).toMatch(/^### corpus: attacks-leet\n/);
    expect(md.stdout.match(/\n\| rule-module \| \d+\/609 /g)).toHaveLength(corpus.attacks.length);
    expect(md.stdout).toContain('\n### evasion: leet (threshold 0.5)\n');
    const bare = await cli(
      '--corpus',
      'attacks-framing,attacks-field_split',
      ...mine,
      '--scores',
      'none',
      '--defense',
      'flow-guard',
      '--format',
      'json',
    );
    expect(bare.code, bare.stderr).toBe(0);
    const [framing, split] = JSON.parse(bare.stdout);
    expect([framing.corpus, split.corpus]).toEqual(['attacks-framing', 'attacks-field_split']);
    for (const x of [framing, split]) {
      expect(x.score_drop).toBeUndefined();
      expect(x.attacks.direct.comparison.results.map((r: Result) => r.defense).sort()).toEqual(['flow-guard', 'rule-module']);
    }
  });

  it.each([
    [
      ['--corpus', 'egress-reach', '--defense-cmd', 'x'],
      /^defense-eval: --corpus egress-reach cannot score your defense: it analyses the egress policy$/,
    ],
    [['--corpus', 'attacks-leet', '--defense', 'flow-guard'], /--defense does not apply to --corpus attacks-leet/],
  ])('%j exits 2 with one line', async (argv, message) => {
    const r = await cli(...(argv as string[]));
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(message);
  });
});

describe('every output names its versions: attacks and egress-reach too', () => {
  const store = new CorpusStore();
  const attacks = store.attacks('identity');
  const sha = (rel: string) =>
    createHash('sha256')
      .update(readFileSync(join(store.root, rel)))
      .digest('hex');
  const TABLES = readdirSync(join(store.root, 'scores/attacks'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `scores/attacks/${f}`);

  it.each([
    ['attacks', TABLES],
    ['egress-reach', []],
  ] as const)('%s: the tool, the corpus, each file it reads and each score table, in JSON, text and markdown', async (name, tables) => {
    const json = JSON.parse((await cli('--corpus', name, '--format', 'json')).stdout);
    expect(json.versions).toEqual({
      tool: TOOL_VERSION,
      corpus: 'attacks',
      corpus_sha256: attacks.version,
      benchmark: 'v1.2',
      corpus_files: attacks.files,
      ...(tables.length > 0 ? { score_tables: Object.fromEntries(tables.map((t) => [t, sha(t)])) } : {}),
    });
    expect(Object.keys(attacks.files)).toHaveLength(5);
    const text = (await cli('--corpus', name)).stdout;
    const lines = [
      `versions: defense-eval ${TOOL_VERSION}, corpus attacks sha256 ${attacks.version}, benchmark v1.2`,
      ...Object.entries(attacks.files).map(([p, h]) => `corpus file ${p} sha256 ${h}`),
      // The tables in the order the report lists them (the pinned order).
      ...Object.keys(json.versions.score_tables ?? {}).map((t) => `score table ${t} sha256 ${sha(t)}`),
    ];
    expect(text.endsWith(`\n\n${lines.join('\n')}\n`), text.slice(-2000)).toBe(true);
    const md = (await cli('--corpus', name, '--format', 'markdown')).stdout;
    expect(md).toContain(`<sub>defense-eval ${TOOL_VERSION} · corpus attacks sha256 \`${attacks.version.slice(0, 12)}\` (benchmark v1.2)`);
    for (const t of tables) expect(md).toContain(`${t} \`${sha(t).slice(0, 12)}\``);
  });
});

describe('a report that cannot be written to standard output', () => {
  it.skipIf(!existsSync('/dev/full'))('is one line and exit 1 (the CLI bundle with its standard output on a full device)', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const p = spawnSync(process.execPath, [join(import.meta.dirname, '../../dist/cli/index.js'), '--corpus', 'bundled'], {
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      });
      expect([p.status, p.stderr]).toEqual([1, 'defense-eval: cannot write the report to standard output: ENOSPC\n']);
    } finally {
      closeSync(full);
    }
  });
});
