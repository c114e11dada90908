// Opening a user's defense (command, URL or module) and scoring it with the core's async driver.
import type { Decision, Denial, Scenario } from '../model/call.js';
import type { AsyncDefense } from '../defenses/defense.js';
import { judgeAsync } from '../scoring/judge.js';
import { ExternalDefense } from './external.js';
import { HttpChannel } from './http.js';
import { ModuleDefense } from './module.js';
import { StdioChannel } from './stdio.js';

export { ExternalDefense } from './external.js';
export { ModuleDefense } from './module.js';
export { SiteIndex } from './sites.js';
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
  echoStderr?: ((chunk: string) => void) | undefined;
}

export type OpenedDefense = ExternalDefense | ModuleDefense;

export function openDefense(spec: DefenseSpec, opts: OpenOptions): Promise<OpenedDefense> {
  const common = { name: opts.name, timeoutMs: opts.timeoutMs, helloTimeoutMs: opts.helloTimeoutMs };
  switch (spec.kind) {
    case 'command':
      return ExternalDefense.open(new StdioChannel(spec.command, { cwd: opts.cwd, echoStderr: opts.echoStderr }), common);
    case 'url':
      return ExternalDefense.open(new HttpChannel(spec.url), common);
    case 'module':
      return ModuleDefense.load(spec.path, { ...common, cwd: opts.cwd });
  }
}

export interface ExternalRun {
  readonly outcomes: Uint8Array;
  /** First denial per scenario id (for a re-decided twin call, the twin's id). */
  readonly denials: ReadonlyMap<string, Denial>;
}

/** How many scenarios to walk at once: enough to keep every slot the defense offers busy. */
function scenarioConcurrency(d: OpenedDefense): number {
  return d instanceof ExternalDefense ? Math.min(512, d.maxConcurrency * 2) : 1;
}

export async function scoreDefense(defense: OpenedDefense, scenarios: readonly Scenario[]): Promise<ExternalRun> {
  defense.sites.add(scenarios);
  const denials = new Map<string, Denial>();
  const recording: AsyncDefense = {
    name: defense.name,
    async decide(call): Promise<Decision> {
      const d = await defense.decide(call);
      if (!d.allowed) {
        const site = defense.sites.site(call);
        const prev = denials.get(site.scenario);
        if (!prev || site.step < prev.step) denials.set(site.scenario, { ...site, tool: call.tool, reason: d.reason });
      }
      return d;
    },
  };
  const outcomes = await judgeAsync(recording, scenarios, scenarioConcurrency(defense));
  return { outcomes, denials };
}
