import { describe, expect, it } from 'vitest';
import {
  clampStart,
  firstPageCapacity,
  isValidStart,
  pageCount,
  placeLabels,
  skippedLabels,
} from './placement';
import { defaultTemplate, round1in32 } from './templates';

describe('placeLabels', () => {
  it('fills a sheet across, then down, from the top-left label', () => {
    const placements = placeLabels(80, defaultTemplate);
    placements.forEach((placement, i) => {
      expect(placement).toEqual({
        codeIndex: i,
        pageIndex: 0,
        labelIndex: i,
        column: i % 8,
        row: Math.floor(i / 8),
        centre: { x: 54 + 72 * (i % 8), y: 72 + 72 * Math.floor(i / 8) },
      });
    });
  });

  it('skips the labels before the start on the first sheet only', () => {
    // Column 3, row 4: 3 full rows and 2 labels are used already.
    const start = { column: 3, row: 4 };
    expect(skippedLabels(defaultTemplate, start)).toBe(26);
    expect(firstPageCapacity(defaultTemplate, start)).toBe(54);
    const placements = placeLabels(100, defaultTemplate, start);
    expect(placements[0]).toMatchObject({
      pageIndex: 0,
      labelIndex: 26,
      column: 2,
      row: 3,
      centre: { x: 198, y: 288 },
    });
    expect(placements[53]).toMatchObject({ pageIndex: 0, labelIndex: 79, column: 7, row: 9 });
    expect(placements[54]).toMatchObject({
      pageIndex: 1,
      labelIndex: 0,
      column: 0,
      row: 0,
      centre: { x: 54, y: 72 },
    });
    expect(placements[99]).toMatchObject({ pageIndex: 1, labelIndex: 45, column: 5, row: 5 });
    expect(placements.filter((p) => p.pageIndex === 0)).toHaveLength(54);
    expect(pageCount(100, defaultTemplate, start)).toBe(2);
  });

  it('starts at column 5, row 2 when asked', () => {
    const [first] = placeLabels(1, defaultTemplate, { column: 5, row: 2 });
    expect(first).toMatchObject({ labelIndex: 12, column: 4, row: 1, centre: { x: 54 + 72 * 4, y: 144 } });
  });

  it('places on the 32-label sheet', () => {
    const placements = placeLabels(40, round1in32, { column: 4, row: 8 });
    expect(placements[0]).toMatchObject({ pageIndex: 0, column: 3, row: 7 });
    expect(placements[1]).toMatchObject({ pageIndex: 1, column: 0, row: 0 });
    expect(placements[39]).toMatchObject({ pageIndex: 2, column: 2, row: 1 });
  });

  it('rejects a start outside the sheet', () => {
    expect(() => placeLabels(1, defaultTemplate, { column: 9, row: 1 })).toThrow(RangeError);
    expect(() => placeLabels(1, defaultTemplate, { column: 1, row: 0 })).toThrow(RangeError);
    expect(() => placeLabels(1, defaultTemplate, { column: 1.5, row: 1 })).toThrow(RangeError);
    expect(() => placeLabels(-1, defaultTemplate)).toThrow(RangeError);
  });
});

describe('pageCount', () => {
  it.each([
    [0, { column: 1, row: 1 }, 0],
    [1, { column: 1, row: 1 }, 1],
    [80, { column: 1, row: 1 }, 1],
    [81, { column: 1, row: 1 }, 2],
    [240, { column: 1, row: 1 }, 3],
    [1, { column: 8, row: 10 }, 1],
    [2, { column: 8, row: 10 }, 2],
    [54, { column: 3, row: 4 }, 1],
    [55, { column: 3, row: 4 }, 2],
    [134, { column: 3, row: 4 }, 2],
    [135, { column: 3, row: 4 }, 3],
  ])('%i codes from %o take %i sheets', (count, start, pages) => {
    expect(pageCount(count, defaultTemplate, start)).toBe(pages);
    if (count > 0) expect(placeLabels(count, defaultTemplate, start).at(-1)?.pageIndex).toBe(pages - 1);
  });
});

describe('start validation', () => {
  it('accepts 1..columns and 1..rows only', () => {
    expect(isValidStart(defaultTemplate, { column: 1, row: 1 })).toBe(true);
    expect(isValidStart(defaultTemplate, { column: 8, row: 10 })).toBe(true);
    expect(isValidStart(defaultTemplate, { column: 0, row: 1 })).toBe(false);
    expect(isValidStart(defaultTemplate, { column: 1, row: 11 })).toBe(false);
    expect(isValidStart(round1in32, { column: 5, row: 1 })).toBe(false);
  });

  it('clamps form input, and non-numbers fall back to 1', () => {
    expect(clampStart(defaultTemplate, { column: 12, row: -3 })).toEqual({ column: 8, row: 1 });
    expect(clampStart(defaultTemplate, { column: '4', row: '7' })).toEqual({ column: 4, row: 7 });
    expect(clampStart(defaultTemplate, { column: 'x', row: Number.NaN })).toEqual({ column: 1, row: 1 });
    expect(clampStart(defaultTemplate, { column: 2.9, row: '' })).toEqual({ column: 2, row: 1 });
    expect(clampStart(defaultTemplate, {})).toEqual({ column: 1, row: 1 });
    expect(clampStart(round1in32, { column: 8, row: 10 })).toEqual({ column: 4, row: 8 });
  });
});
