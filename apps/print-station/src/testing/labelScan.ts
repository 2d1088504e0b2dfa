/**
 * Test support: what a phone would read off a printed sheet. Rasterises the PDF CUPS wrote with
 * pdftoppm and reads every symbol with zxing-wasm, through label-layout's own test helper.
 */
import type { LabelTemplate, StartPosition } from '@homing/label-layout';
import { defaultTemplate, labelQrText, mm, mmToPt, placeLabels, ptToMm, pt } from '@homing/label-layout';
import { PDFDocument } from 'pdf-lib';
import { decodePage, rasterise } from '../../../../packages/label-layout/test/rasterDecode';

export { hasPdftoppm } from '../../../../packages/label-layout/test/rasterDecode';

const DPI = 300;
const PX_PER_PT = DPI / 72;

export interface ReadLabel {
  readonly value: string;
  readonly pageIndex: number;
  /** 0-based position on the sheet where the template puts this code. */
  readonly column: number;
  readonly row: number;
  /** Decoded symbol centre minus the template's label centre, in mm (+x right, +y down). */
  readonly dxMm: number;
  readonly dyMm: number;
}

export interface SheetScan {
  /** Page sizes in points, as [width, height]. */
  readonly pageSizes: [number, number][];
  readonly read: ReadLabel[];
  /** Expected symbols that could not be found where they should be. */
  readonly missing: string[];
  /** Symbols read that were not expected (a skipped label printed, a wrong URL). */
  readonly unexpected: string[];
  /** Largest distance between a decoded centre and its label centre (plus `offset`), in mm. */
  readonly maxErrorMm: number;
}

/**
 * Reads `pdf` and places every code where the template puts it from `start`; errors are measured
 * against the label centre moved by `offset` (the calibration the print should have applied).
 */
export async function scanSheets(
  pdf: Uint8Array,
  values: readonly string[],
  domain: string,
  start: StartPosition = { column: 1, row: 1 },
  offset = { xMm: 0, yMm: 0 },
  template: LabelTemplate = defaultTemplate,
): Promise<SheetScan> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pageSizes = doc.getPages().map((page): [number, number] => {
    const { width, height } = page.getMediaBox();
    return [width, height];
  });
  const placements = placeLabels(values.length, template, start);
  const images = rasterise(pdf, DPI);
  const read: ReadLabel[] = [];
  const missing: string[] = [];
  const unexpected: string[] = [];
  let maxErrorMm = 0;
  const [dx, dy] = [mmToPt(mm(offset.xMm)), mmToPt(mm(offset.yMm))];
  for (const [pageIndex, image] of images.entries()) {
    const expected = placements
      .filter((placement) => placement.pageIndex === pageIndex)
      .map((placement) => ({
        placement,
        value: values[placement.codeIndex],
        text: labelQrText(domain, values[placement.codeIndex]),
        x: placement.centre.x * PX_PER_PT,
        y: placement.centre.y * PX_PER_PT,
      }));
    // Look where the calibrated label should be; a missed offset shows up as a large error.
    const windows = expected.map((e) => ({ text: e.text, x: e.x + dx * PX_PER_PT, y: e.y + dy * PX_PER_PT }));
    const decoded = await decodePage(image, windows, Math.min(template.pitchX, template.pitchY) * PX_PER_PT);
    const seen = new Set<string>();
    for (const symbol of decoded) {
      const hit = expected.find((e) => e.text === symbol.text);
      if (!hit) {
        unexpected.push(symbol.text);
        continue;
      }
      seen.add(symbol.text);
      const dxMm = ptToMm(pt((symbol.x - hit.x) / PX_PER_PT));
      const dyMm = ptToMm(pt((symbol.y - hit.y) / PX_PER_PT));
      maxErrorMm = Math.max(maxErrorMm, Math.hypot(dxMm - offset.xMm, dyMm - offset.yMm));
      read.push({
        value: hit.value,
        pageIndex,
        column: hit.placement.column,
        row: hit.placement.row,
        dxMm,
        dyMm,
      });
    }
    missing.push(...expected.filter((e) => !seen.has(e.text)).map((e) => e.value));
  }
  return { pageSizes, read, missing, unexpected, maxErrorMm };
}
