// The JSON Schemas shipped in docs/protocol/ are generated from the schemas the gate validates
// with, are current, and accept and refuse exactly what the gate accepts and refuses (checked
// with an independent JSON Schema validator, ajv, on good and bad messages of every kind).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { protocolSchemas } from '../../src/adapters/protocol-schemas.js';
import { MESSAGE_SCHEMAS } from '../../src/adapters/protocol.js';

const DIR = join(import.meta.dirname, '../../docs/protocol');
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
