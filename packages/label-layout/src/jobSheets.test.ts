import { describe, expect, it } from 'vitest';
import { jobSets, jobSheetCount, placeJobLabels } from './jobSheets';
import { pageCount, placeLabels } from './placement';
import { defaultTemplate } from './templates';

describe('a job of several sets', () => {
  it('starts each set on a new sheet; the chosen start applies to the first set only', () => {
    // 80 labels from column 3 need two sheets; 10 then fit one; 81 need two.
    const sets = jobSets([80, 10, 81], defaultTemplate, { column: 3, row: 1 });
    expect(sets).toEqual([
      { firstSheet: 0, sheetCount: 2, start: { column: 3, row: 1 } },
      { firstSheet: 2, sheetCount: 1, start: { column: 1, row: 1 } },
      { firstSheet: 3, sheetCount: 2, start: { column: 1, row: 1 } },
    ]);
    expect(jobSheetCount([80, 10, 81], defaultTemplate, { column: 3, row: 1 })).toBe(5);
    expect(jobSheetCount([], defaultTemplate)).toBe(0);
  });

  it('places a one-set job exactly as the set alone', () => {
    const start = { column: 5, row: 7 };
    const job = placeJobLabels([100], defaultTemplate, start);
    expect(job.map(({ setIndex: _s, sheetIndex: _i, ...placement }) => placement)).toEqual(
      placeLabels(100, defaultTemplate, start),
    );
    expect(job.every((label) => label.sheetIndex === label.pageIndex)).toBe(true);
    expect(jobSheetCount([100], defaultTemplate, start)).toBe(pageCount(100, defaultTemplate, start));
  });

  it('numbers sheets across the job and never mixes two sets on a sheet', () => {
    const job = placeJobLabels([3, 85], defaultTemplate, { column: 8, row: 10 });
    // The first set starts in the last cell, so it spills onto a second sheet.
    expect(job.slice(0, 3).map((label) => [label.sheetIndex, label.labelIndex])).toEqual([
      [0, 79],
      [1, 0],
      [1, 1],
    ]);
    expect(job[3]).toMatchObject({ setIndex: 1, codeIndex: 0, sheetIndex: 2, labelIndex: 0 });
    expect(job.at(-1)).toMatchObject({ setIndex: 1, codeIndex: 84, sheetIndex: 3, labelIndex: 4 });
    const sheetsOfSets = new Set(job.map((label) => `${label.sheetIndex}:${label.setIndex}`));
    expect(sheetsOfSets.size).toBe(new Set(job.map((label) => label.sheetIndex)).size);
  });
});
