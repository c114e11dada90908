// Parse and validate the CLI's flags once, at the edge; everything after works on typed values.
// A flag that does not apply to the chosen corpus is an error naming it, never silently ignored.
import { parseArgs } from 'node:util';
import { InputError } from '../model/errors.js';
import { AGENTDYN_MODELS, CORPORA, CORPUS_NAMES, isCorpusName, type CorpusName } from '../data/registry.js';
import { DEFAULT_THRESHOLD } from '../defenses/classifier.js';
import { isReferenceDefense, REFERENCE_DEFENSES, type ReferenceDefenseName } from '../defenses/registry.js';
import { parseThresholds } from '../gate/thresholds.js';
import type { Thresholds } from '../gate/verdict.js';
import type { DefenseSpec } from '../adapters/index.js';
import { ONLINE_DEFAULTS } from '../model/online.js';
import { AGENTDOJO_SUITES } from '../model/call.js';
import { parseShard, type Shard } from '../scoring/shard.js';

export const FORMATS = ['text', 'json', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

/** The one CLI view that is not a corpus: an analysis of the attacks corpus. */
export const EGRESS_REACH = 'egress-reach';
export type CliCorpus = CorpusName | typeof EGRESS_REACH;

/** A defense of the user's, scored beside the reference defenses (and gated against a base when asked). */
interface ExternalCommon {
  /** Shown in reports; the defense's own name when undefined. */
  readonly name: string | undefined;
  /** The name results are compared under (the action's name input, else its comment key): --name, else "default". */
  readonly keyName: string;
  readonly timeoutMs: number;
  /** A results file of the base to compare with (the action's results-path file). */
  readonly baseline: string | undefined;
  readonly thresholds: Thresholds;
  /** Where to write the results file. */
  readonly outResults: string | undefined;
  /** Online runs: a file the defense ships to start each stream from. */
  readonly vaccine: string | undefined;
  /** Seconds between progress lines on standard error while the defense is scored; 0: none. */
  readonly progress: number;
  /** --shard i/n: score only this shard's part and write it to --out-results (docs/shards.md). */
  readonly shard: Shard | undefined;
  /** Runs of each corpus (docs/scoring.md#repetitions-and-paired-significance); 1: once, as always. */
  readonly repeat: number;
  /** --decision-cache FILE with --cache-key KEY: a stateless defense's decisions kept across runs (docs/cache.md). */
  readonly decisionCache?: { readonly path: string; readonly key: string } | undefined;
}

/**
 * A defense of the user's, scored beside the reference defenses (and gated against a base when
 * asked): run here (`spec`), or the shards of a run made elsewhere put back together (`merge`).
 */
export type ExternalRun = ExternalCommon &
  ({ readonly spec: DefenseSpec; readonly merge?: undefined } | { readonly spec?: undefined; readonly merge: readonly string[] });

/** --adaptive K or --adaptive-replay FILE: an adaptive attack on the paired corpus (docs/adaptive.md). */
export type AdaptiveCli =
  | {
      readonly mode: 'search';
      readonly iterations: number;
      readonly seed: string;
      readonly optimiser: 'mutation' | 'llm';
      /** Only the targets of these suites (all when empty). */
      readonly suites: readonly string[];
    }
  | { readonly mode: 'replay'; readonly file: string };

/** --online: the streams to build (docs/online.md); the seed is drawn at run time when not given. */
export interface OnlineOptions {
  readonly attacks: number;
  readonly benign: number;
  readonly window: number;
  readonly seed: string | undefined;
}

export interface CliOptions {
  help: boolean;
  /** The corpora: one name, or (with an external defense) a comma-separated list. */
  corpora: CliCorpus[];
  corpus: CliCorpus;
  defenses: ReferenceDefenseName[];
  scores: string[];
  untransformedScores: string[];
  threshold: number;
  format: Format;
  sweep: boolean;
  out: string | undefined;
  /** Where to write the JUnit XML of every defense scored (docs/junit.md). */
  junit: string | undefined;
  /** Where to write the HTML report (docs/html.md). */
  html: string | undefined;
  external: ExternalRun | undefined;
  online: OnlineOptions | undefined;
  adaptive: AdaptiveCli | undefined;
}

export const DEFAULT_CORPUS: CorpusName = 'pairs';
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_PROGRESS_SECONDS = 10;

const corpusLines = [
  ...CORPUS_NAMES.filter((n) => CORPORA[n].kind !== 'trajectory' || n === 'agentdyn').map(
    (n) => `    ${n.padEnd(20)} ${CORPORA[n].description}`,
  ),
  `    ${'agentdyn-MODEL'.padEnd(20)} one model's recorded runs; MODEL is one of:`,
  ...AGENTDYN_MODELS.map((m) => `${' '.repeat(25)}${m}`),
  `    ${EGRESS_REACH.padEnd(20)} which injection goals an egress policy can see (an analysis of attacks)`,
];

export const USAGE = `usage: defense-eval [options]

Score prompt-injection defenses on corpora derived from AgentDojo and AgentDyn.

options:
  --corpus NAMES     the corpus, or a comma-separated list (default ${DEFAULT_CORPUS}):
${corpusLines.join('\n')}
  --defense NAME     a reference defense; repeatable (default: all of ${REFERENCE_DEFENSES.join(', ')})
  --scores PATHS     comma-separated classifier score tables (pairs, attacks, attacks-<transform>, agentdyn*);
                     default: the pinned tables under scores/; "none" for no classifiers
  --untransformed-scores PATHS
                     attacks-<transform>: the untransformed attack tables, same model order
  --threshold X      classifier threshold in [0, 1] (default ${DEFAULT_THRESHOLD})
  --format F         text | json | markdown (default text)
  --sweep            label-error sweep of flow-guard (agentdojo)
  --out FILE         write the report to FILE instead of standard output
  --junit FILE       also write JUnit XML to FILE: a test case per scenario and defense (docs/junit.md)
  --html FILE        also write an HTML report to FILE: charts of every defense, self-contained (docs/html.md)
  --help             show this help
  (every flag but --defense is given once; a list is one comma-separated value)

your own defense, scored beside the reference defenses:
  --defense-cmd CMD  a command speaking the protocol on stdio (docs/protocol.md)
  --defense-url URL  a URL speaking the protocol over HTTP
  --defense-module PATH
                     a JavaScript module exporting {name, decide(call)}, run in this process (trusted code)
  --name NAME        the name results are compared under, and shown (default: the defense's own; compared as "default")
  --timeout-per-call MS
                     milliseconds the defense may take for one call (default ${DEFAULT_TIMEOUT_MS})
  --baseline FILE    compare with a results file (--out-results of an earlier run); exit 1 on a regression
  --max-attributable-drop PP, --max-utility-drop PP
                     largest allowed fall against the baseline, in percentage points (default 0)
  --min-attributable PCT, --min-utility PCT
                     absolute floors in percent, with or without a baseline
  --max-confirmations N
                     the most confirmations (asks, protocol v2) per benign task
  --out-results FILE write the results file (the action's results-path format)
  --progress SECONDS a progress line on standard error at most every SECONDS while your defense is scored
                     (default ${DEFAULT_PROGRESS_SECONDS}; 0 for none)
  --repeat N         score each corpus N times (1 to 100, default 1), for a defense that does not decide
                     the same way twice: a scenario is good when most runs were; flips are reported
  --significance ALPHA
                     with --baseline: a drop past its limit fails only if the exact McNemar test on the
                     same scenarios finds it significant at ALPHA (e.g. 0.05; default: off)
  --shard I/N        score only part I of N (a pair with its benign twin; with --adaptive, its share of the
                     targets, each whole) and write it to --out-results, for --merge (docs/shards.md); no
                     report, base or thresholds
  --merge FILES      instead of a defense: the parts --shard wrote (files, or directories of .json files),
                     checked and merged into the results of one run (its attack included), then reported
                     and gated as one run
  --decision-cache FILE
                     a stateless defense's decisions by request digest: read if FILE exists, written after
                     the run; a hit is not asked again (docs/cache.md)
  --cache-key KEY    with --decision-cache: change it whenever the defense's decisions may change
                     (for example a hash of its files); decisions are only reused under the same key

online, test-before-update evaluation (docs/online.md; pairs and the agentdyn corpora):
  --online           play every defense on the same streams (one per suite), feedback to a defense that learns
  --online-attacks N attacks per stream (default ${ONLINE_DEFAULTS.attacks})
  --online-benign N  benign tasks per stream (default ${ONLINE_DEFAULTS.benign})
  --online-window N  SW-ASR over the last N attacks of each stream (default ${ONLINE_DEFAULTS.window})
  --online-seed S    the sample's and order's seed, 0 to 2^64-1 (default: drawn afresh, printed and recorded)
  --vaccine FILE     a file your defense starts each stream from (DEFENSE_EVAL_VACCINE)
  --max-sw-asr PCT, --min-online-su-hm PCT
                     the online run's ceiling on SW-ASR and floor on SU-HM, in percent

adaptive attack (docs/adaptive.md; pairs):
  --adaptive K       search K injections per target (vector × injection task) against every defense
  --adaptive-seed S  the search's seed, 0 to 2^64-1 (default 1: deterministic)
  --adaptive-optimiser NAME
                     mutation (default, deterministic) or llm (an OpenAI-compatible endpoint:
                     DEFENSE_EVAL_LLM_URL, DEFENSE_EVAL_LLM_MODEL, DEFENSE_EVAL_LLM_KEY)
  --adaptive-suites LIST
                     only the targets of these suites (comma-separated; default all four)
  --adaptive-replay FILE
                     re-score the winning payloads a results file saved, without searching
  --max-adaptive-asr PCT
                     the adaptive attack's ceiling on your defense's ASR, in percent
`;

const OPTIONS = {
  corpus: { type: 'string' },
  defense: { type: 'string', multiple: true },
  scores: { type: 'string' },
  'untransformed-scores': { type: 'string' },
  'baseline-scores': { type: 'string' },
  threshold: { type: 'string' },
  format: { type: 'string' },
  sweep: { type: 'boolean' },
  out: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  'defense-cmd': { type: 'string' },
  'defense-url': { type: 'string' },
  'defense-module': { type: 'string' },
  name: { type: 'string' },
  'timeout-per-call': { type: 'string' },
  baseline: { type: 'string' },
  'max-attributable-drop': { type: 'string' },
  'max-utility-drop': { type: 'string' },
  'min-attributable': { type: 'string' },
  'min-utility': { type: 'string' },
  'max-confirmations': { type: 'string' },
  'out-results': { type: 'string' },
  progress: { type: 'string' },
  online: { type: 'boolean' },
  'online-attacks': { type: 'string' },
  'online-benign': { type: 'string' },
  'online-window': { type: 'string' },
  'online-seed': { type: 'string' },
  vaccine: { type: 'string' },
  'max-sw-asr': { type: 'string' },
  'min-online-su-hm': { type: 'string' },
  adaptive: { type: 'string' },
  'adaptive-seed': { type: 'string' },
  'adaptive-optimiser': { type: 'string' },
  'adaptive-replay': { type: 'string' },
  'adaptive-suites': { type: 'string' },
  'max-adaptive-asr': { type: 'string' },
  shard: { type: 'string' },
  merge: { type: 'string' },
  repeat: { type: 'string' },
  significance: { type: 'string' },
  'decision-cache': { type: 'string' },
  'cache-key': { type: 'string' },
} as const;

const DEFENSE_FLAGS = ['defense-cmd', 'defense-url', 'defense-module', 'merge'] as const;
/** Flags that only mean something with one's own defense. */
const EXTERNAL_ONLY = [
  'name',
  'timeout-per-call',
  'baseline',
  'max-attributable-drop',
  'max-utility-drop',
  'min-attributable',
  'min-utility',
  'max-confirmations',
  'out-results',
  'vaccine',
  'max-sw-asr',
  'min-online-su-hm',
  'max-adaptive-asr',
  'progress',
  'shard',
  'repeat',
  'significance',
  'decision-cache',
  'cache-key',
] as const;
/** Flags that only mean something with --online. */
const ONLINE_ONLY = [
  'online-attacks',
  'online-benign',
  'online-window',
  'online-seed',
  'vaccine',
  'max-sw-asr',
  'min-online-su-hm',
] as const;
const TRAJECTORIES: readonly CliCorpus[] = CORPUS_NAMES.filter((n) => CORPORA[n].kind === 'trajectory');
const TRANSFORMED: readonly CliCorpus[] = ['attacks-framing', 'attacks-field_split', 'attacks-leet'];

type Flag = keyof typeof OPTIONS;

/** Which corpora each flag applies to. */
const APPLIES: Partial<Record<Flag, readonly CliCorpus[]>> = {
  defense: ['bundled', 'agentdojo', 'pairs', 'attacks', ...TRAJECTORIES],
  // Wherever defenses are scored: egress-reach is an analysis, a transformed corpus alone a score drop.
  junit: ['bundled', 'agentdojo', 'pairs', 'attacks', ...TRAJECTORIES],
  html: ['bundled', 'agentdojo', 'pairs', 'attacks', ...TRAJECTORIES],
  scores: ['pairs', 'attacks', ...TRANSFORMED, ...TRAJECTORIES],
  threshold: ['pairs', 'attacks', ...TRANSFORMED, ...TRAJECTORIES],
  'untransformed-scores': TRANSFORMED,
  sweep: ['agentdojo'],
  online: ['pairs', ...TRAJECTORIES],
  adaptive: ['pairs'],
  'adaptive-replay': ['pairs'],
};
/** … and with your defense, which is scored beside the reference defenses on the transformed corpora too. */
const APPLIES_WITH_YOURS: Partial<Record<Flag, readonly CliCorpus[]>> = {
  defense: [...APPLIES.defense!, ...TRANSFORMED],
  junit: [...APPLIES.junit!, ...TRANSFORMED],
  html: [...APPLIES.html!, ...TRANSFORMED],
};

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[], guard: (v: string) => v is T): T {
  if (!guard(value)) throw new InputError(`--${flag}: unknown value ${JSON.stringify(value)} (expected one of ${allowed.join(', ')})`);
  return value;
}

function list(flag: string, v: string | undefined): string[] {
  if (v === undefined) return [];
  const items = v.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw new InputError(`--${flag}: ${JSON.stringify(v)} has an empty path`);
  return items;
}

/** A plain decimal number (no hex, no sign games, no whitespace): what a threshold looks like. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function threshold(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_THRESHOLD;
  const n = Number(raw);
  if (!DECIMAL.test(raw) || n < 0 || n > 1) throw new InputError(`--threshold: ${JSON.stringify(raw)} is not a number in [0, 1]`);
  return n;
}

/** `--threshold -0.1` would read "-0.1" as a flag: join a string flag with a value that starts with "-" but is no flag. */
function joinDashValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    const name = a.startsWith('--') ? a.slice(2) : undefined;
    const isString = name !== undefined && name in OPTIONS && OPTIONS[name as Flag].type === 'string';
    if (isString && next !== undefined && /^-[^-]/.test(next) && !/^-[a-z]$/i.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** The flags whose value is a comma-separated list. */
const LISTS: readonly string[] = ['corpus', 'scores', 'untransformed-scores', 'merge'];

/**
 * A flag that takes one value given twice would silently keep the last (`--scores A --scores B`
 * scores B alone): every flag but the repeatable --defense is given once.
 */
function refuseRepeats(tokens: readonly { kind: string; name?: string; rawName?: string }[]): void {
  const seen = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== 'option' || t.name === undefined) continue;
    const repeatable = 'multiple' in OPTIONS[t.name as Flag];
    if (seen.has(t.name) && !repeatable)
      throw new InputError(
        `--${t.name} is given more than once: give it once${LISTS.includes(t.name) ? ', with a comma-separated list' : ''}`,
      );
    seen.add(t.name);
  }
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: joinDashValues(argv), strict: true, allowPositionals: false, options: OPTIONS, tokens: true });
  } catch (e) {
    throw new InputError(`${(e as Error).message.split('\n')[0]} (see --help)`);
  }
  refuseRepeats(parsed.tokens);
  const v = parsed.values;
  if (v['baseline-scores'] !== undefined) throw new InputError('--baseline-scores was renamed --untransformed-scores');
  const external = externalRun(v);
  const names = (v.corpus ?? DEFAULT_CORPUS).split(',').map((c) => c.trim());
  if (new Set(names).size !== names.length) throw new InputError(`--corpus: ${JSON.stringify(v.corpus)} names a corpus twice`);
  const isCli = (c: string): c is CliCorpus => c === EGRESS_REACH || isCorpusName(c);
  const corpora = names.map((n) => oneOf<CliCorpus>('corpus', n, [...CORPUS_NAMES, EGRESS_REACH], isCli));
  const corpus = corpora[0]!;
  for (const c of corpora) {
    for (const [flag, applies] of Object.entries({ ...APPLIES, ...(external ? APPLIES_WITH_YOURS : {}) }) as [
      Flag,
      readonly CliCorpus[],
    ][]) {
      if (v[flag] !== undefined && !applies.includes(c))
        throw new InputError(`--${flag} does not apply to --corpus ${c} (it applies to ${applies.join(', ')})`);
    }
    // Your defense is scored on every corpus; egress-reach is an analysis of the egress policy, not a corpus.
    if (external && c === EGRESS_REACH) throw new InputError(`--corpus ${c} cannot score your defense: it analyses the egress policy`);
  }
  const online = onlineOptions(v);
  const adaptive = adaptiveOptions(v);
  refuseRepeatWith(v, online, adaptive);
  const defenses = (v.defense ?? []).map((d) => oneOf('defense', d, REFERENCE_DEFENSES, isReferenceDefense));
  const scores = list('scores', v.scores);
  if (scores.includes('none') && scores.length > 1) throw new InputError('--scores: "none" cannot be combined with table paths');
  return {
    help: v.help ?? false,
    corpora,
    corpus,
    defenses: defenses.length > 0 ? [...new Set(defenses)] : [...REFERENCE_DEFENSES],
    scores,
    untransformedScores: list('untransformed-scores', v['untransformed-scores']),
    threshold: threshold(v.threshold),
    format: oneOf('format', v.format ?? 'text', FORMATS, (f): f is Format => (FORMATS as readonly string[]).includes(f)),
    sweep: v.sweep ?? false,
    out: v.out,
    junit: v.junit,
    html: v.html,
    external,
    online,
    adaptive,
  };
}

/**
 * Repetitions score the corpora; an online run plays its streams once and an adaptive attack checks
 * that the defense decides as it did in scoring, so neither composes with them: refused, not run once
 * in silence. --significance only weighs a drop against a base.
 */
function refuseRepeatWith(v: Values, online: OnlineOptions | undefined, adaptive: AdaptiveCli | undefined): void {
  if (v.significance !== undefined && v.baseline === undefined) throw new InputError('--significance needs --baseline');
  if (v.repeat === undefined || Number(v.repeat) <= 1) return;
  if (v['decision-cache'] !== undefined)
    throw new InputError(`--repeat ${v.repeat} does not apply with --decision-cache: a cached decision would be repeated, not asked again`);
  const other = online ? '--online' : adaptive ? (adaptive.mode === 'search' ? '--adaptive' : '--adaptive-replay') : undefined;
  if (other)
    throw new InputError(
      `--repeat ${v.repeat} does not apply with ${other}: ${other === '--online' ? 'the streams are played once' : 'the attack checks that your defense decides as it did in scoring, which a defense that needs repetitions does not'}`,
    );
}

function adaptiveOptions(v: Values): AdaptiveCli | undefined {
  const k = v.adaptive;
  const replay = v['adaptive-replay'];
  if (k === undefined && replay === undefined) {
    // A merge gates the attack its parts made: its ceiling applies without --adaptive.
    const flags = (['adaptive-seed', 'adaptive-optimiser', 'adaptive-suites', 'max-adaptive-asr'] as const).filter(
      (f) => f !== 'max-adaptive-asr' || v.merge === undefined,
    );
    const stray = flags.find((f) => v[f] !== undefined);
    if (stray) throw new InputError(`--${stray} needs --adaptive or --adaptive-replay`);
    return undefined;
  }
  if (k !== undefined && replay !== undefined)
    throw new InputError('--adaptive and --adaptive-replay: give one (a replay does not search)');
  if (replay !== undefined) {
    const stray = (['adaptive-seed', 'adaptive-optimiser', 'adaptive-suites'] as const).find((f) => v[f] !== undefined);
    if (stray) throw new InputError(`--${stray} does not apply to --adaptive-replay (a replay does not search)`);
    return { mode: 'replay', file: replay };
  }
  const seed = v['adaptive-seed'] ?? '1';
  if (!/^\d{1,20}$/.test(seed) || BigInt(seed) >= 2n ** 64n)
    throw new InputError(`--adaptive-seed: ${JSON.stringify(seed)} is not a whole number between 0 and 2^64-1`);
  const optimiser = v['adaptive-optimiser'] ?? 'mutation';
  if (optimiser !== 'mutation' && optimiser !== 'llm')
    throw new InputError(`--adaptive-optimiser: unknown value ${JSON.stringify(optimiser)} (expected one of mutation, llm)`);
  const suites = list('adaptive-suites', v['adaptive-suites']);
  const unknown = suites.find((x) => !(AGENTDOJO_SUITES as readonly string[]).includes(x));
  if (unknown !== undefined)
    throw new InputError(`--adaptive-suites: unknown suite ${JSON.stringify(unknown)} (expected ${AGENTDOJO_SUITES.join(', ')})`);
  return { mode: 'search', iterations: count('adaptive', k, 6, 0, 100), seed, optimiser, suites };
}

function count(flag: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new InputError(`--${flag}: ${JSON.stringify(raw)} is not a whole number between ${min} and ${max}`);
  return n;
}

function onlineOptions(v: Values): OnlineOptions | undefined {
  if (!v.online) {
    // A merge gates the streams its parts played: their thresholds apply without --online.
    const merged: readonly string[] = v.merge !== undefined ? ['max-sw-asr', 'min-online-su-hm'] : [];
    const stray = ONLINE_ONLY.find((f) => v[f] !== undefined && !merged.includes(f));
    if (stray) throw new InputError(`--${stray} needs --online`);
    return undefined;
  }
  const seed = v['online-seed'];
  if (seed !== undefined && (!/^\d{1,20}$/.test(seed) || BigInt(seed) >= 2n ** 64n))
    throw new InputError(`--online-seed: ${JSON.stringify(seed)} is not a whole number between 0 and 2^64-1`);
  return {
    attacks: count('online-attacks', v['online-attacks'], ONLINE_DEFAULTS.attacks, 1, 10_000),
    benign: count('online-benign', v['online-benign'], ONLINE_DEFAULTS.benign, 0, 10_000),
    window: count('online-window', v['online-window'], ONLINE_DEFAULTS.window, 1, 10_000),
    seed,
  };
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

function externalRun(v: Values): ExternalRun | undefined {
  const given = DEFENSE_FLAGS.filter((f) => v[f] !== undefined);
  if (given.length > 1) throw new InputError(`--${given.join(' and --')}: give one defense`);
  if (given.length === 0) {
    const stray = EXTERNAL_ONLY.find((f) => v[f] !== undefined);
    if (stray) throw new InputError(`--${stray} needs your defense: --defense-cmd, --defense-url, --defense-module or --merge`);
    return undefined;
  }
  const flag = given[0]!;
  const value = v[flag]!.trim();
  if (value === '') throw new InputError(`--${flag}: empty`);
  const common = externalCommon(v);
  if (flag === 'merge') {
    const stray = (
      [
        'shard',
        'timeout-per-call',
        'progress',
        'online',
        'adaptive',
        'adaptive-replay',
        'adaptive-seed',
        'adaptive-optimiser',
        'adaptive-suites',
        'vaccine',
        'repeat',
        'decision-cache',
        'cache-key',
      ] as const
    ).find((f) => v[f] !== undefined);
    if (stray) throw new InputError(`--${stray} does not apply to --merge: the shards were scored already`);
    return { ...common, merge: list('merge', value) };
  }
  if (common.shard) {
    const stray = (
      [
        'baseline',
        'max-attributable-drop',
        'max-utility-drop',
        'min-attributable',
        'min-utility',
        'max-confirmations',
        'max-sw-asr',
        'min-online-su-hm',
        'max-adaptive-asr',
        'significance',
        'repeat',
        'decision-cache',
        'cache-key',
        'junit',
        'html',
        'out',
        'sweep',
      ] as const
    ).find((f) => v[f] !== undefined);
    if (stray) throw new InputError(`--${stray} does not apply to --shard: a shard scores part of the run; give it to the --merge run`);
    if (v['out-results'] === undefined)
      throw new InputError("--shard needs --out-results FILE: where this shard's part is written for --merge");
  }
  let spec: DefenseSpec;
  if (flag === 'defense-url') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new InputError(`--defense-url: ${JSON.stringify(value)} is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new InputError(`--defense-url: ${JSON.stringify(value)} is not an http(s) URL`);
    spec = { kind: 'url', url: url.href };
  } else spec = flag === 'defense-cmd' ? { kind: 'command', command: value } : { kind: 'module', path: value };
  return { ...common, spec };
}

/** What --merge shares with a defense run here: names, timeouts, the base and thresholds, where results go. */
function externalCommon(v: Values): ExternalCommon {
  const timeout = v['timeout-per-call'];
  const timeoutMs = timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(timeout);
  if (timeout !== undefined && (!/^\d+$/.test(timeout) || timeoutMs < 1 || timeoutMs > 600_000)) {
    throw new InputError(`--timeout-per-call: ${JSON.stringify(timeout)} is not a whole number of milliseconds between 1 and 600000`);
  }
  const name = v.name?.trim();
  if (name !== undefined && (name === '' || name.length > 100 || /[\r\n]/.test(name)))
    throw new InputError(`--name: ${JSON.stringify(v.name)} must be one line of 1 to 100 characters`);
  const shard = v.shard === undefined ? undefined : parseShard(v.shard);
  if (typeof shard === 'string') throw new InputError(`--shard: ${shard}`);
  return {
    name,
    keyName: name ?? 'default',
    timeoutMs,
    baseline: v.baseline,
    thresholds: parseThresholds(
      (n) => v[n as Flag] as string | undefined,
      (n) => `--${n}`,
    ),
    outResults: v['out-results'],
    vaccine: v.vaccine,
    progress: count('progress', v.progress, DEFAULT_PROGRESS_SECONDS, 0, 3600),
    shard,
    repeat: count('repeat', v.repeat, 1, 1, 100),
    decisionCache: decisionCache(v),
  };
}

/** --decision-cache needs --cache-key: a cache without a key would replay a changed defense's old decisions. */
function decisionCache(v: Values): ExternalRun['decisionCache'] {
  const path = v['decision-cache'];
  const key = v['cache-key'];
  if (path === undefined && key === undefined) return undefined;
  if (path === undefined) throw new InputError('--cache-key needs --decision-cache FILE');
  if (path.trim() === '') throw new InputError('--decision-cache: empty');
  if (key === undefined)
    throw new InputError(
      '--decision-cache needs --cache-key: a key that changes whenever the defense may decide differently (docs/cache.md)',
    );
  if (key.trim() === '') throw new InputError('--cache-key: empty');
  if (key.length > 200 || /[\u0000-\u001f\u007f]/.test(key))
    throw new InputError(`--cache-key: ${JSON.stringify(key)} must be one line of at most 200 characters`);
  return { path, key };
}
