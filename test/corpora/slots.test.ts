// The slot rules in TypeScript (docs/injection-slots.md#5-the-rules) against the vectors PyYAML and CPython produced
// and against the normative Python (corpora/agentdojo/export/slot_render.py).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDataRoot } from '../../src/data/files.js';
import { pyRepr } from '../../src/corpora/python-str.js';
import { yamlDq } from '../../src/corpora/yaml-dq.js';
import { yamlScalar, yamlStyle } from '../../src/corpora/yaml-scalar.js';
import { isPyPrintable, PY_NONPRINTABLE_RANGES, PY_UNIDATA_VERSION } from '../../src/corpora/py-printable.js';
import { PayloadError } from '../../src/model/errors.js';

const ROOT = findDataRoot();
const EXPORT = join(ROOT, 'corpora/agentdojo/export');
const DRIVER = join(ROOT, 'test/fixtures/slots/render.py');

interface Vectors {
  yaml_dq: ({ raw: string; value: string } | { raw: string; error: true })[];
  yaml: { value: string; column: number; indent: number; style: string; text: string }[];
  py_repr: { value: string; text: string }[];
}
const vectors = JSON.parse(readFileSync(join(EXPORT, 'slot-vectors.json'), 'utf8')) as Vectors;

/** A rule's answer as the Python driver gives it: the result, or that the rule raised. */
type Answer = { ok: unknown; style?: string } | { error: string };

describe('the rules reproduce slot-vectors.json (PyYAML 6.0.3, CPython 3.11)', () => {
  it('yaml_dq: every vector, errors included', () => {
    let errors = 0;
    for (const v of vectors.yaml_dq) {
      if ('error' in v) {
        expect(() => yamlDq(v.raw), JSON.stringify(v.raw)).toThrow(PayloadError);
        errors++;
      } else expect(yamlDq(v.raw), JSON.stringify(v.raw)).toBe(v.value);
    }
    expect([vectors.yaml_dq.length, errors]).toEqual([130, 30]);
  });

  it('yaml: every vector, style and text', () => {
    for (const v of vectors.yaml) {
      expect(yamlStyle(v.value), JSON.stringify(v.value)).toBe(v.style);
      expect(yamlScalar(v.value, v.column, v.indent), JSON.stringify(v)).toBe(v.text);
    }
    expect(vectors.yaml.length).toBe(312);
    expect(new Set(vectors.yaml.map((v) => v.style))).toEqual(new Set(['plain', 'single', 'double']));
  });

  it('py_repr: every vector', () => {
    for (const v of vectors.py_repr) expect(pyRepr(v.value), JSON.stringify(v.value)).toBe(v.text);
    expect(vectors.py_repr.length).toBe(150);
  });
});

/** Answers of the normative Python for a batch of cases, in one python3 process. */
function python(cases: readonly object[]): Answer[] {
  return JSON.parse(execFileSync('python3', [DRIVER], { input: JSON.stringify(cases), encoding: 'utf8' })) as Answer[];
}

describe('what the port must know that Node does not', () => {
  it("py_repr's printable table is Python 3.11's (Unicode 14.0.0); a later Python only adds printable characters", () => {
    const py = JSON.parse(execFileSync('python3', [DRIVER, 'printable'], { encoding: 'utf8' })) as { unidata: string; ranges: string };
    if (py.unidata === PY_UNIDATA_VERSION) {
      expect(py.ranges).toBe(PY_NONPRINTABLE_RANGES);
      return;
    }
    // Another Python (CI's 3.12 has Unicode 15.0.0): whatever it does not print, Python 3.11 did not print either.
    let checked = 0;
    for (const item of py.ranges.split(',')) {
      const [lo, hi = lo] = item.split('-').map((h) => parseInt(h, 16));
      for (let cp = lo!; cp <= hi!; cp++, checked++) if (isPyPrintable(cp)) expect.fail(`U+${cp.toString(16)} unprintable in Python ${py.unidata}`);
    }
    expect(checked).toBeGreaterThan(800_000);
  });

  it('py_repr escapes what Python 3.11 does not print, even where Node (Unicode 17) or a later Python would print it', () => {
    // repr() under Python 3.11.7: U+1F6DC and U+11F00 came in Unicode 15.0; U+0C5D in 14.0.
    expect(pyRepr('\u{1f6dc} \u{11f00} \u0c5d \u00e9')).toBe("'\\U0001f6dc \\U00011f00 \u0c5d \u00e9'");
  });

  it('refuses surrogate escapes, which Python keeps as two code points and a JavaScript string would pair (a documented restriction)', () => {
    const raw = 'pair \\uD83D\\uDE00 and lone \\uDC00';
    const [want] = python([{ rule: 'yaml_dq', raw }]);
    expect(want).toEqual({ ok: 'pair \ud83d\ude00 and lone \udc00' });
    expect(() => yamlDq(raw)).toThrow(new PayloadError('escape \\uD83D is a surrogate, which this port cannot keep apart from its neighbours as Python does'));
    expect(yamlDq('astral \\U0001F600 kept')).toBe('astral \u{1f600} kept');
  });

});
