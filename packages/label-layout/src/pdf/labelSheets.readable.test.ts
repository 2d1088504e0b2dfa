/**
 * The code people read: every label's human-readable code, as poppler's pdftotext extracts it from
 * the PDF, is the code its QR symbol carries, as zxing-wasm and ZBar both read it from a 300 dpi
 * raster; the code is set at 4 pt or more and nothing of it falls inside the symbol's quiet zone.
 * Needs poppler-utils and zbar-tools (CI installs both; under CI=true their absence fails).
 */
import { describe, expect, it } from 'vitest';
import { pdfWords, type PdfWord } from '../../test/pdfWords';
import { pageContent, loadPdf } from '../../test/pdfStructure';
import { decodePage, quietZoneDarkest, rasterise, skipWithoutPoppler } from '../../test/rasterDecode';
import { sampleCodes } from '../../test/sampleCodes';
import { skipWithout } from '../../test/ciTools';
import { hasZbarimg, zbarReadWindows } from '../../test/zbar';
import { printedCode } from '../codeText';
import { labelContentLayout, MIN_CODE_FONT_SIZE } from '../labelContent';
import { placeLabels, type StartPosition } from '../placement';
import { labelQrText, qrMatrix } from '../qr/matrix';
import { defaultTemplate, round1in32, type LabelTemplate } from '../templates';
import { renderLabelSheetsPdf } from './labelSheets';

const DPI = 300;
const PX = DPI / 72;
const domainName = 'homing.example';
const skip = skipWithoutPoppler() || skipWithout(hasZbarimg, 'zbarimg', 'apt-get install zbar-tools');
const codeOfUrl = (url: string | null | undefined) => url?.split('/').at(-1) ?? null;

/** The words of the code line of the label centred at (x, y): the line just under the symbol. */
function codeLineText(
  words: readonly PdfWord[],
  x: number,
  y: number,
  template: LabelTemplate,
  modules: number,
) {
  const { code } = labelContentLayout(template.labelDiameter, modules);
  const inLine = words.filter((word) => {
    const middle = (word.xMin + word.xMax) / 2;
    // The band between the line's cap height and its baseline, where only this line's words sit.
    const lineTop = y + code.baseline - 0.7 * code.fontSize;
    return (
      Math.abs(middle - x) < template.labelDiameter / 2 &&
      word.yMax > lineTop &&
      word.yMin < y + code.baseline
    );
  });
  return inLine
    .sort((a, b) => a.xMin - b.xMin)
    .map((word) => word.text)
    .join(' ');
}

async function checkSheets(template: LabelTemplate, count: number, start: StartPosition) {
  const codes = sampleCodes(count, 'Set 7', count + start.row);
  const pdf = await renderLabelSheetsPdf({
    codes,
    template,
    domainName,
    brandWord: 'homing',
    startColumn: start.column,
    startRow: start.row,
  });
  const words = pdfWords(pdf);
  const pages = rasterise(pdf, DPI);
  const placements = placeLabels(count, template, start);
  expect(pages).toHaveLength(placements.at(-1)!.pageIndex + 1);
  const modules = qrMatrix(labelQrText(domainName, codes[0].value)).size;
  const { qr } = labelContentLayout(template.labelDiameter, modules);
  let matched = 0;
  for (const [pageIndex, image] of pages.entries()) {
    const onPage = placements.filter((p) => p.pageIndex === pageIndex);
    const expected = onPage.map((p) => ({
      text: labelQrText(domainName, codes[p.codeIndex].value),
      x: p.centre.x * PX,
      y: p.centre.y * PX,
    }));
    const zxing = await decodePage(image, expected, template.pitchX * PX);
    const windowPt = Math.min(template.pitchX, template.pitchY);
    const zbar = zbarReadWindows(
      image,
      onPage.map((p) => ({
        left: (p.centre.x - windowPt / 2) * PX,
        top: (p.centre.y - windowPt / 2) * PX,
        size: windowPt * PX,
      })),
    );
    for (const [i, placement] of onPage.entries()) {
      const { x, y } = placement.centre;
      const fromZxing = zxing.find(
        (s) => Math.hypot(s.x / PX - x, s.y / PX - y) < template.labelDiameter / 2,
      );
      const text = codeLineText(words[pageIndex], x, y, template, modules);
      // What a person reads is what the symbol says, per both decoders, and it is this label's code.
      // (The printed check symbol after the dash stays out of the symbol.)
      const typed = text.replace(/-.$/, '').replace(/ /g, '');
      expect(typed).toBe(codeOfUrl(fromZxing?.text));
      expect(typed).toBe(codeOfUrl(zbar[i]));
      expect(text).toBe(printedCode(codes[placement.codeIndex].value));
      // The quiet zone stays white: a ring half a module inside its outer edge.
      expect(quietZoneDarkest(image, { x, y }, qr, PX)).toBeGreaterThan(200);
      matched++;
    }
  }
  // The code's type size, straight from the content streams.
  const doc = await loadPdf(pdf);
  for (const page of doc.getPages()) {
    const sizes = Array.from(pageContent(page).matchAll(/\/F2 ([\d.]+) Tf/g), ([, size]) => Number(size));
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(MIN_CODE_FONT_SIZE);
  }
  return matched;
}

describe(`the human-readable code on every label${skip ? ' [SKIPPED: needs pdftoppm, pdftotext and zbarimg: apt-get install poppler-utils zbar-tools]' : ''}`, () => {
  it.skipIf(skip)(
    'Avery 4221, a full sheet: 80 of 80 codes read as text, by zxing-wasm and by ZBar, all the same',
    async () => {
      expect(await checkSheets(defaultTemplate, 80, { column: 1, row: 1 })).toBe(80);
    },
  );

  it.skipIf(skip)('the 1" template from column 2, row 3 over two sheets', async () => {
    expect(await checkSheets(round1in32, 40, { column: 2, row: 3 })).toBe(40);
  });
});
