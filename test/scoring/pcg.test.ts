// Test vectors come from the real Go standard library (math/rand/v2). Regenerate with:
//   cd test/vectors/pcg && go run gen.go > pcg-vectors.json
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PCG } from '../../src/scoring/pcg.js';

interface Vector {
  seed1: number | string;
  seed2: number | string;
  float64: number[];
  uint64: string[];
}

const raw = readFileSync(new URL('../vectors/pcg/pcg-vectors.json', import.meta.url), 'utf8');
// Seeds above 2^53 must not pass through a JS number: read them as strings.
const vectors = JSON.parse(raw.replace(/"seed(\d)":(\d+)/g, '"seed$1":"$2"')) as Vector[];

describe('PCG-DXSM matches Go math/rand/v2', () => {
  it('has at least 3 seeds × 1,000 draws', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(3);
    for (const v of vectors) expect(v.float64.length).toBeGreaterThanOrEqual(1000);
  });

  for (const v of vectors) {
    it(`seed (${v.seed1}, ${v.seed2}): Uint64 and Float64 streams are bit-identical`, () => {
      const u = new PCG(BigInt(v.seed1), BigInt(v.seed2));
      expect(v.uint64.map(() => u.uint64().toString())).toEqual(v.uint64);
      const f = new PCG(BigInt(v.seed1), BigInt(v.seed2));
      const got = v.float64.map(() => f.float64());
      // toEqual on numbers is Object.is: exact bits, not a tolerance.
      expect(got).toEqual(v.float64);
    });
  }
});
