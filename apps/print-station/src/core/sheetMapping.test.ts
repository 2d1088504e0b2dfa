import { avery4221, labelCentre, round1in32 } from '@homing/label-layout';
import { describe, expect, it } from 'vitest';
import { nextFreeLabel } from './readBack';
import { sheetMapping } from './sheetMapping';

const SCALE = 300 / 72;
const cells = Array.from({ length: 80 }, (_, i) => labelCentre(avery4221, i % 8, Math.floor(i / 8)));

describe('sheetMapping', () => {
  it('keeps a flat scan flat, a printer offset included (the offset is the calibration’s)', () => {
    const pairs = cells.map((page) => ({
      page,
      image: { x: (page.x + 3) * SCALE, y: (page.y - 2) * SCALE },
    }));
    const mapping = sheetMapping(avery4221.page.width, avery4221.page.width * SCALE, pairs);
    expect(mapping.perspective).toBe(false);
    expect(mapping.toPage(pairs[0].image).x).toBeCloseTo(cells[0].x + 3, 6);
  });

  it('fits a 5° keystone from the labels read, a label shifted 0.1 in left out of the fit', () => {
    const [cx, cy, d] = [306, 396, 1.2 * 792];
    const [sin, cos] = [Math.sin((5 * Math.PI) / 180), Math.cos((5 * Math.PI) / 180)];
    const photo = ({ x, y }: { x: number; y: number }) => {
      const [X, Y] = [x - cx, y - cy];
      const k = d / (d + Y * sin);
      return { x: (cx + X * k) * SCALE, y: (cy + Y * cos * k) * SCALE };
    };
    const pairs = cells.map((page, i) => ({
      page,
      image: photo(i === 45 ? { x: page.x + 7.2, y: page.y } : page),
    }));
    const mapping = sheetMapping(avery4221.page.width, avery4221.page.width * SCALE, pairs);
    expect(mapping.perspective).toBe(true);
    for (const [i, page] of cells.entries()) {
      const back = mapping.toPage(pairs[i].image);
      expect(back.x - page.x).toBeCloseTo(i === 45 ? 7.2 : 0, 1);
      expect(back.y - page.y).toBeCloseTo(0, 1);
    }
  });
});

describe('nextFreeLabel', () => {
  it('is the label after the set’s last, on the sheet it ended on; a new sheet’s first when full', () => {
    expect(nextFreeLabel(avery4221, 80)).toEqual({ column: 1, row: 1 });
    expect(nextFreeLabel(avery4221, 10)).toEqual({ column: 3, row: 2 });
    // 100 codes from column 3, row 4: 26 skipped, 54 on sheet 1, 46 on sheet 2 → label 47.
    expect(nextFreeLabel(avery4221, 100, 3, 4)).toEqual({ column: 7, row: 6 });
    expect(nextFreeLabel(round1in32, 5)).toEqual({ column: 2, row: 2 });
  });
});
