import { describe, expect, it } from 'vitest';
import { maskPenalty, pack, packedPenalty, popcount } from './maskPenalty';
import { formatBitsLevelM } from './maskSelection';

// A small deterministic generator, so a failure reproduces.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('mask penalty', () => {
  it('counts bits', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(0b1011)).toBe(3);
    expect(popcount(0x7fffffff)).toBe(31);
    expect(popcount(-1)).toBe(32);
  });

  it('scores plain patterns as ISO 18004 does', () => {
    // All light 21 × 21: 42 lines of one 21-run (3 + 16 each), 400 2×2 blocks, 50 % off balance.
    expect(maskPenalty(new Uint8Array(21 * 21), 21)).toBe(42 * 19 + 3 * 400 + 10 * 10);
    const checker = Uint8Array.from({ length: 21 * 21 }, (_, i) => (Math.floor(i / 21) + (i % 21)) % 2);
    expect(maskPenalty(checker, 21)).toBe(0);
  });

  it('gives the same score packed as module by module', () => {
    const next = random(42);
    for (const size of [21, 25, 29]) {
      for (let n = 0; n < 300; n++) {
        const density = 0.2 + 0.6 * next();
        const modules = Uint8Array.from({ length: size * size }, () => (next() < density ? 1 : 0));
        const { rows, columns } = pack(modules, size);
        expect(packedPenalty(rows, columns, size)).toBe(maskPenalty(modules, size));
      }
    }
  });

  it('encodes the format information of level M for each mask', () => {
    // ISO 18004 table C.1, error correction level M.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(formatBitsLevelM)).toEqual([
      0x5412, 0x5125, 0x5e7c, 0x5b4b, 0x45f9, 0x40ce, 0x4f97, 0x4aa0,
    ]);
  });
});
