import { describe, expect, it } from 'vitest';
import { rowsPerSetOptions, splitChildLabel, splitPreview, splitRowsText } from './split';

describe('rowsPerSetOptions', () => {
  it('offers 1 up to half the rows', () => {
    expect(rowsPerSetOptions(80)).toEqual([1, 2, 3, 4, 5]);
    expect(rowsPerSetOptions(32)).toEqual([1, 2, 3, 4]);
    expect(rowsPerSetOptions(10)).toEqual([1]); // 3 rows × 4 columns
    expect(rowsPerSetOptions(2)).toEqual([]); // one row: nothing to split
    expect(rowsPerSetOptions(0)).toEqual([]);
  });
});

describe('splitPreview', () => {
  it('80 codes, 2 rows per set: 5 children of 16', () => {
    const children = splitPreview(80, 2);
    expect(children?.map((c) => [c.firstRow, c.lastRow, c.codeCount, c.firstCodeIndex])).toEqual([
      [1, 2, 16, 0],
      [3, 4, 16, 16],
      [5, 6, 16, 32],
      [7, 8, 16, 48],
      [9, 10, 16, 64],
    ]);
    expect(children?.map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
  });

  it('80 codes, 3 rows per set: 4 children, the last one row of 8', () => {
    const children = splitPreview(80, 3) ?? [];
    expect(children.map((c) => [c.firstRow, c.lastRow, c.codeCount])).toEqual([
      [1, 3, 24],
      [4, 6, 24],
      [7, 9, 24],
      [10, 10, 8],
    ]);
    expect(children.map((c) => splitChildLabel('Batch 7', c))).toEqual([
      'Batch 7, rows 1-3',
      'Batch 7, rows 4-6',
      'Batch 7, rows 7-9',
      'Batch 7, row 10',
    ]);
  });

  it('32 codes, 3 rows per set: 12, 12, 8', () => {
    expect(splitPreview(32, 3)?.map((c) => c.codeCount)).toEqual([12, 12, 8]);
  });

  it('caps the last child at the codes left when n is not a multiple of the columns', () => {
    // 10 codes are 3 rows × 4 columns: 4 + 4 + 2.
    expect(splitPreview(10, 1)?.map((c) => c.codeCount)).toEqual([4, 4, 2]);
    expect(splitPreview(10, 2)?.map((c) => [splitRowsText(c), c.codeCount])).toEqual([
      ['rows 1-2', 8],
      ['row 3', 2],
    ]);
    // 50 codes are 8 columns × 7 rows, the last row holding 1.
    const children = splitPreview(50, 3) ?? [];
    expect(children.map((c) => c.codeCount)).toEqual([24, 24, 2]);
  });

  it('always hands out every code exactly once', () => {
    for (let n = 1; n <= 240; n++) {
      for (let rowsPerSet = 1; rowsPerSet <= 16; rowsPerSet++) {
        const children = splitPreview(n, rowsPerSet);
        if (!children) continue;
        expect(children.reduce((sum, c) => sum + c.codeCount, 0)).toBe(n);
        children.forEach((c, i) => {
          expect(c.codeCount).toBeGreaterThan(0);
          if (i > 0)
            expect(c.firstCodeIndex).toBe(children[i - 1].firstCodeIndex + children[i - 1].codeCount);
        });
      }
    }
  });

  it('previews nothing for 0, fractional or more rows than the set has', () => {
    expect(splitPreview(80, 0)).toBeNull();
    expect(splitPreview(80, 11)).toBeNull();
    expect(splitPreview(80, -1)).toBeNull();
    expect(splitPreview(80, 1.5)).toBeNull();
    expect(splitPreview(0, 1)).toBeNull();
    // Not offered by the dialog, but not ruled out by the spec either.
    expect(splitPreview(80, 10)?.map((c) => c.codeCount)).toEqual([80]);
    expect(splitPreview(80, 7)?.map((c) => c.codeCount)).toEqual([56, 24]);
  });

  it('names an unnamed set the way the set list does', () => {
    expect(splitChildLabel('  ', { firstRow: 2, lastRow: 2 })).toBe('Unnamed Set, row 2');
  });
});
