// Opening a user's defense (command, URL or module) and scoring it with the core's driver.
import { createHash, randomBytes } from 'node:crypto';
import type { Call, Decision, Scenario } from '../model/call.js';
import { TOOL_VERSION } from '../model/version.js';
import { Outcome } from '../scoring/judge.js';
import type { AttackedDefense } from '../scoring/adaptive.js';
import type { Corpus } from '../corpora/corpus.js';
import { sessionPrompt } from '../corpora/corpus.js';
import { drive, type DriveOptions, type Driven } from '../scoring/drive.js';
import type { ProgressObserver } from '../scoring/progress.js';
import type { Entrant, Player } from '../scoring/online.js';
import { InputError } from '../model/errors.js';
import { encodeRequestV2 } from './protocol.js';
import { requestDigest, toldOf, type DecisionCache } from './decisions.js';
import { ExternalDefense } from './external.js';
import { HttpChannel } from './http.js';
import { ModuleDefense } from './module.js';
import { StdioChannel } from './stdio.js';

export { ExternalDefense } from './external.js';
export { ModuleDefense } from './module.js';
export { PROTOCOL_VERSION } from './protocol.js';
export { DecisionCache } from './decisions.js';

export type DefenseSpec =
  | { readonly kind: 'command'; readonly command: string }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'module'; readonly path: string };

export interface OpenOptions {
  /** Overrides the name the defense gives itself. */
  name?: string | undefined;
  timeoutMs: number;
  helloTimeoutMs?: number | undefined;
  /** Working directory of a command, base of a relative module path. */
  cwd?: string | undefined;
  /** The environment a command runs with (the action passes an allow-listed one). */
  env?: NodeJS.ProcessEnv | undefined;
  echoStderr?: ((chunk: string) => void) | undefined;
}

export type OpenedDefense = ExternalDefense | ModuleDefense;

export function openDefense(spec: DefenseSpec, opts: OpenOptions): Promise<OpenedDefense> {
  const common = { name: opts.name, timeoutMs: opts.timeoutMs, helloTimeoutMs: opts.helloTimeoutMs };
  switch (spec.kind) {
    case 'command':
      return ExternalDefense.open(new StdioChannel(spec.command, { cwd: opts.cwd, env: opts.env, echoStderr: opts.echoStderr }), common);
    case 'url':
      return ExternalDefense.open(new HttpChannel(spec.url), common);
    case 'module':
      return ModuleDefense.load(spec.path, { ...common, cwd: opts.cwd });
  }
}

/** The per-run unknowns that keep identifiers and order meaningless to the defense; fixed only by tests. */
export interface RunSecrets {
  readonly secret: Uint8Array;
  readonly orderSeed: readonly [bigint, bigint];
}

export function newRunSecrets(): RunSecrets {
  const seed = randomBytes(16);
  return { secret: randomBytes(32), orderSeed: [seed.readBigUInt64BE(0), seed.readBigUInt64BE(8)] };
}

/**
 * What a v2 request is, for deduplication: everything the defense sees but the ids (the suite and
 * prompt of its session, the trace, the pending call), hashed.
 */
const v2Key =
  (info: NonNullable<DriveOptions['sessionInfo']>) =>
  (s: Scenario, step: number): string =>
    createHash('sha256')
      .update(s.suite)
      .update('\0')
      .update(info(s).prompt ?? '\u0001')
      .update('\0')
      .update(encodeRequestV2(0, '', step, s.trace))
      .digest('hex');

/** A decision cache to use, and the cache-key its digests are made under (adapters/decisions.ts). */
export interface UseDecisionCache {
  readonly cache: DecisionCache;
  readonly key: string;
}

/** A drive, and with a decision cache, how many of its distinct requests the cache answered. */
export type ScoredDrive = Driven & { readonly fromCache?: { readonly hits: number; readonly distinct: number } };

/**
 * Score a defense on a corpus (or a plain list of scenarios: no prompts, no tools), telling `progress` how it advances.
 * With `decisions`, a stateless defense is not asked what the cache holds, and its answers are added to it.
 */
export async function scoreDefense(
  defense: OpenedDefense,
  corpus: Corpus | readonly Scenario[],
  secrets: RunSecrets = newRunSecrets(),
  progress?: ProgressObserver,
  decisions?: UseDecisionCache,
): Promise<ScoredDrive> {
  const scenarios = 'kind' in corpus ? corpus.scenarios : corpus;
  const sessionInfo =
    'kind' in corpus ? (s: Scenario) => ({ prompt: sessionPrompt(corpus, s), tools: corpus.tools[s.suite] ?? [] }) : undefined;
  const v2 = defense.protocol === 2;
  const cached = decisions && defense.stateless ? cachedKey(defense, decisions, sessionInfo) : undefined;
  const driven = await drive(scenarios, defense, {
    stateless: defense.stateless,
    concurrency: defense.maxConcurrency,
    ...secrets,
    ...(sessionInfo ? { sessionInfo } : {}),
    ...(v2 ? { requestKey: v2Key(sessionInfo ?? (() => ({ prompt: null, tools: [] }))) } : {}),
    ...(cached ? { requestKey: cached.requestKey, cache: decisions!.cache.decisions } : {}),
    ...(progress ? { progress } : {}),
  });
  return cached ? { ...driven, fromCache: { hits: cached.distinct.size - driven.asked, distinct: cached.distinct.size } } : driven;
}

/**
 * The request key of a cached drive: the digest of the whole request (it dedups exactly as the
 * default keys do, since it covers everything they do). Counts the drive's distinct requests, and
 * marks each as needed by this run.
 */
function cachedKey(defense: OpenedDefense, use: UseDecisionCache, sessionInfo: DriveOptions['sessionInfo']) {
  const basis = { identity: defense.identity, toolVersion: TOOL_VERSION, cacheKey: use.key };
  const info = sessionInfo ?? (() => ({ prompt: null, tools: [] }));
  const module = defense instanceof ModuleDefense;
  const distinct = new Set<string>();
  const requestKey = (s: Scenario, step: number, call: Call): string => {
    const key = requestDigest(basis, toldOf(defense.protocol, module, s, step, call, info(s)));
    distinct.add(key);
    use.cache.used.add(key);
    return key;
  };
  return { requestKey, distinct };
}

export interface OnlineOpenOptions extends OpenOptions {
  /** A file the defense ships to start each stream from (its path reaches it as DEFENSE_EVAL_VACCINE, or a module's init). */
  vaccine?: string | undefined;
}

/**
 * A user's defense as an online entrant: a fresh process (or module instance) per stream, so no
 * stream starts from what another taught it. A URL defense cannot be started afresh and is refused.
 */
export function onlineEntrant(spec: DefenseSpec, opts: OnlineOpenOptions, name: string): Entrant {
  if (spec.kind === 'url')
    throw new InputError(
      'online evaluation starts a fresh defense for every stream (a cold start), which a URL cannot give: use a command or a module',
    );
  let instance = 0;
  return {
    name,
    async open(): Promise<Player & { close(): Promise<void> }> {
      const common = { name: opts.name, timeoutMs: opts.timeoutMs, helloTimeoutMs: opts.helloTimeoutMs };
      const vaccine = opts.vaccine ?? null;
      const d: OpenedDefense =
        spec.kind === 'command'
          ? await ExternalDefense.open(
              new StdioChannel(spec.command, {
                cwd: opts.cwd,
                env: { ...(opts.env ?? process.env), DEFENSE_EVAL_VACCINE: vaccine ?? '' },
                echoStderr: opts.echoStderr,
              }),
              common,
            )
          : await ModuleDefense.load(spec.path, { ...common, cwd: opts.cwd, fresh: { instance: String(++instance), vaccine } });
      if (d instanceof ExternalDefense) d.tracking = d.learns;
      return d;
    },
  };
}

/**
 * Your defense under adaptive attack (docs/adaptive.md): it is asked about every run of a batch as
 * the gate asks any corpus (sessions, opaque ids, a random order), and a run is compromised when it
 * allowed every call. A stateless defense's answers are kept across batches: the calls before the
 * injection is read are the same for every candidate and are asked once.
 */
export function attackedDefense(defense: OpenedDefense, corpus: Corpus): AttackedDefense {
  const sessionInfo = (s: Scenario) => ({ prompt: sessionPrompt(corpus, s), tools: corpus.tools[s.suite] ?? [] });
  const cache = defense.stateless ? new Map<string, Promise<Decision>>() : undefined;
  let asked = 0;
  const driven = (runs: readonly Scenario[], shared: Map<string, Promise<Decision>> | undefined) =>
    drive(runs, defense, {
      stateless: defense.stateless,
      concurrency: defense.maxConcurrency,
      ...newRunSecrets(),
      sessionInfo,
      ...(defense.protocol === 2 ? { requestKey: v2Key(sessionInfo) } : {}),
      ...(shared ? { cache: shared } : {}),
    });
  return {
    name: defense.name,
    async compromised(runs) {
      const r = await driven(runs, cache);
      asked += r.asked;
      return Array.from(r.outcomes, (o) => (o === Outcome.Missed ? '1' : '0')).join('');
    },
    queries: () => asked,
    probe: async (runs) => (await driven(runs, undefined)).outcomes,
    ...(cache ? { distinct: () => cache.keys() } : {}),
  };
}
