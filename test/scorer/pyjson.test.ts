import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, PyInt, pyFloatRepr, pyJsonDump, pyJsonString, type PyJson } from '../../src/scorer/pyjson.js';

describe("Python's float repr", () => {
  it.each([
    [0, '0.0'],
    [1, '1.0'],
    [0.5, '0.5'],
    [0.9958783388137817, '0.9958783388137817'],
    [3.3558339964656625e-6, '3.3558339964656625e-06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1.5e-10, '1.5e-10'],
    [123.25, '123.25'],
    [1e16, '1e+16'],
    [1234567890123456, '1234567890123456.0'],
    [-0.25, '-0.25'],
    [5e-324, '5e-324'],
  ])('%s → %s', (x, s) => {
    expect(pyFloatRepr(x)).toBe(s);
  });
});

describe('json.dump(sort_keys=True, indent=1)', () => {
  it('writes nested objects with one-space indentation, sorted keys and no trailing newline', () => {
    const v: PyJson = { b: { y: new PyInt(2), x: 0.5 }, a: [], c: {}, d: ['é', true, null] };
    expect(pyJsonDump(v)).toBe(
      '{\n "a": [],\n "b": {\n  "x": 0.5,\n  "y": 2\n },\n "c": {},\n "d": [\n  "\\u00e9",\n  true,\n  null\n ]\n}',
    );
  });
  it('escapes like ensure_ascii', () => {
    expect(pyJsonString('a"\\\n\t\u0001😀')).toBe('"a\\"\\\\\\n\\t\\u0001\\ud83d\\ude00"');
  });
  it('sorts keys by code point', () => {
    expect(['\uffff', '😀', 'a'].sort(compareCodePoints)).toEqual(['a', '\uffff', '😀']);
  });
});

// The committed published tables (scores/, byte copies of Python's json.dump output) re-serialize
// byte for byte, except that their integers must stay integers (chunking).
function tables(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out = out.concat(tables(p));
    else if (name.endsWith('.json') && name !== 'manifest.json') out.push(p);
  }
  return out;
}

function toPy(v: unknown, intKeys: boolean): PyJson {
  if (Array.isArray(v)) return v.map((x) => toPy(x, false));
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, typeof x === 'number' && intKeys ? new PyInt(x) : toPy(x, k === 'chunking')]),
    );
  }
  return v as PyJson;
}

const published = (() => {
  try {
    return tables(fileURLToPath(new URL('../../scores', import.meta.url)));
  } catch {
    return [];
  }
})();

describe.skipIf(published.length === 0)('published score tables', () => {
  it.each(published)('%s re-serializes byte for byte', (path) => {
    const text = readFileSync(path, 'utf8');
    expect(pyJsonDump(toPy(JSON.parse(text), false))).toBe(text);
  });
});
