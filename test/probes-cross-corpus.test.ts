// One defense process scores every corpus of a run, and the benign tasks recur across corpora (the
// same user tasks in pairs, agentdojo and attacks). If their session ids recurred too, a defense
// that remembers ids would know a recurring run for a benign one: the audit of issue 9 scored such
// a probe 26/26 with 97/97 utility on agentdojo after pairs. Through the production path
// (scoreUserDefense, one stdio process for all corpora), probes that decide only from the ids they
// remember score exactly like allow-all or deny-all on every corpus, in either order, stateful or
// stateless, protocol 1 or 2.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorpusStore } from '../src/data/store.js';
import type { CorpusName } from '../src/data/registry.js';
import { loadCorpora, scoreUserDefense } from '../src/run/score.js';
import { judge } from '../src/scoring/judge.js';
import { allowAll, denyAll } from '../src/defenses/trivial.js';

const PROBE = join(import.meta.dirname, 'fixtures/defenses/id-memory-probe.mjs');
const store = new CorpusStore();
const RULES = { 'repeat-is-benign': allowAll, 'only-known': denyAll } as const;
const ORDERS: CorpusName[][] = [
  ['pairs', 'agentdojo'],
  ['agentdojo', 'pairs'],
];

const cases = ORDERS.flatMap((order) =>
  (Object.keys(RULES) as (keyof typeof RULES)[]).flatMap((rule) =>
    [1, 2].flatMap((protocol) => [false, true].map((stateless) => [order.join(', '), rule, protocol, stateless, order] as const)),
  ),
);

describe('a defense that remembers ids across the corpora of one run', () => {
  it.each(cases)(
    'on %s, %s (protocol %s, stateless %s) scores like its trivial counterpart',
    async (_, rule, protocol, stateless, order) => {
      const corpora = loadCorpora(order, () => store);
      const scored = await scoreUserDefense(
        { kind: 'command', command: `"${process.execPath}" "${PROBE}" ${rule} ${protocol} ${stateless}` },
        corpora,
        { name: undefined, keyName: 'probe', timeoutMs: 10_000, cwd: import.meta.dirname, commit: '' },
      );
      for (const c of corpora) expect([...scored.runs.get(c.name)!.outcomes], c.name).toEqual([...judge(RULES[rule], c.scenarios)]);
    },
  );
});
