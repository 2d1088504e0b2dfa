import { PrintScaling } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { imageCount, loadPdf } from '../../test/pdfStructure';
import {
  darkestNear,
  pdfText,
  pdftoppmSkipNote,
  rasterise,
  skipWithoutPoppler,
} from '../../test/rasterDecode';
import type { LabelTemplate } from '../templates';
import { defaultTemplate, labelCentre, round1in32 } from '../templates';
import { mm, mmToPt } from '../units';
import type { Calibration } from './sheetDocument';
import { renderCalibrationSheetPdf } from './calibrationSheet';

const DPI = 300;
const px = (points: number): number => (points * DPI) / 72;
const DARK = 128;

// Generous: PDF work is slow on a busy CI machine, and a timeout here says nothing about correctness.
describe('renderCalibrationSheetPdf', () => {
  it('is one exact, unscaled US Letter page without images', async () => {
    const doc = await loadPdf(await renderCalibrationSheetPdf());
    expect(doc.getPageCount()).toBe(1);
    const page = doc.getPage(0);
    expect(page.getMediaBox()).toEqual({ x: 0, y: 0, width: 612, height: 792 });
    expect(page.node.CropBox()).toBeDefined();
    expect(page.getRotation().angle).toBe(0);
    expect(doc.catalog.getViewerPreferences()?.getPrintScaling()).toBe(PrintScaling.None);
    expect(imageCount(doc)).toBe(0);
  });

  const cases: [string, LabelTemplate, Calibration][] = [
    ['avery-4221, no offset', defaultTemplate, { xMm: 0, yMm: 0 }],
    ['avery-4221, offset', defaultTemplate, { xMm: 1.5, yMm: -1.2 }],
    ['round-1in-32, offset', round1in32, { xMm: -2, yMm: 1 }],
  ];

  it.skipIf(skipWithoutPoppler()).each(cases)(
    '%s: a crosshair on every (shifted) label centre, its circle outlined, rulers in mm' + pdftoppmSkipNote,
    async (_name, template, calibration) => {
      const pdf = await renderCalibrationSheetPdf({ template, calibration });
      const [image] = rasterise(pdf, DPI);
      const [dx, dy] = [mmToPt(mm(calibration.xMm)), mmToPt(mm(calibration.yMm))];
      const radius = template.labelDiameter / 2;
      for (let row = 0; row < template.rows; row++) {
        for (let column = 0; column < template.columns; column++) {
          const centre = labelCentre(template, column, row);
          const [x, y] = [px(centre.x + dx), px(centre.y + dy)];
          expect(darkestNear(image, x, y), `crosshair ${column},${row}`).toBeLessThan(DARK);
          // A point of the circle off both arms.
          const onCircle = radius / Math.SQRT2;
          expect(
            darkestNear(image, x + px(onCircle), y + px(onCircle), 2),
            `circle ${column},${row}`,
          ).toBeLessThan(DARK);
          expect(darkestNear(image, x + px(radius / 2), y + px(radius / 2), 2)).toBeGreaterThan(DARK);
          if (calibration.xMm !== 0 && calibration.yMm !== 0) {
            // The unshifted centre is off both arms.
            expect(darkestNear(image, px(centre.x), px(centre.y), 2)).toBeGreaterThan(DARK);
          }
        }
      }
      // 10 mm ruler ticks, moved with everything else.
      for (const millimetre of [10, 50, 100, 200]) {
        const tickX = px(mmToPt(mm(millimetre)) + dx);
        expect(darkestNear(image, tickX, px(mmToPt(mm(8)) + dy)), `top ruler ${millimetre} mm`).toBeLessThan(
          DARK,
        );
        const tickY = px(mmToPt(mm(millimetre + 20)) + dy);
        expect(
          darkestNear(image, px(mmToPt(mm(6)) + dx), tickY),
          `left ruler ${millimetre + 20} mm`,
        ).toBeLessThan(DARK);
      }
      const text = pdfText(pdf);
      expect(text).toContain(template.id);
      expect(text).toContain(
        `x ${calibration.xMm < 0 ? '-' : '+'}${Math.abs(calibration.xMm).toFixed(2)} mm`,
      );
    },
  );
});
