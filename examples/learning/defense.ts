// A defense that learns (online runs, docs/online.md), with the TypeScript SDK: the same rules as
// examples/learning/defense.py and the reference learner (src/defenses/learner.ts). It starts
// permissive, keeps rules over call shapes (tool, untrusted argument names, whether the
// destination is named in the request) and learns them from feedback alone.
//   defense-eval --corpus pairs --online --defense-cmd "node --import tsx examples/learning/defense.ts"
// A vaccine ({shape: score}, --vaccine FILE) starts each stream from those rules.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineDefense, type Call } from '../../src/sdk/index.js';

const WEIGHT = { attack_success: 2, blocked_attack: 1, false_positive: -2 } as const;

function shape(call: Call, prompt: string | null): string {
  const untrusted = call.args
    .map((a, i) => (a.provenance === 'trusted' ? undefined : a.name || `#${i}`))
    .filter((n): n is string => n !== undefined)
    .sort();
  const dest = call.dest === '' ? 'none' : prompt !== null && prompt.toLowerCase().includes(call.dest.toLowerCase()) ? 'named' : 'unnamed';
  return `${call.tool}(${untrusted.join(',')})→${dest}`;
}

const vaccine = process.env['DEFENSE_EVAL_VACCINE'];
const rules = new Map<string, number>(vaccine ? Object.entries(JSON.parse(readFileSync(vaccine, 'utf8')) as Record<string, number>) : []);

export const defense = defineDefense({
  name: 'learning-example-ts',
  decide(call, session) {
    const s = shape(call, session.prompt);
    return (rules.get(s) ?? 0) > 0 ? { decision: 'deny', reason: `learned rule ${s}` } : 'allow';
  },
  onFeedback(f) {
    const s = shape(f.call, f.prompt);
    const now = rules.get(s);
    if (f.label === 'blocked_attack' && now === undefined) return;
    rules.set(s, (now ?? 0) + WEIGHT[f.label]);
  },
});

if (process.argv[1] === fileURLToPath(import.meta.url)) await defense.serveStdio();
