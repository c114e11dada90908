// The readable transforms in TypeScript (src/corpora/transforms.ts) against the reference, corpora/agentdojo/export/
// transforms.py, run by python3 in one process: every committed goal and seeded random goals, each through every
// transform and its check, and the checks on outputs that should fail.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyTransform,
  checkFieldSplit,
  checkFraming,
  checkLeet,
  fieldSplit,
  framing,
  FRAMING_PREFIX,
  GOAL_TRANSFORMS,
  leet,
  pyContains,
  TRANSFORM_NAMES,
  type TransformName,
} from '../../src/corpora/transforms.js';
import { TRANSFORMS } from '../../src/data/registry.js';
import { CorpusStore } from '../../src/data/store.js';
import { InputError, PayloadError } from '../../src/model/errors.js';

const store = new CorpusStore();
const DRIVER = join(store.root, 'test/fixtures/seeds/transforms.py');
const NAMES = Object.keys(GOAL_TRANSFORMS) as TransformName[];

type Case = { apply: string; goal: string } | { check: TransformName; goal: string; out: string };
type Answer = { ok: unknown } | { error: string };

/** The reference's answers for a batch of cases, in one python3 process. */
function python(cases: readonly Case[]): Answer[] {
  const out = execFileSync('python3', [DRIVER], { input: JSON.stringify(cases), maxBuffer: 1 << 26, encoding: 'utf8' });
  return JSON.parse(out) as Answer[];
}

/** The port's answer to a case, in the driver's shape. */
function port(c: Case): Answer {
  if ('check' in c) return { ok: GOAL_TRANSFORMS[c.check].check(c.goal, c.out) };
  try {
    return { ok: applyTransform(c.apply, c.goal) };
  } catch (e) {
    if (e instanceof InputError) return { error: e.message };
    throw e;
  }
}

/** Every transform applied to every goal, and every check on its own output and on the other outputs given. */
function cases(goals: readonly string[], outs: (goal: string) => readonly string[] = () => []): Case[] {
  return goals.flatMap((goal) => [
    ...NAMES.map((apply) => ({ apply, goal })),
    ...NAMES.flatMap((check) => [GOAL_TRANSFORMS[check].transform(goal), ...outs(goal)].map((out) => ({ check, goal, out }))),
  ]);
}

function disagreements(all: readonly Case[]): string[] {
  const want = python(all);
  expect(want.length).toBe(all.length);
  return all.flatMap((c, k) => {
    const got = port(c);
    return JSON.stringify(got) === JSON.stringify(want[k]) ? [] : [`${JSON.stringify(c)}: port ${JSON.stringify(got)}, Python ${JSON.stringify(want[k])}`];
  });
}

describe('the transforms (the reference test_transforms.py, ported)', () => {
  it('names: the three of the registry, identity aside', () => {
    expect(TRANSFORM_NAMES).toEqual(['framing', 'field_split', 'leet']);
    expect(TRANSFORMS).toEqual(TRANSFORM_NAMES);
    expect(NAMES.sort()).toEqual(['field_split', 'framing', 'identity', 'leet']);
  });

  it('framing, field_split and leet', () => {
    expect(framing('pay it')).toBe('Note to self, do not forget: pay it');
    expect(FRAMING_PREFIX).toBe('Note to self, do not forget: ');
    expect(checkFraming('the full payload', 'Note: partial')).toBe(false);
    expect(fieldSplit('a  b c')).toBe('a  |\nb |\nc');
    expect(checkFieldSplit('nospace', fieldSplit('nospace'))).toBe(false);
    expect(leet('ignore the instructions')).toBe('1gn0r3 th3 1nstruct10ns');
    expect(leet('IEAO u 1234 aeio')).toBe('IEAO u 1234 4310');
    expect(checkLeet('abc', 'xbc')).toBe(false);
    expect(checkLeet('abc', '4bcd')).toBe(false);
  });

  it('a failed check is a PayloadError with the goal cut to 60 code points; an unknown name an InputError listing the known ones', () => {
    expect(() => applyTransform('field_split', 'nospace')).toThrow(new PayloadError("transform 'field_split' failed its check on nospace"));
    expect(() => applyTransform('leet', `${'\u{1f600}'.repeat(70)}`)).toThrow(
      new PayloadError(`transform 'leet' failed its check on ${'\u{1f600}'.repeat(60)}`),
    );
    expect(() => applyTransform('rot13', 'x')).toThrow(new InputError("unknown transform 'rot13'; known: ['field_split', 'framing', 'identity', 'leet']"));
    expect(() => applyTransform('rot13', 'x')).not.toThrow(PayloadError);
  });

  it("substrings are Python's: a lone surrogate never matches half of a pair", () => {
    expect(pyContains('x\u{1f600}', '\ude00')).toBe(false);
    expect(pyContains('\u{1f600}x', '\ud83d')).toBe(false);
    expect(pyContains('x\ude00', '\ude00')).toBe(true);
    expect(pyContains('\u{1f600}\ude00', '\ude00')).toBe(true);
    expect(pyContains('abc', '')).toBe(true);
    expect(checkFraming('\ude00', framing('\ud83d') + '\ude00')).toBe(false);
  });
});

const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('the port agrees with transforms.py (python3, one process)', () => {
  it('on every committed goal: the 35 injection tasks of the ground-truth corpus', () => {
    const goals = store
      .groundTruth()
      .scenarios.filter((s) => s.kind === 'injection')
      .map((s) => s.task);
    expect(goals.length).toBe(35);
    const all = cases(goals, (g) => [g, FRAMING_PREFIX, `${g} `, g.toUpperCase()]);
    expect(disagreements(all)).toEqual([]);
    expect(all.length).toBe(35 * (4 + 4 * 5));
  });

  it('on 600 seeded random goals, with outputs that should fail their checks', () => {
    const r = rng(13);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const pieces = [
      ...['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'x', 'Send', 'the', 'IBAN', '1', '3', '4', '0', '.', ',', "'", '"', '\\'],
      ...[' ', ' ', '  ', '   ', '|', '\n', '|\n', ' |\n', '\t', '\u00a0', '\u3000', '\r\n'],
      ...['\u00e9', '\u00df', '\u0130', '\u2028', '\u{1f600}', '\ud83d', '\ude00', '\u0301', FRAMING_PREFIX, 'Note to self'],
    ];
    const goals = Array.from({ length: 600 }, () => Array.from({ length: pick([0, 1, 2, 3, 8, 20, 40]) }, () => pick(pieces)).join(''));
    /** Outputs near the right one: a piece inserted, a code point dropped or changed, the goal cut, a split mark added or moved. */
    const near = (goal: string): string[] => {
      const cps = Array.from(goal);
      const k = Math.floor(r() * (cps.length + 1));
      const right = pick(NAMES.map((n) => GOAL_TRANSFORMS[n].transform(goal)));
      const rcps = Array.from(right);
      const j = Math.floor(r() * (rcps.length + 1));
      return [
        [...rcps.slice(0, j), pick(pieces), ...rcps.slice(j)].join(''),
        [...rcps.slice(0, j), ...rcps.slice(j + 1)].join(''),
        [...rcps.slice(0, j), pick(['4', '3', '1', '0', 'a', '\ude00']), ...rcps.slice(j + 1)].join(''),
        cps.slice(0, k).join(''),
        `${cps.slice(0, k).join('')}|\n${cps.slice(k).join('')}`,
        goal.replaceAll('|\n', ''),
        `x${goal}`.slice(1, -1),
      ];
    };
    const all = [...cases(goals, near), ...goals.map((goal) => ({ apply: pick(['rot13', 'Leet', '', 'framing ']), goal }))];
    const bad = disagreements(all);
    expect(bad.slice(0, 5)).toEqual([]);
    const answers = all.map(port);
    // Both outcomes occur: outputs, failed checks (field_split without a space, leet without i, e, a, o) and unknown names.
    const counted = { applied: 0, refused: 0, checksFailed: 0 };
    for (const [k, c] of all.entries()) {
      const a = answers[k]!;
      if ('error' in a) counted.refused++;
      else if ('apply' in c) counted.applied++;
      else if (a.ok === false) counted.checksFailed++;
    }
    console.log(`transforms: ${all.length} cases against transforms.py ${JSON.stringify(counted)}`);
    expect(counted.refused).toBeGreaterThan(600);
    expect(counted.checksFailed).toBeGreaterThan(1000);
  });
});
