import { describe, expect, it } from 'vitest';
import { setGrid } from './setGrid';

describe('setGrid', () => {
  it('keeps the two sheet shapes: 80 → 10 × 8, 32 → 8 × 4', () => {
    expect(setGrid(80)).toEqual({ rows: 10, columns: 8 });
    expect(setGrid(32)).toEqual({ rows: 8, columns: 4 });
  });

  it('gives an empty set an empty grid', () => {
    expect(setGrid(0)).toEqual({ rows: 0, columns: 0 });
  });

  it('uses columns = ceil(√n), rows = ceil(n / columns) for every other n up to 240', () => {
    for (let n = 1; n <= 240; n++) {
      if (n === 80 || n === 32) continue;
      // Counted, not computed the same way: the smallest c with c² ≥ n.
      let columns = 1;
      while (columns * columns < n) columns++;
      let rows = 0;
      while (rows * columns < n) rows++;
      expect(setGrid(n), `n = ${n}`).toEqual({ rows, columns });
    }
  });

  it('holds every code, with a non-empty last row', () => {
    for (let n = 1; n <= 240; n++) {
      const { rows, columns } = setGrid(n);
      expect(rows * columns).toBeGreaterThanOrEqual(n);
      expect((rows - 1) * columns).toBeLessThan(n);
    }
  });

  it('spot checks', () => {
    expect(setGrid(1)).toEqual({ rows: 1, columns: 1 });
    expect(setGrid(2)).toEqual({ rows: 1, columns: 2 });
    expect(setGrid(5)).toEqual({ rows: 2, columns: 3 });
    expect(setGrid(10)).toEqual({ rows: 3, columns: 4 });
    expect(setGrid(100)).toEqual({ rows: 10, columns: 10 });
    expect(setGrid(160)).toEqual({ rows: 13, columns: 13 });
    expect(setGrid(240)).toEqual({ rows: 15, columns: 16 });
  });

  it('rejects negative and fractional counts', () => {
    expect(() => setGrid(-1)).toThrow(RangeError);
    expect(() => setGrid(2.5)).toThrow(RangeError);
  });
});
