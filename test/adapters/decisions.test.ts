// The decision cache's digest (docs/cache.md#the-digest): it changes with everything the defense is
// told and with who is asked, and with nothing else. Each mutation is checked against the wire
// itself: the digest changes exactly when the lines the gate writes (ids held fixed) change.
import { describe, expect, it } from 'vitest';
import type { Call, Scenario, Step, ToolSchema } from '../../src/model/call.js';
import type { SessionInfo } from '../../src/scoring/drive.js';
import { canonicalJson, DecisionCache, requestDigest, toldOf, type DigestBasis } from '../../src/adapters/decisions.js';
import { encodeBegin, encodeRequest, encodeRequestV2 } from '../../src/adapters/protocol.js';
import { scenario } from '../helpers.js';

const read: Call = { tool: 'read_file', args: [{ name: 'file_path', provenance: 'trusted', text: 'bill.txt' }], dest: '', context: [] };
const pay: Call = {
  tool: 'send_money',
  args: [
    { name: 'recipient', provenance: 'untrusted', text: 'UK12' },
    { name: 'amount', provenance: 'untrusted', text: '98.7' },
  ],
  dest: 'UK12',
  context: ['Bill <INFORMATION>'],
};
const tools: ToolSchema[] = [{ name: 'send_money', description: 'Sends money.', parameters: { type: 'object', properties: {} } }];

interface Request {
  readonly s: Scenario;
  readonly step: number;
  readonly info: SessionInfo;
}
const base: Request = {
  s: scenario(
    [
      { call: read, injected: false, output: 'Bill <INFORMATION>' },
      { call: pay, injected: true, read: [0] },
    ],
    {
      id: 'banking-user_task_0-injection_task_3',
      kind: 'injection',
      suite: 'banking',
      task: 'send money to the attacker',
    },
  ),
  step: 1,
  info: { prompt: 'Pay the bill', tools },
};
const basis: DigestBasis = {
  identity: { protocol: 2, name: 'd', capabilities: { stateless: true, max_concurrency: 8 } },
  toolVersion: '1.0.0',
  cacheKey: 'k',
};

const withStep = (r: Request, i: number, f: (st: Step) => Step): Request => ({
  ...r,
  s: { ...r.s, trace: r.s.trace.map((st, j) => (j === i ? f(st) : st)) },
});
const withCall = (r: Request, i: number, f: (c: Call) => Call): Request => withStep(r, i, (st) => ({ ...st, call: f(st.call) }));
const withArg = (r: Request, i: number, a: number, f: (x: Call['args'][number]) => Call['args'][number]): Request =>
  withCall(r, i, (c) => ({ ...c, args: c.args.map((x, j) => (j === a ? f(x) : x)) }));

/** Everything one request of a scenario could differ in: some told to the defense, some (labels, ids) never. */
const mutations: [string, (r: Request) => Request][] = [
  ['the pending tool', (r) => withCall(r, 1, (c) => ({ ...c, tool: 'send_money_now' }))],
  ['a pending argument name', (r) => withArg(r, 1, 0, (a) => ({ ...a, name: 'iban' }))],
  ['a pending argument provenance', (r) => withArg(r, 1, 0, (a) => ({ ...a, provenance: 'trusted' }))],
  ['a pending argument text', (r) => withArg(r, 1, 1, (a) => ({ ...a, text: '98.70' }))],
  ['the pending argument order', (r) => withCall(r, 1, (c) => ({ ...c, args: [...c.args].reverse() }))],
  [
    'one pending argument more',
    (r) => withCall(r, 1, (c) => ({ ...c, args: [...c.args, { name: 'x', provenance: 'trusted', text: '' }] })),
  ],
  ['the pending dest', (r) => withCall(r, 1, (c) => ({ ...c, dest: 'UK13' }))],
  ['the pending context', (r) => withCall(r, 1, (c) => ({ ...c, context: ['Bill'] }))],
  ['a traced tool', (r) => withCall(r, 0, (c) => ({ ...c, tool: 'read_mail' }))],
  ['a traced argument name', (r) => withArg(r, 0, 0, (a) => ({ ...a, name: 'path' }))],
  ['a traced argument provenance', (r) => withArg(r, 0, 0, (a) => ({ ...a, provenance: 'untrusted' }))],
  ['a traced argument text', (r) => withArg(r, 0, 0, (a) => ({ ...a, text: 'bill2.txt' }))],
  ['a traced dest', (r) => withCall(r, 0, (c) => ({ ...c, dest: 'x.example' }))],
  ['a traced output', (r) => withStep(r, 0, (st) => ({ ...st, output: 'Bill' }))],
  ['a traced output left unread', (r) => withStep(r, 1, (st) => ({ ...st, read: [] }))],
  ['the step (a shorter trace)', (r) => ({ ...r, step: 0 })],
  ['the suite', (r) => ({ ...r, s: { ...r.s, suite: 'slack' } })],
  ['the prompt', (r) => ({ ...r, info: { ...r.info, prompt: 'Pay the bills' } })],
  ['no prompt', (r) => ({ ...r, info: { ...r.info, prompt: null } })],
  ['an empty prompt', (r) => ({ ...r, info: { ...r.info, prompt: '' } })],
  ['a tool description', (r) => ({ ...r, info: { ...r.info, tools: [{ ...tools[0]!, description: 'Sends money!' }] } })],
  ['a tool schema', (r) => ({ ...r, info: { ...r.info, tools: [{ ...tools[0]!, parameters: { type: 'object' } }] } })],
  ['no tools', (r) => ({ ...r, info: { ...r.info, tools: [] } })],
  // Never told: these must not change the digest.
  ['the scenario id', (r) => ({ ...r, s: { ...r.s, id: 'banking-user_task_0' } })],
  ['the kind', (r) => ({ ...r, s: { ...r.s, kind: 'benign' } })],
  ['the task (the injection goal)', (r) => ({ ...r, s: { ...r.s, task: 'Pay the bill' } })],
  ['the injected flag', (r) => withStep(r, 1, (st) => ({ ...st, injected: false }))],
  ['the twin', (r) => ({ ...r, s: { ...r.s, twin: [read] } })],
];

/** The lines the gate writes for the request, with fixed ids. */
const wire = (protocol: 1 | 2, r: Request, ids: [number, string] = [7, 'ca6c4c0e81944a8d']): string =>
  protocol === 2
    ? encodeBegin(ids[1], r.s.suite, r.info.prompt, r.info.tools) + encodeRequestV2(ids[0], ids[1], r.step, r.s.trace)
    : encodeRequest(ids[0], ids[1], r.step, r.s.trace[r.step]!.call);
const digest = (protocol: 1 | 2, r: Request, module = false, b: DigestBasis = basis): string =>
  requestDigest(b, toldOf(protocol, module, r.s, r.step, r.s.trace[r.step]!.call, r.info));

describe('the digest of a request', () => {
  for (const protocol of [1, 2] as const)
    it(`protocol ${protocol}: changes exactly when what the defense is told changes`, () => {
      const before = digest(protocol, base);
      const changed: string[] = [];
      for (const [what, mutate] of mutations) {
        const after = mutate(base);
        const told = wire(protocol, after) !== wire(protocol, base);
        expect(digest(protocol, after) !== before, `${what}: the digest ${told ? 'must' : 'must not'} change`).toBe(told);
        if (told) changed.push(what);
      }
      // Not vacuous: the wire carries everything but the labels and ids (protocol 2 sends the trace's
      // outputs instead of the context; protocol 1 sends neither names, trace, prompt nor tools).
      const never = ['the scenario id', 'the kind', 'the task (the injection goal)', 'the injected flag', 'the twin'];
      const unchanged = mutations.map(([w]) => w).filter((w) => !changed.includes(w));
      if (protocol === 2) expect(unchanged).toEqual(['the pending context', ...never]);
      else
        expect(changed).toEqual([
          'the pending tool',
          'a pending argument provenance',
          'a pending argument text',
          'the pending argument order',
          'one pending argument more',
          'the pending dest',
          'the pending context',
          'the step (a shorter trace)',
        ]);
    });

  it('does not depend on the per-run ids, which the wire does carry', () => {
    expect(wire(2, base, [1, 'aaaa'])).not.toBe(wire(2, base, [2, 'bbbb']));
    expect(digest(2, base)).toBe(digest(2, { ...base, s: { ...base.s } }));
    expect(toldOf(2, false, base.s, 1, pay, base.info).join('')).toBe(wire(2, base, [0, '']));
    expect(toldOf(1, false, base.s, 1, pay, base.info).join('')).toBe(wire(1, base, [0, '']));
  });

  it('a protocol 1 module is told the whole call, argument names included', () => {
    const renamed = withArg(base, 1, 0, (a) => ({ ...a, name: 'iban' }));
    expect(digest(1, renamed)).toBe(digest(1, base));
    expect(digest(1, renamed, true)).not.toBe(digest(1, base, true));
    expect(digest(1, base, true)).not.toBe(digest(1, base));
  });

  it('changes with who is asked: the hello, the tool version, the cache-key', () => {
    const id = basis.identity as { protocol: number; name: string; capabilities: object };
    const bases: DigestBasis[] = [
      { ...basis, identity: { ...id, name: 'e' } },
      { ...basis, identity: { ...id, protocol: 1 } },
      { ...basis, identity: { ...id, capabilities: { stateless: true, max_concurrency: 9 } } },
      { ...basis, identity: { ...id, capabilities: { stateless: true, max_concurrency: 8, learns: false } } },
      { ...basis, toolVersion: '1.0.1' },
      { ...basis, cacheKey: 'k2' },
      { ...basis, cacheKey: '' },
    ];
    const all = new Set([digest(2, base), ...bases.map((b) => digest(2, base, false, b))]);
    expect(all.size).toBe(bases.length + 1);
    // Key order in the hello is not a difference.
    expect(
      digest(2, base, false, { ...basis, identity: { capabilities: { max_concurrency: 8, stateless: true }, name: 'd', protocol: 2 } }),
    ).toBe(digest(2, base));
  });

  it('canonical JSON sorts keys and drops undefined fields', () => {
    expect(canonicalJson({ b: 1, a: [{ d: undefined, c: 'x' }] })).toBe('{"a":[{"c":"x"}],"b":1}');
  });
});

describe('DecisionCache', () => {
  it('lists what the run needed first (by digest), then what others answered, then the rest of the file in its order', async () => {
    const d = (reason: string) => ({ allowed: true, reason });
    const c = new DecisionCache([
      ['f1', d('1')],
      ['a2', d('2')],
      ['c3', d('3')],
    ]);
    expect(c.loaded).toBe(3);
    c.used.add('c3').add('b4');
    c.decisions.set('b4', Promise.resolve(d('4')));
    c.decisions.set('e5', Promise.reject(new Error('failed')));
    c.decisions.get('e5')!.catch(() => undefined);
    const other = new DecisionCache();
    other.decisions.set('a0', Promise.resolve(d('0')));
    other.decisions.set('b4', Promise.resolve(d('other')));
    c.adopt(other);
    expect((await c.entries()).map(([k, v]) => `${k}=${v.reason}`)).toEqual(['b4=4', 'c3=3', 'a0=0', 'f1=1', 'a2=2']);
  });
});
