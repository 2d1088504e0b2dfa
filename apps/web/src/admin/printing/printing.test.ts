import type { PrintSheetsRequest } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import { jobPageCount, jobPages, printedSetIds } from './jobPages';
import { clampWhole, parsePageNumbers } from './numbers';

describe('clampWhole (PRODUCT.md, Validation)', () => {
  it('clamps pages to print to 1..10 and falls back to 1', () => {
    expect([0, 1, 4, 10, 11, -3, 2.7].map((v) => clampWhole(v, 1, 10))).toEqual([1, 1, 4, 10, 10, 1, 2]);
    expect(['', 'abc', '7', ' 3 ', 'NaN'].map((v) => clampWhole(v, 1, 10))).toEqual([1, 1, 7, 3, 1]);
    expect(clampWhole('999', 1, 240)).toBe(240);
    expect(clampWhole(undefined, 1, 8)).toBe(1);
  });
});

describe('parsePageNumbers (PRODUCT.md, Validation)', () => {
  it('keeps numbers in 1..pageCount from comma-separated text', () => {
    expect(parsePageNumbers('1, 3,3 ,x, 0, 11, 10, 2.5, -1', 10)).toEqual([1, 3, 10]);
    expect(parsePageNumbers('', 5)).toEqual([]);
    expect(parsePageNumbers('2', 1)).toEqual([]);
  });
});

const codes = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `CODE${i}` }));
const job = (over: Partial<PrintSheetsRequest>): PrintSheetsRequest => ({
  title: 'job',
  templateId: 'avery-4221',
  domainName: 'homing.example',
  brandWord: 'homing',
  sets: [],
  ...over,
});

describe('jobPages', () => {
  it('starts every set on a new sheet; the start offset moves only the first', () => {
    const request = job({
      startColumn: 5,
      startRow: 2,
      sets: [
        { setId: 'a', setName: 'A', codes: codes(80) },
        { setId: 'b', setName: 'B', codes: codes(40) },
        { setId: null, setName: 'C', codes: codes(81) },
      ],
    });
    expect(jobPages(request)).toEqual([
      { setId: 'a', firstPage: 1, lastPage: 2 },
      { setId: 'b', firstPage: 3, lastPage: 3 },
      { setId: null, firstPage: 4, lastPage: 5 },
    ]);
    expect(jobPageCount(request)).toBe(5);
  });

  it('marks all sets, none, or those whose first page printed (PRODUCT.md, States)', () => {
    const request = job({
      sets: ['a', 'b', 'c'].map((id) => ({ setId: id, setName: id, codes: codes(80) })),
    });
    expect(printedSetIds(request, 'all')).toEqual(['a', 'b', 'c']);
    expect(printedSetIds(request, 'none')).toEqual([]);
    expect(printedSetIds(request, [1, 3])).toEqual(['a', 'c']);
    const one = job({ sets: [{ setId: 'x', setName: 'x', codes: codes(80) }] });
    expect(printedSetIds(one, [1])).toEqual(['x']);
    expect(printedSetIds(one, [])).toEqual([]);
  });
});
