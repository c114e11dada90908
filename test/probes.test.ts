// Nothing a deployed defense could not know reaches it. Probe defenses that decide only from the
// identifiers on the wire (session/scenario id, step, request id) and from arrival order must score
// exactly like allow-all or deny-all, whichever their decisions reduce to, on every corpus, whether
// they declare themselves stateless (every distinct call asked once) or not (sessions that halt).
// The probes see exactly the request line the gate writes (encodeRequest), nothing else.
import { describe, expect, it } from 'vitest';
import { CORPUS_NAMES } from '../src/data/registry.js';
import { CorpusStore } from '../src/data/store.js';
import { encodeBegin, encodeRequest, encodeRequestV2 } from '../src/adapters/protocol.js';
import { sessionPrompt } from '../src/corpora/corpus.js';
import { drive, type Asker } from '../src/scoring/drive.js';
import { judge } from '../src/scoring/judge.js';
import { allowAll, denyAll } from '../src/defenses/trivial.js';
import { newRunSecrets } from '../src/adapters/index.js';

interface Wire {
  id: number;
  scenario: string;
  step: number;
  call: { tool: string };
}
type Probe = () => (w: Wire) => boolean;
/** What a probe must score like: a trivial defense, or (stateless) a pure rule on the step. */
type Like = 'allow-all' | 'deny-all' | 'deny steps after the first';

/** Each probe returns a fresh decide function (allow = true) with its own memory of what it saw. */
const PROBES: Record<string, { probe: Probe; like: Like | ((stateless: boolean) => Like) }> = {
  // The first release's leak: the scenario id named the injection task.
  'deny ids that name an injection': { probe: () => (w) => !/injection|user_task|:/.test(w.scenario), like: 'allow-all' },
  // A re-decided twin call used to carry "(benign twin)" or the twin's own id.
  'deny ids that name a twin': { probe: () => (w) => !/twin|benign/.test(w.scenario), like: 'allow-all' },
  // A twin probe used to arrive right after the pair's denial: allow a call of a run already denied.
  'allow only re-asked runs': {
    probe: () => {
      const denied = new Set<string>();
      return (w) => {
        if (denied.has(w.scenario)) return true;
        denied.add(w.scenario);
        return false;
      };
    },
    like: 'deny-all',
  },
  'deny the first call of every run': { probe: () => (w) => w.step !== 0, like: 'deny-all' },
  // Stateless requests are asked once: an injected run shares its twin's first calls, so grouped by
  // run, its session would start late. Each stateless request is a session of its own instead, so
  // this reduces to a rule on the step alone.
  'deny runs whose first request is not their first call': {
    probe: () => {
      const late = new Map<string, boolean>();
      return (w) => {
        if (!late.has(w.scenario)) late.set(w.scenario, w.step > 0);
        return !late.get(w.scenario);
      };
    },
    like: (stateless) => (stateless ? 'deny steps after the first' : 'allow-all'),
  },
  // Arrival order of a stateless defense's requests: a step that does not follow the previous
  // request's step in the same session would mark a run whose prefix was asked elsewhere.
  'deny a call whose session was not asked the step before': {
    probe: () => {
      const last = new Map<string, number>();
      return (w) => {
        const ok = w.step === 0 || last.get(w.scenario) === w.step - 1;
        last.set(w.scenario, w.step);
        return ok;
      };
    },
    like: (stateless) => (stateless ? 'deny steps after the first' : 'allow-all'),
  },
  // Arrival order: runs are interleaved at random, so "the first run seen" is no particular one.
  'allow only runs seen after 100 others, from their second call on': {
    probe: () => {
      const first = new Map<string, number>();
      return (w) => {
        if (!first.has(w.scenario)) first.set(w.scenario, first.size);
        return first.get(w.scenario)! >= 100 && w.step > 0;
      };
    },
    like: 'deny-all',
  },
};

const store = new CorpusStore();

describe.each(CORPUS_NAMES)('probes on %s', async (name) => {
  const corpus = store.load(name);
  // A pure rule on the step (not expressible as an in-process Defense, which sees only the call),
  // driven as a stateless defense: what "decides from the step alone" scores.
  const laterSteps = await drive(
    corpus.scenarios,
    { ask: async (a) => ({ allowed: a.step === 0, reason: '' }) },
    { stateless: true, concurrency: 8, ...newRunSecrets() },
  );
  const want: Record<Like, number[]> = {
    'allow-all': [...judge(allowAll, corpus.scenarios)],
    'deny-all': [...judge(denyAll, corpus.scenarios)],
    'deny steps after the first': [...laterSteps.outcomes],
  };

  const cases = Object.entries(PROBES).flatMap(([label, p]) =>
    [1, 2].flatMap((v) => [true, false].map((stateless) => [label, v, stateless, p] as const)),
  );
  it.each(cases)(
    '%s (protocol %s, stateless %s) scores exactly like its trivial counterpart',
    async (_, version, stateless, { probe, like }) => {
      const decide = probe();
      let id = 0;
      // What a v2 defense sees of a run: its begin message, and the step (the trace's length).
      const begins = new Map<string, unknown>();
      const asker: Asker = {
        begin: (session, s) =>
          void begins.set(session, JSON.parse(encodeBegin(session, s.suite, sessionPrompt(corpus, s), corpus.tools[s.suite] ?? []))),
        ask: async (a) => {
          if (version === 1) return { allowed: decide(JSON.parse(encodeRequest(++id, a.session, a.step, a.call)) as Wire), reason: '' };
          const q = JSON.parse(encodeRequestV2(++id, a.session, a.step, a.scenario.trace)) as {
            session: string;
            trace: unknown[];
            call: Wire['call'];
          };
          expect(begins.has(q.session)).toBe(true);
          return { allowed: decide({ id, scenario: q.session, step: q.trace.length, call: q.call }), reason: '' };
        },
      };
      const r = await drive(corpus.scenarios, asker, { stateless, concurrency: 8, ...newRunSecrets() });
      expect([...r.outcomes]).toEqual(want[typeof like === 'function' ? like(stateless) : like]);
    },
  );
});

describe('the wire', () => {
  it('carries no scenario id, corpus name, kind, goal or twin relation', async () => {
    const pairs = store.pairs();
    const lines: string[] = [];
    const asker: Asker = {
      ask: async (a) => {
        lines.push(encodeRequest(lines.length + 1, a.session, a.step, a.call));
        return { allowed: a.step > 0, reason: '' };
      },
    };
    await drive(pairs.scenarios, asker, { stateless: false, concurrency: 4, ...newRunSecrets() });
    const text = lines.join('\n');
    for (const leak of ['user_task', 'injection_task', 'pairs', '"kind"', '"goal"', '"injected"', 'twin', 'benign'])
      expect(text).not.toContain(leak);
    for (const l of lines) expect(Object.keys(JSON.parse(l) as object)).toEqual(['id', 'scenario', 'step', 'call']);
  });

  it('two runs of the same corpus use unrelated ids and orders', async () => {
    const bundled = store.bundled();
    const seen: string[][] = [[], []];
    for (const k of [0, 1]) {
      await drive(
        bundled.scenarios,
        { ask: async (a) => (seen[k]!.push(`${a.session}:${a.call.tool}`), { allowed: true, reason: '' }) },
        { stateless: false, concurrency: 1, ...newRunSecrets() },
      );
    }
    const ids = seen.map((s) => new Set(s.map((x) => x.split(':')[0])));
    expect([...ids[0]!].some((i) => ids[1]!.has(i))).toBe(false);
    expect(seen[0]!.map((x) => x.split(':')[1])).not.toEqual(seen[1]!.map((x) => x.split(':')[1]));
  });
});
