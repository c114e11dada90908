// Go math/rand/v2 PCG (128-bit LCG, DXSM output) and its Float64, bit for bit (docs/analyses.md#label-error-sweep).
// The label sweep's pinned means depend on the exact stream. Arithmetic is done on 16-bit limbs
// held in doubles: every partial product and carry stays below 2^53, so it is exact and fast
// (no BigInt on the hot path).

const MASK16 = 0xffff;

/** 64-bit value as four 16-bit limbs, least significant first. */
type U64 = [number, number, number, number];

function limbs64(hex: string): U64 {
  const v = BigInt(hex);
  return [0, 1, 2, 3].map((i) => Number((v >> BigInt(16 * i)) & 0xffffn)) as U64;
}

function fromBig(v: bigint): U64 {
  const x = BigInt.asUintN(64, v);
  return [0, 1, 2, 3].map((i) => Number((x >> BigInt(16 * i)) & 0xffffn)) as U64;
}

// state = state * MUL + INC (mod 2^128); MUL and INC as (hi, lo) uint64 pairs.
const MUL = [...limbs64('4865540595714422341'), ...limbs64('2549297995355413924')];
const INC = [...limbs64('1442695040888963407'), ...limbs64('6364136223846793005')];
const CHEAP_MUL = limbs64('0xda942042e4dd58b5');

/** a * b mod 2^(16 n), limbs little-endian; a and b have n limbs. */
function mulLow(a: readonly number[], b: readonly number[], n: number): number[] {
  const acc = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    for (let j = 0; j < n - i; j++) acc[i + j]! += ai * b[j]!;
  }
  // Each column holds at most n products below 2^32: far below 2^53.
  let carry = 0;
  for (let k = 0; k < n; k++) {
    const v = acc[k]! + carry;
    acc[k] = v % 65536;
    carry = Math.floor(v / 65536);
  }
  return acc;
}

export class PCG {
  /** 128-bit state, eight 16-bit limbs, least significant first (lo then hi). */
  private s: number[];

  constructor(seed1: bigint | number, seed2: bigint | number) {
    this.s = [...fromBig(BigInt(seed2)), ...fromBig(BigInt(seed1))];
  }

  private step(): void {
    const p = mulLow(this.s, MUL, 8);
    let carry = 0;
    for (let k = 0; k < 8; k++) {
      const v = p[k]! + INC[k]! + carry;
      p[k] = v & MASK16;
      carry = v >>> 16;
    }
    this.s = p;
  }

  /** Next output as four 16-bit limbs (DXSM). */
  private nextLimbs(): number[] {
    this.step();
    const lo = this.s.slice(0, 4);
    let h = this.s.slice(4, 8);
    // h ^= h >> 32
    h = [h[0]! ^ h[2]!, h[1]! ^ h[3]!, h[2]!, h[3]!];
    h = mulLow(h, CHEAP_MUL, 4);
    // h ^= h >> 48
    h[0] = h[0]! ^ h[3]!;
    lo[0] = lo[0]! | 1;
    return mulLow(h, lo, 4);
  }

  uint64(): bigint {
    const h = this.nextLimbs();
    return (BigInt(h[3]!) << 48n) | (BigInt(h[2]!) << 32n) | (BigInt(h[1]!) << 16n) | BigInt(h[0]!);
  }

  /** Go: float64(Uint64() << 11 >> 11) / (1 << 53). */
  float64(): number {
    const h = this.nextLimbs();
    return ((h[3]! & 0x1f) * 2 ** 48 + h[2]! * 2 ** 32 + h[1]! * 2 ** 16 + h[0]!) / 2 ** 53;
  }
}
