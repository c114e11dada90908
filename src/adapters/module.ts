// An in-process defense: a JavaScript module (or TypeScript, where the Node version strips types)
// whose default export, or export named `defense`, is `{ name, decide(call), stateless? }`. decide may
// return the protocol's `{allow, reason}` or the core's `{allowed, reason}`, synchronously or as a
// promise. A module runs inside the gate's process, so it is trusted code (SECURITY.md): use the
// `defense` input (a command) for code you have not reviewed.
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { Call, Decision, Scenario } from '../model/call.js';
import { DefenseError, describeZodError, InputError } from '../model/errors.js';
import type { Ask, Asker, SessionInfo } from '../scoring/drive.js';
import { encodeBegin, encodeFeedback, encodeRequestV2 } from './protocol.js';
import type { FeedbackLabel } from '../model/online.js';
import { describeAsk } from './external.js';

/** A module may answer in protocol v2's shape `{decision, reason}`, v1's `{allow, reason}`, or the core's `{allowed, reason}`. */
const ModuleDecision = z.union([
  z
    .object({ decision: z.enum(['allow', 'deny', 'ask']), reason: z.string().default('') })
    .transform((d): Decision => ({ allowed: d.decision === 'allow', ask: d.decision === 'ask' || undefined, reason: d.reason })),
  z.object({ allow: z.boolean(), reason: z.string().default('') }).transform((d): Decision => ({ allowed: d.allow, reason: d.reason })),
  z.object({ allowed: z.boolean(), reason: z.string().default('') }),
]);

interface ModuleExport {
  name?: unknown;
  stateless?: unknown;
  /** 2: decide gets protocol v2's request and the session's begin message, as the wire carries them. */
  protocol?: unknown;
  decide: (call: Call | object, session?: object) => unknown;
  /** 2: called once a session's last call was decided, with the same begin object decide got. */
  end?: (session: object) => unknown;
  /** 2, online runs: the defense learns; called with protocol v2's feedback message after an episode was scored. */
  learn?: (feedback: object) => unknown;
  /** Online runs: called once on each fresh instance, with the vaccine file's path (or null). */
  init?: (opts: { vaccine: string | null }) => unknown;
}

function isDefenseExport(x: unknown): x is ModuleExport {
  return typeof x === 'object' && x !== null && typeof (x as ModuleExport).decide === 'function';
}

export interface ModuleOptions {
  name?: string | undefined;
  timeoutMs: number;
  cwd?: string | undefined;
  /**
   * Online runs: a fresh instance of the module (its own module record, so no state is shared with
   * another stream's), initialised with the vaccine file's path.
   */
  fresh?: { readonly instance: string; readonly vaccine: string | null } | undefined;
}

/**
 * `import()` of a path known only at run time. The bundler must leave it alone: ncc (webpack)
 * otherwise compiles it into an empty context that can load nothing (`webpackIgnore`).
 */
const importModule = (url: string): Promise<Record<string, unknown>> =>
  import(/* webpackIgnore: true */ url) as Promise<Record<string, unknown>>;

export class ModuleDefense implements Asker {
  private failure: DefenseError | undefined;

  private constructor(
    readonly name: string,
    private readonly impl: ModuleExport,
    private readonly label: string,
    private readonly opts: ModuleOptions,
  ) {}

  static async load(path: string, opts: ModuleOptions): Promise<ModuleDefense> {
    const abs = isAbsolute(path) ? path : resolve(opts.cwd ?? process.cwd(), path);
    let mod: Record<string, unknown>;
    try {
      const url = pathToFileURL(abs);
      if (opts.fresh) url.searchParams.set('defense-eval-instance', opts.fresh.instance);
      mod = await importModule(url.href);
    } catch (e) {
      throw new DefenseError(`defense-module ${JSON.stringify(path)} could not be loaded: ${(e as Error).message}`);
    }
    const impl = [mod['default'], mod['defense']].find(isDefenseExport);
    if (!impl) {
      throw new InputError(
        `defense-module ${JSON.stringify(path)}: expected a default export or an export named "defense" with a decide(call) method`,
      );
    }
    if (impl.stateless !== undefined && typeof impl.stateless !== 'boolean') {
      throw new InputError(`defense-module ${JSON.stringify(path)}: "stateless" must be true or false`);
    }
    if (impl.protocol !== undefined && impl.protocol !== 1 && impl.protocol !== 2) {
      throw new InputError(`defense-module ${JSON.stringify(path)}: "protocol" must be 1 or 2`);
    }
    if (typeof impl.name === 'string' && /[\u0000-\u001f\u007f\u2028\u2029]/.test(impl.name)) {
      throw new InputError(`defense-module ${JSON.stringify(path)}: its name must be one line without control characters`);
    }
    if (impl.learn !== undefined && (typeof impl.learn !== 'function' || impl.protocol !== 2)) {
      throw new InputError(`defense-module ${JSON.stringify(path)}: "learn" must be a function, on a module with protocol: 2`);
    }
    const name = opts.name ?? (typeof impl.name === 'string' && impl.name !== '' ? impl.name.slice(0, 200) : path);
    const defense = new ModuleDefense(name, impl, `module ${JSON.stringify(path)}`, opts);
    if (opts.fresh && typeof impl.init === 'function') {
      try {
        await impl.init({ vaccine: opts.fresh.vaccine });
      } catch (e) {
        throw new DefenseError(
          `defense ${JSON.stringify(name)} (module ${JSON.stringify(path)}) threw in init: ${(e as Error)?.message ?? String(e)}`,
        );
      }
    }
    return defense;
  }

  /** Like the protocol's capability: false unless the module says its decisions are pure. */
  get stateless(): boolean {
    return this.impl.stateless === true;
  }

  get maxConcurrency(): number {
    return this.stateless ? 16 : 1;
  }

  get protocol(): 1 | 2 {
    return this.impl.protocol === 2 ? 2 : 1;
  }

  /** The module exports `learn`: it gets feedback in an online run. */
  get learns(): boolean {
    return typeof this.impl.learn === 'function';
  }

  /** Who answers, for the decision cache's digest (adapters/decisions.ts): what the module declares of itself. */
  get identity(): unknown {
    return {
      module: true,
      name: typeof this.impl.name === 'string' ? this.impl.name : null,
      protocol: this.protocol,
      stateless: this.stateless,
    };
  }

  /** Feedback on call `step` of an ended session, as protocol v2's message (its request id is the step's, 1-based: a module has no ids). */
  async feedback(session: string, step: number, label: FeedbackLabel, scenario: Scenario, info: SessionInfo): Promise<void> {
    if (this.failure) throw this.failure;
    try {
      await this.impl.learn?.(
        JSON.parse(encodeFeedback(session, step + 1, label, scenario.suite, info.prompt, scenario.trace[step]!.call)) as object,
      );
    } catch (e) {
      throw (this.failure ??= new DefenseError(
        `defense ${JSON.stringify(this.name)} (${this.label}) threw in learn: ${(e as Error)?.message ?? String(e)} (scenario ${scenario.id})`,
      ));
    }
  }

  private readonly sessions = new Map<string, object>();

  begin(session: string, scenario: Scenario, info: SessionInfo): void {
    if (this.protocol === 2)
      this.sessions.set(session, JSON.parse(encodeBegin(session, scenario.suite, info.prompt, info.tools)) as object);
  }

  async end(session: string, scenario: Scenario): Promise<void> {
    const begin = this.sessions.get(session);
    this.sessions.delete(session);
    if (begin === undefined || typeof this.impl.end !== 'function' || this.failure) return;
    try {
      await this.impl.end(begin);
    } catch (e) {
      throw (this.failure ??= new DefenseError(
        `defense ${JSON.stringify(this.name)} (${this.label}) threw in end: ${(e as Error)?.message ?? String(e)} (scenario ${scenario.id})`,
      ));
    }
  }

  async ask(a: Ask): Promise<Decision> {
    if (this.failure) throw this.failure;
    let raw: unknown;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no decision within ${this.opts.timeoutMs} ms (timeout-per-call)`)), this.opts.timeoutMs);
      });
      const decide = () =>
        this.protocol === 2
          ? this.impl.decide(JSON.parse(encodeRequestV2(0, a.session, a.step, a.scenario.trace)) as object, this.sessions.get(a.session))
          : this.impl.decide(a.call);
      raw = await Promise.race([Promise.resolve().then(decide), timeout]);
    } catch (e) {
      throw this.fail(`threw ${(e as Error)?.message ?? String(e)}`, a);
    } finally {
      clearTimeout(timer);
    }
    const d = ModuleDecision.safeParse(raw);
    if (!d.success) throw this.fail(`returned an invalid decision ${JSON.stringify(raw)?.slice(0, 120)}: ${describeZodError(d.error)}`, a);
    return d.data;
  }

  private fail(what: string, a: Ask): DefenseError {
    this.failure ??= new DefenseError(`defense ${JSON.stringify(this.name)} (${this.label}) ${what} while deciding ${describeAsk(a)}`);
    return this.failure;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
