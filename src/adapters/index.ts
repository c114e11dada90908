// Opening a user's defense (command, URL or module) and scoring it with the core's driver.
import { randomBytes } from 'node:crypto';
import type { Scenario } from '../model/call.js';
import { drive, type Driven } from '../scoring/drive.js';
import { ExternalDefense } from './external.js';
import { HttpChannel } from './http.js';
import { ModuleDefense } from './module.js';
import { StdioChannel } from './stdio.js';

export { ExternalDefense } from './external.js';
export { ModuleDefense } from './module.js';
export { PROTOCOL_VERSION } from './protocol.js';

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

export function scoreDefense(
  defense: OpenedDefense,
  scenarios: readonly Scenario[],
  secrets: RunSecrets = newRunSecrets(),
): Promise<Driven> {
  return drive(scenarios, defense, { stateless: defense.stateless, concurrency: defense.maxConcurrency, ...secrets });
}
