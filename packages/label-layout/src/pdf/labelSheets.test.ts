import { PrintScaling } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkSymbol } from '@homing/shared/codes';
import { imageCount, loadPdf, pageContent } from '../../test/pdfStructure';
import { sampleCodes } from '../../test/sampleCodes';
import { labelQrText, qrMatrix, qrSvgPath } from '../qr/matrix';
import { round1in32 } from '../templates';
import { labelDomainProblem } from '../labelDomain';
import { MAX_LABEL_VERSION } from '../symbolChoice';
import { renderJobSheetsPdf, renderLabelSheetsPdf } from './labelSheets';

const base = { domainName: 'homing.example', brandWord: 'homing' } as const;
// One filled path per symbol: a transform, its rectangles, a fill.
const SYMBOL = /cm\n(?:\d+ \d+ \d+ \d+ re\n)+f\nQ/g;

// Generous: PDF work is slow on a busy CI machine, and a timeout here says nothing about correctness.
describe('renderLabelSheetsPdf', () => {
  it('makes exact US Letter pages, unscaled, unrotated, with vector symbols and no images', async () => {
    const bytes = await renderLabelSheetsPdf({
      ...base,
      codes: sampleCodes(100),
      startColumn: 3,
      startRow: 4,
    });
    const doc = await loadPdf(bytes);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.catalog.getViewerPreferences()?.getPrintScaling()).toBe(PrintScaling.None);
    expect(imageCount(doc)).toBe(0);
    const symbolsPerPage = doc.getPages().map((page) => {
      expect(page.getMediaBox()).toEqual({ x: 0, y: 0, width: 612, height: 792 });
      expect(page.node.CropBox()).toBeDefined(); // set, not inherited from the MediaBox
      expect(page.getCropBox()).toEqual({ x: 0, y: 0, width: 612, height: 792 });
      expect(page.getRotation().angle).toBe(0);
      const content = pageContent(page);
      expect(content).not.toMatch(/\bDo\b|\bBI\b/); // no XObjects drawn, no inline images
      return content.match(SYMBOL)?.length ?? 0;
    });
    // 3 rows and 2 labels skipped: 54 on the first sheet, the rest on the second.
    expect(symbolsPerPage).toEqual([54, 46]);
  });

  it('draws each symbol as the rectangles of its SVG path, in module units', async () => {
    const [code] = sampleCodes(1);
    const doc = await loadPdf(await renderLabelSheetsPdf({ ...base, codes: [code] }));
    const [symbol] = pageContent(doc.getPage(0)).match(SYMBOL) ?? [''];
    const pdfRects = Array.from(
      symbol.matchAll(/(\d+) (\d+) (\d+) (\d+) re/g),
      ([, x, y, w, h]) => `${x},${y},${w},${h}`,
    );
    const matrix = qrMatrix(labelQrText(base.domainName, code.value));
    const svgRects = Array.from(
      qrSvgPath(matrix).matchAll(/M(\d+) (\d+)h(\d+)v(\d+)/g),
      ([, x, y, w, h]) => `${x},${y},${w},${h}`,
    );
    expect(pdfRects).toEqual(svgRects);
  });

  it('stays small: 10 sheets (800 labels) under 300 KB', async () => {
    const bytes = await renderLabelSheetsPdf({ ...base, codes: sampleCodes(800) });
    expect((await loadPdf(bytes)).getPageCount()).toBe(10);
    expect(bytes.length).toBeLessThan(300 * 1024);
  });

  it('prints the 32-label template on its own grid', async () => {
    const doc = await loadPdf(
      await renderLabelSheetsPdf({ ...base, template: round1in32, codes: sampleCodes(40) }),
    );
    expect(doc.getPages().map((page) => pageContent(page).match(SYMBOL)?.length)).toEqual([32, 8]);
  });

  it('survives long names and characters Helvetica cannot encode', async () => {
    const codes = [
      { value: 'ABC234', setName: 'A very long set name that cannot possibly fit on a label' },
      { value: 'ABC235', setName: 'Série ✓ 🚀 東京' },
      { value: 'ABC236', setName: '' },
    ];
    const doc = await loadPdf(await renderLabelSheetsPdf({ ...base, codes }));
    const content = pageContent(doc.getPage(0));
    expect(content.match(SYMBOL)).toHaveLength(3);
    // The long set name on two lines, brand, code and address; the other name on one line; brand,
    // code and address on the unnamed one.
    expect(content.match(/ Tj (?:100 Tz )?ET/g)).toHaveLength(12);
    const shown = Array.from(content.matchAll(/<([0-9A-F]+)> Tj/g), ([, hex]) => Buffer.from(hex, 'hex'));
    expect(shown.some((text) => text.includes(0x85))).toBe(false); // no "…" (WinAnsi 0x85)
  });

  it('prints a split set’s name and the longest domain accepted in full: smaller, then narrower, not cut', async () => {
    // 25 characters: the longest whose URL stays within MAX_LABEL_VERSION (labelSymbolLevel).
    const domainName = 'labels.lost-and-found.exa';
    const codes = [{ value: 'K7M2P9QX4T', setName: 'Set 11-26-2026 #12, rows 1-3' }];
    const content = pageContent(
      (await loadPdf(await renderLabelSheetsPdf({ ...base, domainName, codes }))).getPage(0),
    );
    const shown = Array.from(
      content.matchAll(/\/F1 [\d.]+ Tf (?:([\d.]+) Tz )?[-\d. ]+ Td <([0-9A-F]+)> Tj/g),
      ([, scale, hex]) => ({
        scale: scale ? Number(scale) : 100,
        text: Buffer.from(hex, 'hex').toString('latin1'),
      }),
    );
    expect(shown.map((line) => line.text)).toEqual([
      'Set 11-26-2026 #12, rows 1-3',
      base.brandWord,
      domainName,
    ]);
    expect(shown[0].scale).toBeLessThan(100);
    expect(shown[2].scale).toBeLessThan(100);
    expect(labelDomainProblem(domainName)).toBeNull();
  });

  it('refuses, at configuration, a domain too long to print in full or to scan', () => {
    expect(labelDomainProblem('homing.example')).toBeNull();
    expect(labelDomainProblem('x'.repeat(60) + '.example')).toMatch(/too long for the labels/);
    // One character more than the longest accepted: its URL would need a version above MAX_LABEL_VERSION.
    expect(labelDomainProblem('labels.lost-and-found.exam')).toMatch(
      new RegExp(`too long for the labels: its QR code would need a version above ${MAX_LABEL_VERSION}`),
    );
  });

  it('never shrinks or cuts a code: one too wide for its line is narrowed, still at full size', async () => {
    const codes = [
      { value: 'K7M2P9QX4T', setName: '' },
      { value: 'WWWWWWWWWWWWWW', setName: '' },
    ];
    const content = pageContent((await loadPdf(await renderLabelSheetsPdf({ ...base, codes }))).getPage(0));
    const lines = Array.from(
      content.matchAll(/\/F2 ([\d.]+) Tf (?:([\d.]+) Tz )?[-\d. ]+ Td <([0-9A-F]+)> Tj/g),
    );
    expect(lines).toHaveLength(2);
    const text = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');
    expect(lines.map(([, size, scale, hex]) => [Number(size), scale ?? null, text(hex)])).toEqual([
      // A code of the alphabet's length is printed with its check symbol; others as they are.
      [4.32, null, `K7M2P 9QX4T-${checkSymbol('K7M2P9QX4T')}`],
      [4.32, expect.stringMatching(/^\d\d(\.\d+)?$/), 'WWWWW WWWWW WWWW'],
    ]);
  });

  it('refuses nothing to print, a start outside the sheet and a non-numeric calibration', async () => {
    await expect(renderLabelSheetsPdf({ ...base, codes: [] })).rejects.toThrow(RangeError);
    await expect(renderLabelSheetsPdf({ ...base, codes: sampleCodes(1), startColumn: 9 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('renderJobSheetsPdf', () => {
  it('starts each set on a new sheet, drawn exactly as the set alone; the start applies to the first', async () => {
    const [first, second] = [sampleCodes(80, 'Set 1', 1), sampleCodes(10, 'Set 2', 2)];
    const start = { startColumn: 3, startRow: 1 };
    const job = await loadPdf(await renderJobSheetsPdf({ ...base, ...start, sets: [first, second] }));
    const alone = [
      ...(await loadPdf(await renderLabelSheetsPdf({ ...base, ...start, codes: first }))).getPages(),
      ...(await loadPdf(await renderLabelSheetsPdf({ ...base, codes: second }))).getPages(),
    ];
    expect(job.getPages().map((page) => pageContent(page).match(SYMBOL)?.length)).toEqual([78, 2, 10]);
    expect(job.getPages().map(pageContent)).toEqual(alone.map(pageContent));
  });

  it('refuses a job with an empty set', async () => {
    await expect(renderJobSheetsPdf({ ...base, sets: [sampleCodes(1), []] })).rejects.toThrow(RangeError);
    await expect(renderJobSheetsPdf({ ...base, sets: [] })).rejects.toThrow(RangeError);
  });
});
