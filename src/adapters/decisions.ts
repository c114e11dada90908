// The decision cache of a stateless defense (docs/cache.md): its answers kept by the digest of the
// whole request, so that a later run (or the base's rerun in the same job) need not ask again.
//
// The digest covers everything the defense is told for the request, built by the same encoders
// that write the wire (protocol.ts) with the per-run ids (request id, session id) blanked, plus who
// was asked (the defense's hello), the tool version and the user's cache-key. Two requests that
// differ in anything the defense sees never share a digest; the cache-key is the user's promise
// that the defense's code and data are the same (docs/cache.md#the-cache-key).
import { createHash } from 'node:crypto';
import type { Call, Decision, Scenario } from '../model/call.js';
import type { SessionInfo } from '../scoring/drive.js';
import { encodeBegin, encodeRequest, encodeRequestV2 } from './protocol.js';

/** Bumped whenever what goes into a digest changes: old entries then never match. */
export const DIGEST_FORMAT = 'agent-defense-eval decision digest 1';

/** Who answers: what makes the same request a different question. */
export interface DigestBasis {
  /** The defense's hello as it declared it (protocol, name, capabilities), or a module's equivalent. */
  readonly identity: unknown;
  /** TOOL_VERSION: another version of the gate may encode requests differently. */
  readonly toolVersion: string;
  /** The user's cache-key (for example a hash of the defense's files). */
  readonly cacheKey: string;
}

/** JSON with object keys sorted, so the same value always gives the same text. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x === undefined ? null : x)).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * What a defense is told for the request at `step` of `s`, as the lines the wire carries with the
 * ids blanked (id 0, session ''): protocol 2's begin (suite, prompt, tools) and request (the call
 * with named arguments, the trace with outputs); protocol 1's request (step, call, context). A
 * protocol 1 module is handed the core's call object itself (argument names included): that.
 */
export function toldOf(protocol: 1 | 2, module: boolean, s: Scenario, step: number, call: Call, info: SessionInfo): string[] {
  if (protocol === 2) return [encodeBegin('', s.suite, info.prompt, info.tools), encodeRequestV2(0, '', step, s.trace)];
  return [module ? JSON.stringify(call) : encodeRequest(0, '', step, call)];
}

/** SHA-256 (hex) over the basis and what the defense is told. */
export function requestDigest(basis: DigestBasis, told: readonly string[]): string {
  return createHash('sha256')
    .update(canonicalJson([DIGEST_FORMAT, basis.toolVersion, basis.cacheKey, basis.identity, told]))
    .digest('hex');
}

/**
 * Decisions by digest, shared by every drive that uses it (the corpora of one run, the base's rerun
 * and the head). Entries loaded from a file are resolved promises; a drive adds the requests it asks
 * before asking them (scoring/drive.ts), and removes them again if the defense fails.
 */
export class DecisionCache {
  readonly decisions = new Map<string, Promise<Decision>>();
  /** The digests some drive needed, in the order first needed. */
  readonly used = new Set<string>();
  private readonly loadedKeys: ReadonlySet<string>;

  constructor(loaded: Iterable<readonly [string, Decision]> = []) {
    for (const [k, d] of loaded) this.decisions.set(k, Promise.resolve(d));
    this.loadedKeys = new Set(this.decisions.keys());
  }

  /** Entries that came from the file. */
  get loaded(): number {
    return this.loadedKeys.size;
  }

  /** Another cache's answers that this one lacks (the base's rerun, once it succeeded). */
  adopt(other: DecisionCache): void {
    for (const [k, p] of other.decisions) if (!this.decisions.has(k)) this.decisions.set(k, p);
  }

  /**
   * Every answered entry, for the file: first those this run needed (by digest, so the file does
   * not depend on the run's random order), then the loaded ones it did not need, in file order (a
   * size bound drops from the end: what was least recently needed).
   */
  async entries(): Promise<[string, Decision][]> {
    const settled = new Map<string, Decision>();
    await Promise.all(
      [...this.decisions].map(async ([k, p]) => {
        try {
          settled.set(k, await p);
        } catch {
          // A failed drive's requests are not answers.
        }
      }),
    );
    const used = [...this.used].filter((k) => settled.has(k)).sort();
    const rest = [...this.loadedKeys].filter((k) => !this.used.has(k) && settled.has(k));
    const answeredElsewhere = [...settled.keys()].filter((k) => !this.used.has(k) && !this.loadedKeys.has(k)).sort();
    return [...used, ...answeredElsewhere, ...rest].map((k) => [k, settled.get(k)!]);
  }
}
