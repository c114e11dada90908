// The AgentDyn trajectory corpora (docs/agentdyn.md): loaded from the pinned files, they give back
// every figure the exporter's summary.json computed from them (runs, calls, exclusions by cause,
// the recorded ASR and utilities per model, attack and suite); scoring by effect reads the
// replayed outcome at the first denial, or ask read as declined; allow-all reproduces the recorded
// labels and deny-all the outcome of halting before the first call; the egress table classifies
// every tool.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TrajectoryCorpus } from '../../src/corpora/corpus.js';
import { AGENTDYN_MODELS, CORPORA, CORPUS_NAMES } from '../../src/data/registry.js';
import { CorpusStore } from '../../src/data/store.js';
import type { Decision, HaltOutcome, Scenario } from '../../src/model/call.js';
import { allowAll, denyAll } from '../../src/defenses/trivial.js';
import { Outcome } from '../../src/scoring/judge.js';
import { drive } from '../../src/scoring/drive.js';
import { newRunSecrets } from '../../src/adapters/index.js';
import { tally } from '../../src/scoring/tally.js';
import { haltsOf, judgeRecorded, suHmAttack, trajectoryCounts, type TrajectoryCounts } from '../../src/scoring/trajectory.js';
import { referenceDefenses } from '../../src/evaluate/corpus.js';

const ROOT = join(import.meta.dirname, '../..');
const store = new CorpusStore();
const pooled = store.load('agentdyn') as TrajectoryCorpus;

interface Group {
  runs: number;
  security_true: number;
  utility_true: number;
}
interface ModelSummary {
  calls: number;
  excluded: Record<string, number>;
  exported_total: number;
  exported: { attacked: Record<string, Group>; benign: { runs: number; utility_true: number } };
  halt_before_first_call: { security_true: number; utility_true: number };
  suites: Record<string, { attacked: Record<string, Group>; benign: { runs: number; utility_true: number } }>;
}
const summary = JSON.parse(readFileSync(join(ROOT, 'corpora/agentdyn/summary.json'), 'utf8')) as {
  models: Record<string, ModelSummary>;
  totals: { calls: number; exported: number; excluded: Record<string, number> };
};

const indicesOf = (c: TrajectoryCorpus, pred: (i: number) => boolean) => c.scenarios.flatMap((_, i) => (pred(i) ? [i] : []));

describe('the trajectory corpora', () => {
  it('the registry has one corpus per committed model and one pooling them all', () => {
    expect(CORPUS_NAMES.filter((n) => CORPORA[n].kind === 'trajectory')).toEqual(['agentdyn', ...AGENTDYN_MODELS.map((m) => `agentdyn-${m}`)]);
    expect(Object.keys(summary.models).sort()).toEqual([...AGENTDYN_MODELS].sort());
    expect(pooled.models).toEqual(AGENTDYN_MODELS);
  });

  it('give back the totals of summary.json: runs, calls and exclusions by cause', () => {
    expect(pooled.scenarios).toHaveLength(summary.totals.exported);
    expect(pooled.scenarios.reduce((n, s) => n + s.trace.length, 0)).toBe(summary.totals.calls);
    const excluded: Record<string, number> = {};
    for (const byCause of Object.values(pooled.excluded)) for (const [c, n] of Object.entries(byCause)) excluded[c] = (excluded[c] ?? 0) + n;
    expect(excluded).toEqual(summary.totals.excluded);
    expect(new Set(pooled.scenarios.map((s) => s.id)).size).toBe(pooled.scenarios.length);
  });

  it.each(AGENTDYN_MODELS)('%s: allow-all reproduces the recorded ASR and utilities, per attack and suite; deny-all the halt before the first call', (model) => {
    const corpus = store.load(`agentdyn-${model}`) as TrajectoryCorpus;
    const want = summary.models[model]!;
    expect(corpus.models).toEqual([model]);
    expect(corpus.scenarios).toHaveLength(want.exported_total);
    expect(corpus.scenarios.reduce((n, s) => n + s.trace.length, 0)).toBe(want.calls);
    expect(corpus.excluded[model]).toEqual(want.excluded);
    const open = judgeRecorded(allowAll, corpus.scenarios);
    const check = (idx: number[], attacked: Record<string, Group>, benign: { runs: number; utility_true: number }) => {
      for (const [attack, g] of Object.entries(attacked)) {
        const k = trajectoryCounts(corpus.scenarios, open, idx.filter((i) => corpus.runs[i]!.attack === attack));
        expect([k.attacked, k.attack_success, k.attack_success_undefended, k.utility_under_attack]).toEqual([g.runs, g.security_true, g.security_true, g.utility_true]);
      }
      const b = trajectoryCounts(corpus.scenarios, open, idx.filter((i) => corpus.scenarios[i]!.kind === 'benign'));
      expect([b.benign, b.benign_utility, b.benign_utility_undefended, b.benign_utility_confirmed]).toEqual([benign.runs, benign.utility_true, benign.utility_true, benign.utility_true]);
    };
    const all = corpus.scenarios.map((_, i) => i);
    check(all, want.exported.attacked, want.exported.benign);
    for (const [suite, s] of Object.entries(want.suites)) check(indicesOf(corpus, (i) => corpus.scenarios[i]!.suite === suite), s.attacked, s.benign);
    const closed = trajectoryCounts(corpus.scenarios, judgeRecorded(denyAll, corpus.scenarios));
    expect(closed.attack_success).toBe(want.halt_before_first_call.security_true);
    expect(closed.utility_under_attack + closed.benign_utility).toBe(want.halt_before_first_call.utility_true);
  });

  it('pooled counts are the sum of the models', () => {
    const sum = (f: (c: TrajectoryCounts) => number) =>
      AGENTDYN_MODELS.reduce((n, m) => {
        const c = store.load(`agentdyn-${m}`) as TrajectoryCorpus;
        return n + f(trajectoryCounts(c.scenarios, judgeRecorded(allowAll, c.scenarios)));
      }, 0);
    const whole = trajectoryCounts(pooled.scenarios, judgeRecorded(allowAll, pooled.scenarios));
    expect(whole.attack_success).toBe(sum((c) => c.attack_success));
    expect(whole.benign_utility).toBe(sum((c) => c.benign_utility));
  });

  it('every recorded run has a user prompt and a user task; an attacked run its injection goal as the task, never as the prompt', () => {
    const suites = JSON.parse(JSON.stringify(pooled.tools));
    expect(Object.keys(suites).sort()).toEqual(['dailylife', 'github', 'shopping']);
    for (const s of pooled.scenarios) {
      expect(s.prompt).toBeTruthy();
      if (s.kind === 'injection') expect(s.task).not.toBe(s.prompt);
      expect(s.effects).toHaveLength(s.trace.length + 1);
    }
  });
});

describe('the egress policy of the AgentDyn tools', () => {
  it('classifies every tool of the three suites with a reason, the same in every suite, and names only arguments the tool has', () => {
    const rows = new Map(pooled.egress.map((r) => [r.tool, r]));
    for (const [suite, tools] of Object.entries(pooled.tools)) {
      for (const t of tools) {
        const row = rows.get(t.name);
        expect(row, `${suite}: tool ${t.name} has no egress row`).toBeDefined();
        expect(row!.reason.length).toBeGreaterThan(10);
        const params = Object.keys((t.parameters as { properties?: object }).properties ?? {});
        for (const d of row!.dest) expect(params, `${t.name}: destination argument ${d}`).toContain(d);
      }
    }
    expect(new Set(pooled.policy.egressTools)).toEqual(new Set(pooled.egress.filter((r) => r.egress).map((r) => r.tool)));
  });

  it('every call of every run is of a tool the table classifies, or of a tool the suite never had (recorded as proposed)', () => {
    const known = new Set(pooled.egress.map((r) => r.tool));
    const unknown = new Set(pooled.scenarios.flatMap((s) => s.trace.map((st) => st.call.tool)).filter((t) => !known.has(t)));
    // A model may call a tool that does not exist (the runtime answers with an error); none may be an egress tool unclassified.
    for (const t of unknown) expect(pooled.policy.egressTools).not.toContain(t);
  });
});

describe('scoring by effect', () => {
  // One attacked and one benign run, hand-written: the goal is met by call 2, the user task by call 3.
  const effects = (security: (boolean | null)[], utility: boolean[]): HaltOutcome[] => utility.map((u, k) => ({ utility: u, security: security[k]! }));
  const call = (tool: string) => ({ tool, args: [], dest: '', context: [] });
  const run = (kind: 'benign' | 'injection', fx: HaltOutcome[]): Scenario => ({
    id: `${kind}-run`,
    kind,
    suite: 'shopping',
    task: 't',
    prompt: 'p',
    injectionTask: kind === 'injection' ? 'injection_task_0' : undefined,
    trace: ['a', 'b', 'c', 'd'].map((t) => ({ call: call(t), injected: false })),
    twin: [],
    effects: fx,
  });
  const attacked = run('injection', effects([false, false, false, true, true], [false, false, false, false, true]));
  const benign = run('benign', effects([null, null, null, null, null], [false, false, false, false, true]));
  const by = (rule: Record<string, Decision>) => ({ name: 'r', decide: (c: { tool: string }) => rule[c.tool] ?? { allowed: true, reason: '' } });
  const deny: Decision = { allowed: false, reason: 'no' };
  const ask: Decision = { allowed: false, ask: true, reason: '?' };

  it.each([
    ['no denial: the recorded outcome', {}, Outcome.Missed, { attack_success: 1, utility_under_attack: 1 }],
    ['a denial before the goal is met: stopped', { c: deny }, Outcome.BlockedInjected, { attack_success: 0, utility_under_attack: 0 }],
    ['a denial after the goal is met: halted too late', { d: deny }, Outcome.HaltedUnattributable, { attack_success: 1, utility_under_attack: 0 }],
    ['an ask is declined in an attacked run', { b: ask }, Outcome.BlockedInjected, { attack_success: 0, utility_under_attack: 0 }],
  ] as const)('%s', (_, rule, outcome, want) => {
    const j = judgeRecorded(by(rule as Record<string, Decision>), [attacked]);
    expect(j.outcomes[0]).toBe(outcome);
    expect(trajectoryCounts([attacked], j)).toMatchObject(want);
  });

  it('a benign run: kept unattended only with no ask; with confirmations an ask goes through, a denial does not', () => {
    const asked = judgeRecorded(by({ b: ask }), [benign]);
    expect(asked.outcomes[0]).toBe(Outcome.BenignConfirmed);
    expect(trajectoryCounts([benign], asked)).toMatchObject({ benign_utility: 0, benign_utility_confirmed: 1, benign_utility_undefended: 1 });
    const denied = judgeRecorded(by({ b: ask, d: deny }), [benign]);
    expect(denied.outcomes[0]).toBe(Outcome.BenignBroken);
    expect(trajectoryCounts([benign], denied)).toMatchObject({ benign_utility: 0, benign_utility_confirmed: 0 });
  });

  it('an attack that failed undefended is outside the gate axis but still in the ASR and utility figures', () => {
    const failed = run('injection', effects([false, false, false, false, false], [true, true, true, true, true]));
    const j = judgeRecorded(allowAll, [failed]);
    expect(j.outcomes[0]).toBe(Outcome.AttackFailed);
    expect(tally('x', j.outcomes)).toMatchObject({ injections_total: 0, unscored: 1 });
    expect(trajectoryCounts([failed], j)).toMatchObject({ attacked: 1, attack_success: 0, utility_under_attack: 1 });
    expect(suHmAttack(trajectoryCounts([failed], j))).toBe(1);
  });

  it.each([true, false])('an external defense driven over the corpus (stateless %s) gets exactly the in-process figures', async (stateless) => {
    const corpus = store.load('agentdyn-gpt-4o-2024-08-06') as TrajectoryCorpus;
    for (const d of referenceDefenses(corpus)) {
      const r = await drive(corpus.scenarios, { ask: async (a) => d.decide(a.call) }, { stateless, concurrency: 8, ...newRunSecrets() });
      const inProcess = judgeRecorded(d, corpus.scenarios);
      expect([...r.outcomes]).toEqual([...inProcess.outcomes]);
      expect(trajectoryCounts(corpus.scenarios, haltsOf(corpus.scenarios, r.decisionOf))).toEqual(trajectoryCounts(corpus.scenarios, inProcess));
    }
  });
});
