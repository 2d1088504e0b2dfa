/**
 * A set name is printed whole (PRODUCT.md, Printing): one that does not fit its line even smaller and narrowed
 * goes on two lines, never cut with "…"; pdftotext shows the whole name and no ink comes within
 * 0.5 mm of the label's edge. Needs poppler-utils (under CI=true its absence fails).
 */
import { describe, expect, it } from 'vitest';
import { pdfText, rasterise, skipWithoutPoppler } from '../../test/rasterDecode';
import { placeLabels } from '../placement';
import { defaultTemplate } from '../templates';
import { renderLabelSheetsPdf } from './labelSheets';

const DPI = 600;
const PX = DPI / 72;
const EDGE_PT = (0.5 / 25.4) * 72;
const names = [
  'Set 11-26-2026 #12, rows 1-3', // one line, narrowed
  'Garage shelves, spring clean-out 2026, second box (keys, tools and bikes)',
  'Batch 11-26-2026 warehouse B aisle 14 shelf 3 rows 1-3',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', // no space to break at
];
const codes = names.map((setName, index) => ({ value: `K7M2P9QX${index}T`, setName }));
const skip = skipWithoutPoppler();

describe.skipIf(skip)('set names on the label', () => {
  it('prints every set name whole, on two lines when one is not enough, nothing near the edge', async () => {
    const pdf = await renderLabelSheetsPdf({ codes, domainName: 'homing.example', brandWord: 'homing' });
    const text = pdfText(pdf);
    expect(text).not.toContain('…');
    const words = text.replace(/\s+/g, ' ');
    const joined = text.replace(/\s+/g, '');
    for (const name of names) {
      if (name.includes(' ')) expect(words).toContain(name);
      else expect(joined).toContain(name);
    }

    const [page] = rasterise(pdf, DPI);
    const radius = defaultTemplate.labelDiameter / 2;
    for (const placement of placeLabels(codes.length, defaultTemplate)) {
      const { x, y } = placement.centre;
      let outermost = 0;
      let inkPixels = 0;
      // Every dark pixel within the label's square: how far from the centre.
      for (let py = Math.floor((y - radius) * PX); py < (y + radius) * PX; py++)
        for (let px = Math.floor((x - radius) * PX); px < (x + radius) * PX; px++) {
          if (page.gray[py * page.width + px] >= 160) continue;
          inkPixels++;
          const distance = Math.hypot((px + 0.5) / PX - x, (py + 0.5) / PX - y);
          outermost = Math.max(outermost, distance);
        }
      expect(inkPixels).toBeGreaterThan(1000);
      expect(outermost).toBeLessThanOrEqual(radius - EDGE_PT);
    }
  });
});
