/**
 * The printed result as a phone sees it: pdftoppm rasterises the PDF at 300 dpi, zxing-wasm reads
 * the symbols back. Needs poppler-utils (CI installs it).
 */
import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../../test/rasterDecode';
import {
  decodePage,
  pdfText,
  pdftoppmSkipNote,
  rasterise,
  skipWithoutPoppler,
} from '../../test/rasterDecode';
import { sampleCodes } from '../../test/sampleCodes';
import type { StartPosition } from '../placement';
import { placeLabels } from '../placement';
import { labelQrText } from '../qr/matrix';
import { LABEL_SYMBOL } from '../symbolChoice';
import { defaultTemplate } from '../templates';
import { mm, mmToPt } from '../units';
import type { LabelCode } from './labelSheets';
import { renderLabelSheetsPdf } from './labelSheets';
import type { Calibration } from './sheetDocument';

const DPI = 300;
const PX_PER_PT = DPI / 72;
const TOLERANCE_PT = mmToPt(mm(0.5));
const domainName = 'homing.example';
const noPdftoppm = skipWithoutPoppler();

interface Landing {
  readonly code: LabelCode;
  readonly pageIndex: number;
  /** Where the template (plus calibration) puts the label's centre, in points from the top left. */
  readonly x: number;
  readonly y: number;
}

function expectedLandings(codes: LabelCode[], start: StartPosition, calibration: Calibration): Landing[] {
  const [dx, dy] = [mmToPt(mm(calibration.xMm)), mmToPt(mm(calibration.yMm))];
  return placeLabels(codes.length, defaultTemplate, start).map((placement, i) => ({
    code: codes[i],
    pageIndex: placement.pageIndex,
    x: placement.centre.x + dx,
    y: placement.centre.y + dy,
  }));
}

/** Prints, reads back every page, and checks every symbol: its text and where it landed. */
async function printAndRead(codes: LabelCode[], start: StartPosition, calibration: Calibration) {
  const pdf = await renderLabelSheetsPdf({
    codes,
    domainName,
    brandWord: 'homing',
    startColumn: start.column,
    startRow: start.row,
    calibration,
  });
  const pages: GrayImage[] = rasterise(pdf, DPI);
  const landings = expectedLandings(codes, start, calibration);
  expect(pages).toHaveLength(landings.at(-1)!.pageIndex + 1);
  const offsets: { dx: number; dy: number }[] = [];
  for (const [pageIndex, image] of pages.entries()) {
    expect([image.width, image.height]).toEqual([(612 * DPI) / 72, (792 * DPI) / 72]);
    const onPage = landings.filter((landing) => landing.pageIndex === pageIndex);
    const expected = onPage.map((landing) => ({
      text: labelQrText(domainName, landing.code.value),
      x: landing.x * PX_PER_PT,
      y: landing.y * PX_PER_PT,
    }));
    const decoded = await decodePage(image, expected, defaultTemplate.pitchX * PX_PER_PT);
    // Exactly the expected symbols: none missing, none extra (skipped labels stay blank).
    expect(decoded.map((symbol) => symbol.text).sort()).toEqual(expected.map((symbol) => symbol.text).sort());
    for (const symbol of decoded) {
      const landing = expected.find((e) => e.text === symbol.text)!;
      expect(symbol.ecLevel).toBe(LABEL_SYMBOL.errorCorrection);
      offsets.push({ dx: (symbol.x - landing.x) / PX_PER_PT, dy: (symbol.y - landing.y) / PX_PER_PT });
    }
  }
  for (const { dx, dy } of offsets) expect(Math.hypot(dx, dy)).toBeLessThanOrEqual(TOLERANCE_PT);
  return { pdf, decodedCount: offsets.length };
}

describe('label sheets, rasterised and scanned' + pdftoppmSkipNote, () => {
  it.skipIf(noPdftoppm)(
    'reads 80 of 80 symbols of a full sheet, each its exact URL, each within 0.5 mm of its label centre',
    async () => {
      const codes = sampleCodes(80, 'Set 12');
      const { pdf, decodedCount } = await printAndRead(codes, { column: 1, row: 1 }, { xMm: 0, yMm: 0 });
      expect(decodedCount).toBe(80);
      const text = pdfText(pdf);
      expect(text.match(/homing\.example/g)).toHaveLength(80);
      expect(text.match(/Set 12/g)).toHaveLength(80);
      expect(text.match(/^homing$/gm)).toHaveLength(80);
    },
  );

  it.skipIf(noPdftoppm)(
    'starts at column 5, row 2: the first code on that label, the rest following, over two sheets',
    async () => {
      const codes = sampleCodes(80, 'Set 3', 2);
      const start = { column: 5, row: 2 };
      // Anchored by hand, not by placeLabels: label (5, 2) is centred at (54 + 72·4, 72 + 72·1).
      expect(expectedLandings(codes, start, { xMm: 0, yMm: 0 })[0]).toMatchObject({
        pageIndex: 0,
        x: 342,
        y: 144,
      });
      const { decodedCount } = await printAndRead(codes, start, { xMm: 0, yMm: 0 });
      expect(decodedCount).toBe(80);
    },
  );

  it.skipIf(noPdftoppm)('moves every symbol by the calibration offset', async () => {
    // printAndRead expects the template centre plus this offset, within 0.5 mm. The offset is
    // larger than the tolerance, so an ignored or mis-signed offset fails.
    const { decodedCount } = await printAndRead(
      sampleCodes(80, 'Set 4', 3),
      { column: 1, row: 1 },
      { xMm: 1.5, yMm: -1.2 },
    );
    expect(decodedCount).toBe(80);
  });
});
