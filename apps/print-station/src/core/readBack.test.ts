/**
 * Reading a printed sheet back: the sheet as rendered for printing, rasterised at 300 dpi, then
 * spoiled the way a print goes wrong (one cell blank, one cell printed with another cell's code,
 * one label shifted 0.1 in) and the way a scan does (blur, JPEG quality 70). Exactly those three are
 * reported, with the shift's offset; the blank and the duplicate are queued for reprint.
 */
import { avery4221, labelCentre, labelQrText } from '@homing/label-layout';
import { renderLabelSheetsPdf } from '@homing/label-layout/pdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';
import type { GrayImage } from '../../../../packages/label-layout/test/rasterDecode';
import {
  darkestNear,
  decodePage,
  hasPdftoppm,
  rasterise,
} from '../../../../packages/label-layout/test/rasterDecode';
import { sampleCodes } from '../../../../packages/label-layout/test/sampleCodes';
import { readBackSheet } from './readBack';

const DPI = 300;
const PX_PER_PT = DPI / 72;
const DOMAIN = 'homing.example';

/** Copies a square of the image (sides `size`, centred on x, y) to dx, dy away; whitens where it was. */
function moveSquare(image: GrayImage, x: number, y: number, size: number, dx: number, dy: number) {
  const half = Math.round(size / 2);
  const copy = new Uint8Array(4 * half * half);
  for (let row = -half; row < half; row++)
    for (let col = -half; col < half; col++)
      copy[(row + half) * 2 * half + col + half] =
        image.gray[(Math.round(y) + row) * image.width + Math.round(x) + col];
  for (let row = -half; row < half; row++)
    for (let col = -half; col < half; col++)
      image.gray[(Math.round(y) + row) * image.width + Math.round(x) + col] = 255;
  if (dx === 0 && dy === 0) return; // whitened: a blank cell
  for (let row = -half; row < half; row++)
    for (let col = -half; col < half; col++)
      image.gray[(Math.round(y + dy) + row) * image.width + Math.round(x + dx) + col] =
        copy[(row + half) * 2 * half + col + half];
}

describe.skipIf(skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils'))(
  'readBackSheet',
  () => {
    it('reports exactly the blank cell, the duplicated code and the shifted label; queues the blank and the duplicate', async () => {
      const set = sampleCodes(80, 'Set 11-26-2026 #1', 7);
      const codes = set.map((code) => code.value);
      // Printed: cell 11 (column 3, row 2) got cell 4's code.
      const printed = set.map((code, i) => (i === 10 ? set[3] : code));
      const pdf = await renderLabelSheetsPdf({ codes: printed, domainName: DOMAIN, brandWord: 'homing' });
      const [page] = rasterise(pdf, DPI);
      const centre = (index: number) => {
        const point = labelCentre(avery4221, index % 8, Math.floor(index / 8));
        return { x: point.x * PX_PER_PT, y: point.y * PX_PER_PT };
      };
      const side = avery4221.pitchX * PX_PER_PT * 0.95;
      const blank = centre(20); // column 5, row 3
      moveSquare(page, blank.x, blank.y, side, 0, 0);
      const shifted = centre(45); // column 6, row 6: 0.1 in to the right
      moveSquare(page, shifted.x, shifted.y, avery4221.labelDiameter * PX_PER_PT * 1.02, 0.1 * DPI, 0);

      // The scanner: a little blur, then JPEG at quality 70.
      const jpeg = await sharp(Buffer.from(page.gray), {
        raw: { width: page.width, height: page.height, channels: 1 },
      })
        .blur(0.8)
        .jpeg({ quality: 70 })
        .toBuffer();
      const { data, info } = await sharp(jpeg).grayscale().raw().toBuffer({ resolveWithObject: true });
      const scan: GrayImage = { width: info.width, height: info.height, gray: new Uint8Array(data) };

      const expected = codes.map((value, i) => ({ text: labelQrText(DOMAIN, value), ...centre(i) }));
      const symbols = await decodePage(scan, expected, avery4221.pitchX * PX_PER_PT);
      const report = readBackSheet({
        template: avery4221,
        domainName: DOMAIN,
        codes,
        imageWidth: scan.width,
        symbols,
        inkNear: (x, y, radius) => {
          for (let dy = -radius; dy <= radius; dy += 3)
            for (let dx = -radius; dx <= radius; dx += 3)
              if (darkestNear(scan, x + dx, y + dy) < 100) return true;
          return false;
        },
      });

      expect(report.missing).toEqual([{ value: codes[20], column: 5, row: 3 }]);
      expect(report.duplicated).toEqual([{ value: codes[10], column: 3, row: 2, found: codes[3] }]);
      expect(report.shifted).toEqual([
        {
          value: codes[45],
          column: 6,
          row: 6,
          xMm: expect.closeTo(2.54, 0) as number,
          yMm: expect.closeTo(0, 0) as number,
        },
      ]);
      expect(report.unreadable).toEqual([]);
      expect(report.unexpected).toEqual([]);
      expect(report.read).toHaveLength(78);
      expect(report.reprint).toEqual([codes[10], codes[20]]);
      // Everything else sits on its cell: nothing for the calibration to take away.
      expect(Math.abs(report.medianOffset!.xMm)).toBeLessThan(0.3);
      expect(Math.abs(report.medianOffset!.yMm)).toBeLessThan(0.3);
    });
  },
);
