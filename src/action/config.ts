// The action's inputs, parsed once through a lookup function into one typed Config. Every error
// names the input and quotes the value; enums are const tuples; booleans would be YAML 1.2 strict.
import { InputError } from '../model/errors.js';
import type { DefenseSpec } from '../adapters/index.js';
import type { Thresholds } from '../gate/verdict.js';
import { parseThresholds } from '../gate/thresholds.js';
import { CORPUS_NAMES, type CorpusName } from '../data/registry.js';
import { checkDefenseEnv } from './isolation.js';
import { isAbsolute } from 'node:path';
import { ONLINE_DEFAULTS } from '../model/online.js';
import { AGENTDOJO_SUITES } from '../model/call.js';
import { parseShard, type Shard } from '../scoring/shard.js';

export const DEFAULT_CORPORA: readonly CorpusName[] = ['pairs', 'agentdojo', 'agentdyn-gpt-4o-2024-08-06'];

export const BASELINE_MODES = ['auto', 'cache', 'rerun', 'none'] as const;
export type BaselineMode = (typeof BASELINE_MODES)[number];
export type Baseline = { readonly mode: BaselineMode } | { readonly mode: 'file'; readonly path: string };

export const COMMENT_MODES = ['auto', 'always', 'never'] as const;
export type CommentMode = (typeof COMMENT_MODES)[number];

/** What to do when the base commit's results were expected but cannot be had: fail (closed) or pass with a note. */
export const ON_MISSING_BASELINE = ['fail', 'pass'] as const;
export type OnMissingBaseline = (typeof ON_MISSING_BASELINE)[number];

export interface Config {
  /** The install command, run by the gate with the defense's environment (and again in the base worktree by `rerun`). */
  readonly install: string;
  readonly defense: DefenseSpec;
  /** The name shown in reports (else the defense's own). */
  readonly name: string | undefined;
  /** The name results are compared under: the name input, else the comment key; never the defense's own name. */
  readonly keyName: string;
  readonly corpora: readonly CorpusName[];
  readonly thresholds: Thresholds;
  readonly baseline: Baseline;
  readonly onMissingBaseline: OnMissingBaseline;
  /** Extra environment variables the install command and the defense get. */
  readonly defenseEnv: readonly string[];
  readonly comment: CommentMode;
  readonly commentKey: string;
  readonly timeoutMs: number;
  /** Seconds between progress lines in the log while the defense is scored; 0: none. */
  readonly progress: number;
  /** Online evaluation (docs/online.md), on the corpora that support it; undefined: off. */
  readonly online: OnlineOptions | undefined;
  /** A file the defense ships to start each online stream from, relative to the workspace. */
  readonly vaccine: string | undefined;
  /** An adaptive attack on pairs (docs/adaptive.md): a search of K iterations, or a replay of a committed results file; undefined: off. */
  readonly adaptive:
    | { readonly mode: 'search'; readonly iterations: number; readonly seed: string; readonly suites: readonly string[] }
    | { readonly mode: 'replay'; readonly file: string }
    | undefined;
  /** Where, inside the workspace, to write the JUnit XML of every defense scored (docs/junit.md); undefined: off. */
  readonly junit: string | undefined;
  /** A matrix job scoring one shard's part of the run (docs/shards.md); undefined: the whole run. */
  readonly shard: Shard | undefined;
  /** The merge job: the parts (files or directories inside the workspace) to put together, compare, gate and comment on; undefined: off. */
  readonly merge: readonly string[] | undefined;
  /** Runs of each corpus, head and base (docs/scoring.md#repetitions-and-paired-significance); 1: once. */
  readonly repeat: number;
  /** Where, inside the workspace, to write the HTML report (docs/html.md); undefined: off. */
  readonly html: string | undefined;
  /** The decision cache's key (docs/cache.md): a stateless defense's decisions are reused under it; undefined: off. */
  readonly cacheKey?: string | undefined;
}

/** The online streams to build; the seed is drawn afresh for every run and recorded in the results. */
export interface OnlineOptions {
  readonly attacks: number;
  readonly benign: number;
}

/** The comment step's own inputs: the only place the token is read. */
export interface CommentConfig {
  readonly comment: CommentMode;
  readonly commentKey: string;
  readonly token: string;
}

/** `core.getInput` or any stand-in: returns '' for an unset input. */
export type InputLookup = (name: string) => string;

const quote = (v: string): string => JSON.stringify(v);

function oneOf<T extends string>(input: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new InputError(`input ${input}: ${quote(value)} is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function defenseSpec(get: InputLookup): DefenseSpec {
  const given = (['defense', 'defense-url', 'defense-module'] as const).filter((k) => get(k).trim() !== '');
  if (given.length !== 1) {
    throw new InputError(
      given.length === 0
        ? 'inputs defense, defense-url, defense-module: set exactly one (a command speaking protocol v1 on stdio, an HTTP URL, or a JS module)'
        : `inputs ${given.join(' and ')}: set exactly one of defense, defense-url, defense-module`,
    );
  }
  const value = get(given[0]!).trim();
  if (given[0] === 'defense-url') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new InputError(`input defense-url: ${quote(value)} is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new InputError(`input defense-url: ${quote(value)} is not an http(s) URL`);
    return { kind: 'url', url: url.href };
  }
  return given[0] === 'defense' ? { kind: 'command', command: value } : { kind: 'module', path: value };
}

function corpora(raw: string): CorpusName[] {
  const names = raw.split(/[\s,]+/).filter((s) => s !== '');
  if (names.length === 0) return [...DEFAULT_CORPORA];
  const out = names.map((n) => oneOf('corpora', n, CORPUS_NAMES));
  if (new Set(out).size !== out.length) throw new InputError(`input corpora: ${quote(raw)} names a corpus twice`);
  return out;
}

function baseline(raw: string): Baseline {
  const v = raw.trim() || 'auto';
  if ((BASELINE_MODES as readonly string[]).includes(v)) return { mode: v as BaselineMode };
  // Anything else must look like a path to a committed results file.
  if (!/\.json$/i.test(v)) {
    throw new InputError(`input baseline: ${quote(v)} is not one of ${BASELINE_MODES.join(', ')} or a path to a results .json file`);
  }
  return { mode: 'file', path: v };
}

function timeout(raw: string): number {
  const v = raw.trim();
  if (v === '') return 10_000;
  const n = Number(v.replace(/\s*ms$/, ''));
  if (!Number.isInteger(n) || n < 1 || n > 600_000) {
    throw new InputError(`input timeout-per-call: ${quote(raw)} is not a whole number of milliseconds between 1 and 600000`);
  }
  return n;
}

function commentKey(raw: string): string {
  const v = raw.trim() || 'default';
  // It is part of a cache key, delimited by ":" (so one key's restore prefix never matches another
  // key's entries) and cache keys cannot hold commas.
  if (v.length > 100 || /[\r\n,:]/.test(v)) {
    throw new InputError(`input comment-key: ${quote(raw)} must be one line of at most 100 characters, without commas or colons`);
  }
  return v;
}

function displayName(raw: string): string | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  if (v.length > 100 || /[\r\n]/.test(v)) throw new InputError(`input name: ${quote(raw)} must be one line of at most 100 characters`);
  return v;
}

function envNames(raw: string): string[] {
  const names = raw.split(/[\s,]+/).filter((s) => s !== '');
  checkDefenseEnv(names);
  return names;
}

/** YAML 1.2's true/false spellings only, as @actions/core's getBooleanInput; blank is false. */
function bool(input: string, raw: string): boolean {
  const v = raw.trim();
  if (v === '' || ['false', 'False', 'FALSE'].includes(v)) return false;
  if (['true', 'True', 'TRUE'].includes(v)) return true;
  throw new InputError(`input ${input}: ${quote(raw)} is not true or false`);
}

function wholeNumber(input: string, raw: string, fallback: number, min: number, max: number): number {
  const v = raw.trim();
  if (v === '') return fallback;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new InputError(`input ${input}: ${quote(raw)} is not a whole number between ${min} and ${max}`);
  return n;
}

function onlineOptions(get: InputLookup): { online: OnlineOptions | undefined; vaccine: string | undefined } {
  const on = bool('online', get('online'));
  const vaccine = get('vaccine').trim() || undefined;
  if (!on) {
    const stray = ['online-attacks', 'online-benign', 'vaccine', 'max-sw-asr', 'min-online-su-hm'].find((n) => get(n).trim() !== '');
    if (stray) throw new InputError(`input ${stray}: applies only with online: true`);
    return { online: undefined, vaccine: undefined };
  }
  if (vaccine !== undefined && (isAbsolute(vaccine) || vaccine.split(/[\\/]/).includes('..')))
    throw new InputError(`input vaccine: ${quote(vaccine)} must be a path inside the workspace`);
  return {
    online: {
      attacks: wholeNumber('online-attacks', get('online-attacks'), ONLINE_DEFAULTS.attacks, 1, 10_000),
      benign: wholeNumber('online-benign', get('online-benign'), ONLINE_DEFAULTS.benign, 0, 10_000),
    },
    vaccine,
  };
}

function adaptiveOptions(get: InputLookup): Config['adaptive'] {
  const k = wholeNumber('adaptive', get('adaptive'), 0, 0, 100);
  const replay = get('adaptive-replay').trim();
  const seed = get('adaptive-seed').trim() || '1';
  if (!/^\d{1,20}$/.test(seed) || BigInt(seed) >= 2n ** 64n)
    throw new InputError(`input adaptive-seed: ${quote(seed)} is not a whole number between 0 and 2^64-1`);
  if (k > 0 && replay !== '') throw new InputError('inputs adaptive and adaptive-replay: set one (a replay does not search)');
  if (replay !== '') {
    if (!/\.json$/i.test(replay)) throw new InputError(`input adaptive-replay: ${quote(replay)} is not a path to a results .json file`);
    return { mode: 'replay', file: replay };
  }
  const suites = get('adaptive-suites')
    .split(/[\s,]+/)
    .filter((x) => x !== '');
  const unknown = suites.find((x) => !(AGENTDOJO_SUITES as readonly string[]).includes(x));
  if (unknown !== undefined)
    throw new InputError(`input adaptive-suites: unknown suite ${quote(unknown)} (expected ${AGENTDOJO_SUITES.join(', ')})`);
  if (k > 0) return { mode: 'search', iterations: k, seed, suites };
  if (get('max-adaptive-asr').trim() !== '')
    throw new InputError('input max-adaptive-asr: applies only with adaptive (K > 0) or adaptive-replay');
  return undefined;
}

/**
 * Runs of each corpus, 1 to 100. An online run plays its streams once and an adaptive attack checks
 * that the defense decides as in scoring: neither composes with repetitions, so they are refused.
 */
function repeatCount(get: InputLookup, online: boolean, adaptive: boolean): number {
  const n = wholeNumber('repeat', get('repeat'), 1, 1, 100);
  if (n > 1 && online) throw new InputError(`input repeat: ${n} does not apply with online: true (the streams are played once)`);
  if (n > 1 && adaptive)
    throw new InputError(
      `input repeat: ${n} does not apply with adaptive or adaptive-replay (the attack checks that the defense decides as in scoring)`,
    );
  if (n > 1 && get('cache-key').trim() !== '')
    throw new InputError(`input repeat: ${n} does not apply with cache-key (a cached decision would be repeated, not asked again)`);
  return n;
}

/** A path inside the workspace ('' is off) for a file the gate writes after the pull request's code ran (junit, html). */
function workspacePath(input: string, raw: string): string | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  if (isAbsolute(v) || v.split(/[\\/]/).includes('..') || /[\r\n]/.test(v))
    throw new InputError(`input ${input}: ${quote(v)} must be a path inside the workspace`);
  return v;
}

/** `shard: i/n` or `merge: paths`, never both; neither with a decision cache or repetitions (docs/shards.md). */
function shardOptions(get: InputLookup): Pick<Config, 'shard' | 'merge'> {
  const rawShard = get('shard').trim();
  const rawMerge = get('merge').trim();
  if (rawShard === '' && rawMerge === '') return { shard: undefined, merge: undefined };
  if (rawShard !== '' && rawMerge !== '')
    throw new InputError('inputs shard and merge: set one (the matrix jobs set shard, the merge job merge)');
  const input = rawShard !== '' ? 'shard' : 'merge';
  if (get('cache-key').trim() !== '')
    throw new InputError(
      `input cache-key: not supported with ${input} yet: every shard job would save its own part of the cache under one key`,
    );
  const repeat = get('repeat').trim();
  if (repeat !== '' && repeat !== '1')
    throw new InputError(`input repeat: not supported with ${input} yet: the repetitions of a run are made in one job (docs/shards.md)`);
  if (rawShard !== '') {
    const shard = parseShard(rawShard);
    if (typeof shard === 'string') throw new InputError(`input shard: ${shard}`);
    const whole = ['junit', 'html'].find((n) => get(n).trim() !== '');
    if (whole) throw new InputError(`input ${whole}: give it to the merge job, which sees the whole run`);
    return { shard, merge: undefined };
  }
  const paths = rawMerge.split(/[\s,]+/).filter((p) => p !== '');
  const outside = paths.find((p) => isAbsolute(p) || p.split(/[\\/]/).includes('..'));
  if (outside !== undefined) throw new InputError(`input merge: ${quote(outside)} must be a path inside the workspace`);
  return { shard: undefined, merge: paths };
}

/**
 * The user's promise that the defense decides the same (docs/cache.md#the-cache-key). It is spliced
 * into action.yml's cache keys, delimited by ":" (so one key's restore prefix never matches another
 * key's entries), and cache keys cannot hold commas. Blank is off: hashFiles() of no file gives ''.
 */
function cacheKey(raw: string): string | undefined {
  if (raw.trim() === '') return undefined;
  // Checked as given, untrimmed: action.yml splices the value itself into the keys.
  if (raw.length > 200 || raw !== raw.trim() || /[\u0000-\u001f\u007f,:]/.test(raw))
    throw new InputError(
      `input cache-key: ${quote(raw)} must be one line of at most 200 characters, without commas, colons or surrounding spaces`,
    );
  return raw;
}

export function parseActionConfig(get: InputLookup): Config {
  const name = displayName(get('name'));
  const key = commentKey(get('comment-key'));
  return {
    install: get('install'),
    defense: defenseSpec(get),
    name,
    keyName: name ?? key,
    corpora: corpora(get('corpora')),
    thresholds: parseThresholds(get, (n) => `input ${n}`),
    baseline: baseline(get('baseline')),
    onMissingBaseline: oneOf('on-missing-baseline', get('on-missing-baseline').trim() || 'fail', ON_MISSING_BASELINE),
    defenseEnv: envNames(get('defense-env')),
    comment: oneOf('comment', get('comment').trim() || 'auto', COMMENT_MODES),
    commentKey: key,
    timeoutMs: timeout(get('timeout-per-call')),
    progress: wholeNumber('progress', get('progress'), 10, 0, 3600),
    ...onlineOptions(get),
    adaptive: adaptiveOptions(get),
    junit: workspacePath('junit', get('junit')),
    ...shardOptions(get),
    repeat: repeatCount(get, bool('online', get('online')), adaptiveOptions(get) !== undefined),
    html: workspacePath('html', get('html')),
    cacheKey: cacheKey(get('cache-key')),
  };
}

export function parseCommentConfig(get: InputLookup): CommentConfig {
  return {
    comment: oneOf('comment', get('comment').trim() || 'auto', COMMENT_MODES),
    commentKey: commentKey(get('comment-key')),
    token: get('github-token'),
  };
}
