// An in-process defense: a JS module (or TS, where the Node version strips types) whose default
// export, or export named `defense`, is `{ name, decide(call) }`. decide may return the protocol's
// `{allow, reason}` or the core's `{allowed, reason}`, synchronously or as a promise.
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { Call, Decision } from '../model/call.js';
import type { AsyncDefense } from '../defenses/defense.js';
import { DefenseError, describeZodError, InputError } from '../model/errors.js';
import { SiteIndex } from './sites.js';

/** A module may answer in the protocol's shape `{allow, reason}` or the core's `{allowed, reason}`. */
const ModuleDecision = z.union([
  z.object({ allow: z.boolean(), reason: z.string().default('') }).transform((d): Decision => ({ allowed: d.allow, reason: d.reason })),
  z.object({ allowed: z.boolean(), reason: z.string().default('') }),
]);

interface ModuleExport {
  name?: unknown;
  decide: (call: Call) => unknown;
}

function isDefenseExport(x: unknown): x is ModuleExport {
  return typeof x === 'object' && x !== null && typeof (x as ModuleExport).decide === 'function';
}

export interface ModuleOptions {
  name?: string | undefined;
  timeoutMs: number;
  cwd?: string | undefined;
  sites?: SiteIndex | undefined;
}

export class ModuleDefense implements AsyncDefense {
  sites: SiteIndex;
  private failure: DefenseError | undefined;

  private constructor(
    readonly name: string,
    private readonly impl: ModuleExport,
    private readonly label: string,
    private readonly opts: ModuleOptions,
  ) {
    this.sites = opts.sites ?? new SiteIndex();
  }

  static async load(path: string, opts: ModuleOptions): Promise<ModuleDefense> {
    const abs = isAbsolute(path) ? path : resolve(opts.cwd ?? process.cwd(), path);
    let mod: Record<string, unknown>;
    try {
      mod = (await import(pathToFileURL(abs).href)) as Record<string, unknown>;
    } catch (e) {
      throw new DefenseError(`defense-module ${JSON.stringify(path)} could not be loaded: ${(e as Error).message}`);
    }
    const impl = [mod['default'], mod['defense']].find(isDefenseExport);
    if (!impl) {
      throw new InputError(
        `defense-module ${JSON.stringify(path)}: expected a default export or an export named "defense" with a decide(call) method`,
      );
    }
    const name = opts.name ?? (typeof impl.name === 'string' && impl.name !== '' ? impl.name : path);
    return new ModuleDefense(name, impl, `module ${JSON.stringify(path)}`, opts);
  }

  async decide(call: Call): Promise<Decision> {
    if (this.failure) throw this.failure;
    let raw: unknown;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no decision within ${this.opts.timeoutMs} ms (timeout-per-call)`)), this.opts.timeoutMs);
      });
      raw = await Promise.race([Promise.resolve().then(() => this.impl.decide(call)), timeout]);
    } catch (e) {
      throw this.fail(`threw ${(e as Error)?.message ?? String(e)}`, call);
    } finally {
      clearTimeout(timer);
    }
    const d = ModuleDecision.safeParse(raw);
    if (!d.success)
      throw this.fail(`returned an invalid decision ${JSON.stringify(raw)?.slice(0, 120)}: ${describeZodError(d.error)}`, call);
    return d.data;
  }

  private fail(what: string, call: Call): DefenseError {
    this.failure ??= new DefenseError(
      `defense ${JSON.stringify(this.name)} (${this.label}) ${what} while deciding ${this.sites.describe(call)}`,
    );
    return this.failure;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
