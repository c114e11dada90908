// The JSON Schemas shipped in docs/protocol/ are generated from the schemas the gate validates
// with, are current, and accept and refuse exactly what the gate accepts and refuses (checked
// with an independent JSON Schema validator, ajv, on good and bad messages of every kind, and on
// thousands of seeded mutations of them); every message the gate writes validates against them,
// with exactly the documented fields.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { protocolSchemas } from '../../src/adapters/protocol-schemas.js';
import { MESSAGE_SCHEMAS, encodeBegin, encodeEnd, encodeRequest, encodeRequestV2 } from '../../src/adapters/protocol.js';
import { sessionPrompt, type Corpus } from '../../src/corpora/corpus.js';
import { CorpusStore } from '../../src/data/store.js';

const ROOT = join(import.meta.dirname, '../..');
const DIR = join(ROOT, 'docs/protocol');
const generated = protocolSchemas();

const tool = { name: 'send_money', description: 'Sends money.', parameters: { type: 'object', properties: {} } };
const arg = { name: 'recipient', provenance: 'untrusted', text: 'US12' };
const SAMPLES: Record<keyof typeof MESSAGE_SCHEMAS, { good: unknown[]; bad: unknown[] }> = {
  'hello.schema.json': {
    good: [
      { protocol: 2, name: 'g' },
      { protocol: 1, name: 'g', capabilities: { stateless: true, max_concurrency: 256 } },
      { protocol: 2, name: 'g', capabilities: { learns: true } },
    ],
    bad: [
      { protocol: 3, name: 'g' },
      { protocol: 2, name: 'a\n::warning::x' },
      { protocol: 2, name: '' },
      { protocol: 2, name: 'g', capabilities: { max_concurrency: 257 } },
      { protocol: 2, name: 'g', capabilities: { learns: 'yes' } },
      { name: 'g' },
    ],
  },
  'reply-v1.schema.json': {
    good: [
      { id: 1, allow: true },
      { id: 0, allow: false, reason: 'r' },
    ],
    bad: [{ id: 1, allow: 'yes' }, { id: -1, allow: true }, { allow: true }],
  },
  'reply-v2.schema.json': {
    good: [
      { id: 1, decision: 'allow' },
      { id: 2, decision: 'ask', reason: 'confirm' },
      { id: 3, decision: 'deny', reason: '' },
    ],
    bad: [
      { id: 1, decision: 'sanitize' },
      { id: 1, allow: true },
      { id: 1.5, decision: 'deny' },
      { id: 1, decision: 'deny', reason: 'x'.repeat(10_001) },
    ],
  },
  'begin.schema.json': {
    good: [
      { type: 'begin', session: 's', suite: 'banking', prompt: 'pay', tools: [tool] },
      { type: 'begin', session: 's', suite: 'banking', prompt: null, tools: [] },
    ],
    bad: [
      { type: 'begin', session: 's', suite: 'banking', tools: [] },
      { type: 'end', session: 's', suite: 'b', prompt: null, tools: [] },
    ],
  },
  'request-v1.schema.json': {
    good: [
      {
        id: 1,
        scenario: 's',
        step: 0,
        call: { tool: 'send_money', args: [{ provenance: 'untrusted', text: 'US12' }], dest: 'US12', context: ['x'] },
      },
    ],
    bad: [
      { id: 1, scenario: 's', step: -1, call: { tool: 't', args: [], dest: '', context: [] } },
      { id: 1, scenario: 's', step: 0, call: { tool: 't', args: [], dest: '' } },
      { id: 0, scenario: 's', step: 0, call: { tool: 't', args: [], dest: '', context: [] } },
    ],
  },
  'request-v2.schema.json': {
    good: [
      {
        type: 'request',
        id: 1,
        session: 's',
        call: { tool: 'send_money', args: [arg], dest: 'US12' },
        trace: [{ tool: 'read_file', args: [], dest: '', output: 'x', read: true }],
      },
    ],
    bad: [
      { type: 'request', id: 0, session: 's', call: { tool: 't', args: [], dest: '' }, trace: [] },
      { type: 'request', id: 1, session: 's', call: { tool: 't', args: [{ provenance: 'p', text: 't' }], dest: '' }, trace: [] },
    ],
  },
  'end.schema.json': { good: [{ type: 'end', session: 's' }], bad: [{ type: 'end' }, { type: 'begin', session: 's' }] },
  'feedback.schema.json': {
    good: [
      {
        type: 'feedback',
        session: 's',
        request: 3,
        label: 'attack_success',
        suite: 'banking',
        prompt: 'pay',
        call: { tool: 't', args: [arg], dest: 'US12' },
      },
      {
        type: 'feedback',
        session: 's',
        request: 1,
        label: 'blocked_attack',
        suite: 'slack',
        prompt: null,
        call: { tool: 't', args: [], dest: '' },
      },
    ],
    bad: [
      { type: 'feedback', session: 's', request: 3, label: 'success', suite: 'b', prompt: null, call: { tool: 't', args: [], dest: '' } },
      {
        type: 'feedback',
        session: 's',
        request: 0,
        label: 'false_positive',
        suite: 'b',
        prompt: null,
        call: { tool: 't', args: [], dest: '' },
      },
      { type: 'feedback', session: 's', label: 'false_positive', suite: 'b', prompt: null, call: { tool: 't', args: [], dest: '' } },
    ],
  },
};

describe('docs/protocol/*.schema.json', () => {
  it('are exactly the generated schemas (run `npx tsx scripts/protocol-schemas.ts` after changing a message)', () => {
    expect(
      readdirSync(DIR)
        .filter((f) => f.endsWith('.schema.json'))
        .sort(),
    ).toEqual(Object.keys(generated).sort());
    for (const [file, text] of Object.entries(generated)) expect(readFileSync(join(DIR, file), 'utf8'), file).toBe(text);
  });

  it.each(Object.keys(MESSAGE_SCHEMAS) as (keyof typeof MESSAGE_SCHEMAS)[])('%s accepts and refuses what the gate does', (file) => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(generated[file]!) as object);
    const { good, bad } = SAMPLES[file];
    for (const m of good) {
      expect(MESSAGE_SCHEMAS[file].safeParse(m).success, JSON.stringify(m)).toBe(true);
      expect(validate(m), JSON.stringify(m)).toBe(true);
    }
    for (const m of bad) {
      expect(MESSAGE_SCHEMAS[file].safeParse(m).success, JSON.stringify(m)).toBe(false);
      expect(validate(m), JSON.stringify(m)).toBe(false);
    }
  });
});

/** A small seeded PRNG (mulberry32), so the mutations are the same on every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Values a mutation puts somewhere: every JSON type, the boundaries the schemas draw (signs,
// fractions, unsafe integers, lengths in characters and in UTF-16 units, control characters), and
// the words the protocol knows.
const VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  1,
  -1,
  1.5,
  256,
  257,
  2 ** 53,
  -(2 ** 53),
  '',
  'x',
  'allow',
  'deny',
  'ask',
  'sanitize',
  'begin',
  'end',
  'request',
  'a\nb',
  '\u2028',
  '\u007f',
  'x'.repeat(200),
  'x'.repeat(201),
  '😀'.repeat(100),
  '😀'.repeat(101),
  'x'.repeat(10_000),
  'x'.repeat(10_001),
  '😀'.repeat(5_001),
  [],
  ['x'],
  [{}],
  {},
  { x: 1 },
];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path into a JSON value (the root included). */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(v)) return here.concat(...v.map((x, i) => paths(x, [...at, i])));
  if (v !== null && typeof v === 'object') return here.concat(...Object.entries(v).map(([k, x]) => paths(x, [...at, k])));
  return here;
}

/** One random change: a value replaced, a field dropped, an unknown field added, an item appended. */
function mutate(message: Json, next: () => number): Json {
  const copy = structuredClone(message);
  const all = paths(copy);
  const path = all[Math.floor(next() * all.length)]!;
  const pick = () => structuredClone(VALUES[Math.floor(next() * VALUES.length)]) as Json;
  if (path.length === 0) return next() < 0.5 ? pick() : copy;
  const parent = path.slice(0, -1).reduce<Json>((o, k) => (o as Record<string | number, Json>)[k]!, copy) as Record<string | number, Json>;
  const key = path.at(-1)!;
  const kind = next();
  if (kind < 0.6) parent[key] = pick();
  else if (kind < 0.8 && !Array.isArray(parent)) delete parent[key];
  else if (kind < 0.9 && !Array.isArray(parent)) parent['unknown_field'] = pick();
  else if (Array.isArray(parent)) parent.push(pick());
  else parent[key] = pick();
  return copy;
}

describe('the shipped schemas and the gate agree', () => {
  it.each(Object.keys(MESSAGE_SCHEMAS) as (keyof typeof MESSAGE_SCHEMAS)[])('%s: on 3,000 seeded mutations of its samples', (file) => {
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as object);
    const next = rng(0x5eed ^ file.length);
    const samples = [...SAMPLES[file].good, ...SAMPLES[file].bad] as Json[];
    const disagree: unknown[] = [];
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      let m: Json = samples[i % samples.length]!;
      for (let k = 1 + Math.floor(next() * 3); k > 0; k--) m = mutate(m, next);
      const gate = MESSAGE_SCHEMAS[file].safeParse(m).success;
      if (gate) accepted++;
      if (gate !== validate(m)) disagree.push(m);
    }
    expect(disagree.slice(0, 3)).toEqual([]);
    expect(accepted).toBeGreaterThan(100); // the mutations reach both sides of the schema
    expect(accepted).toBeLessThan(2900);
  });
});

describe('every message the gate writes validates against the shipped schema', () => {
  // Strict: the shipped schemas allow unknown fields (docs/protocol.md#versioning), so the same
  // schemas with every object closed check that the gate sends exactly the documented fields.
  const strict = (file: keyof typeof MESSAGE_SCHEMAS) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const shipped = ajv.compile(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as object);
    const closed = ajv.compile(z.toJSONSchema(MESSAGE_SCHEMAS[file], { io: 'output', unrepresentable: 'any' }));
    return (line: string) => {
      const m = JSON.parse(line) as unknown;
      return shipped(m) && closed(m) ? [] : [{ line: line.slice(0, 300), errors: [...(shipped.errors ?? []), ...(closed.errors ?? [])] }];
    };
  };
  const store = new CorpusStore();
  const corpora: [string, Corpus][] = [
    ['pairs', store.pairs()],
    ['agentdojo', store.groundTruth()],
    ['bundled', store.bundled()],
  ];

  it.each(corpora)('on %s: begin, request (v1 and v2) and end of every run and step', (_, corpus) => {
    const [begin, v1, v2, end] = (
      ['begin.schema.json', 'request-v1.schema.json', 'request-v2.schema.json', 'end.schema.json'] as const
    ).map(strict);
    const failures: unknown[] = [];
    let id = 0;
    for (const s of corpus.scenarios) {
      failures.push(...begin!(encodeBegin('0123456789abcdef', s.suite, sessionPrompt(corpus, s), corpus.tools[s.suite] ?? [])));
      s.trace.forEach((st, step) => {
        failures.push(...v1!(encodeRequest(++id, '0123456789abcdef', step, st.call)));
        failures.push(...v2!(encodeRequestV2(++id, '0123456789abcdef', step, s.trace)));
      });
      failures.push(...end!(encodeEnd('0123456789abcdef')));
    }
    expect(failures.slice(0, 2)).toEqual([]);
    expect(id).toBeGreaterThan(20);
  });
});

describe('the schemas ship in the package', () => {
  const files = Object.keys(MESSAGE_SCHEMAS).sort();

  it('npm pack puts every schema in the tarball', () => {
    const p = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
    expect(p.status, p.stderr).toBe(0);
    const [pack] = JSON.parse(p.stdout) as { files: { path: string }[] }[];
    const shipped = pack!.files.map((f) => f.path).filter((f) => f.startsWith('docs/protocol/'));
    expect(shipped.map((f) => f.slice('docs/protocol/'.length)).sort()).toEqual(files);
  });

  it("are package.json's export ./protocol/*.json: plain Node imports them by the package's name", () => {
    // A defense author's project with agent-defense-eval installed (a link to this checkout).
    const project = mkdtempSync(join(tmpdir(), 'ade-schema-consumer-'));
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(ROOT, join(project, 'node_modules', 'agent-defense-eval'), 'dir');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module' }));
    const script = files.map((f, i) => `import s${i} from 'agent-defense-eval/protocol/${f}' with { type: 'json' };`).join('\n');
    writeFileSync(
      join(project, 'check.js'),
      `${script}\nconsole.log(JSON.stringify([${files.map((_, i) => `s${i}.title`).join(', ')}]));\n`,
    );
    const p = spawnSync(process.execPath, ['check.js'], { cwd: project, encoding: 'utf8' });
    expect(p.status, p.stderr).toBe(0);
    expect(JSON.parse(p.stdout)).toEqual(files.map((f) => (JSON.parse(generated[f]!) as { title: string }).title));
  });
});
