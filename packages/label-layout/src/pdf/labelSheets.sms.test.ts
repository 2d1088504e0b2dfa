/**
 * "or text CODE to +1 555 …" (issue 29): printed under the address when the instance has an SMS
 * number and the template has room (`noSmsLine`), in full, inside the label, clear of the symbol's
 * quiet zone, the symbol still read by zxing-wasm; absent without a number.
 */
import { describe, expect, it } from 'vitest';
import { loadPdf, pageContent } from '../../test/pdfStructure';
import { pdfWords } from '../../test/pdfWords';
import { decodePage, pdfText, rasterise, skipWithoutPoppler } from '../../test/rasterDecode';
import { sampleCodes } from '../../test/sampleCodes';
import { printedCode, smsLineText } from '../codeText';
import { labelContentLayout } from '../labelContent';
import { placeLabels } from '../placement';
import { labelQrText, qrMatrix } from '../qr/matrix';
import { avery22805, averyL7160, defaultTemplate, templates, type LabelTemplate } from '../templates';
import { mmToPt, mm } from '../units';
import { renderLabelSheetsPdf } from './labelSheets';

const domainName = 'homing.example';
const smsNumber = '+1 555 010 0199';
const PX = 300 / 72;
const skip = skipWithoutPoppler();
/** The module size `npm run bench:label-read` accepts (Avery 4221, level Q, version 3). */
const SMALLEST_MODULE = mmToPt(mm(0.292));
const version3 = 29;

const render = (template: LabelTemplate, count: number, number: string | null) =>
  renderLabelSheetsPdf({
    codes: sampleCodes(count, 'Set 7', 3),
    template,
    domainName,
    brandWord: 'homing',
    smsNumber: number,
  });

describe('the SMS line in the layout', () => {
  it('templates with room keep the symbol at a size the benchmark reads, and put the line below the address', () => {
    for (const template of templates.filter((t) => !t.noSmsLine)) {
      const layout = labelContentLayout(template.labelDiameter, version3, { smsLine: true });
      expect(layout.qr.moduleSize, template.id).toBeGreaterThanOrEqual(SMALLEST_MODULE - 1e-9);
      const sms = layout.sms!;
      // Its top is under the address line's baseline, and far below the quiet zone.
      expect(sms.baseline - 0.718 * sms.fontSize).toBeGreaterThan(layout.address.baseline);
      expect(sms.baseline - 0.718 * sms.fontSize).toBeGreaterThan(
        layout.qr.top + layout.qr.size + layout.qr.quietZone,
      );
      expect(sms.baseline + 0.207 * sms.fontSize).toBeLessThan(layout.safeRadius);
    }
  });

  it('a template that says it has no room really has none, and says why', () => {
    const without = templates.filter((t) => t.noSmsLine);
    expect(without.map((t) => t.id)).toContain(defaultTemplate.id);
    for (const template of without) {
      expect(template.noSmsLine).toMatch(/bench:label-read/);
      const layout = labelContentLayout(template.labelDiameter, version3, { smsLine: true });
      expect(layout.qr.moduleSize, template.id).toBeLessThan(SMALLEST_MODULE);
    }
  });

  it('without the option there is no line and the symbol is as before', () => {
    const layout = labelContentLayout(avery22805.labelDiameter, version3);
    expect(layout.sms).toBeNull();
  });

  it('CODE is the printed code, which the texted-code parser reads as is', () => {
    expect(smsLineText('k7m2p9qx4t', smsNumber)).toBe(
      `or text ${printedCode('K7M2P9QX4T')} to +1 555 010 0199`,
    );
  });
});

describe(`the SMS line in the PDF${skip ? ' [SKIPPED: needs pdftoppm and pdftotext: apt-get install poppler-utils]' : ''}`, () => {
  for (const template of [avery22805, averyL7160]) {
    it.skipIf(skip)(
      `${template.name}: every label has the full line, inside it, and its symbol still decodes`,
      async () => {
        const count = template.labelsPerSheet;
        const codes = sampleCodes(count, 'Set 7', 3);
        const pdf = await render(template, count, smsNumber);
        const text = pdfText(pdf).replace(/\s+/g, ' ');
        for (const code of codes) expect(text).toContain(smsLineText(code.value, smsNumber));

        const placements = placeLabels(count, template, { column: 1, row: 1 });
        const layout = labelContentLayout(
          template.labelDiameter,
          qrMatrix(labelQrText(domainName, codes[0].value)).size,
          { smsLine: true },
        );
        const words = pdfWords(pdf)[0];
        const image = rasterise(pdf, 300)[0];
        const decoded = await decodePage(
          image,
          placements.map((p) => ({
            text: labelQrText(domainName, codes[p.codeIndex].value),
            x: p.centre.x * PX,
            y: p.centre.y * PX,
          })),
          template.pitchX * PX,
        );
        for (const p of placements) {
          const url = labelQrText(domainName, codes[p.codeIndex].value);
          expect(decoded.map((d) => d.text)).toContain(url);
          // The line's words: every one inside the label's safe circle, and below the quiet zone.
          const line = words.filter(
            (w) =>
              Math.abs((w.xMin + w.xMax) / 2 - p.centre.x) < template.labelDiameter / 2 &&
              w.yMin > p.centre.y + layout.address.baseline + 0.5 &&
              w.yMin < p.centre.y + template.labelDiameter / 2,
          );
          expect(line.map((w) => w.text).join(' ')).toBe(smsLineText(codes[p.codeIndex].value, smsNumber));
          const quietBottom = p.centre.y + layout.qr.top + layout.qr.size + layout.qr.quietZone;
          for (const w of line) {
            expect(w.yMin).toBeGreaterThan(quietBottom);
            for (const [x, y] of [
              [w.xMin, w.yMin],
              [w.xMax, w.yMin],
              [w.xMin, w.yMax],
              [w.xMax, w.yMax],
            ])
              expect(Math.hypot(x - p.centre.x, y - p.centre.y)).toBeLessThan(template.labelDiameter / 2);
          }
        }
      },
    );
  }

  it('Avery 4221 with a number draws exactly what it draws without one (the benchmarked label)', async () => {
    const content = async (number: string | null) =>
      (await loadPdf(await render(defaultTemplate, 80, number))).getPages().map(pageContent);
    expect(await content(smsNumber)).toEqual(await content(null));
  });

  it.skipIf(skip)('no number: no line; Avery 4221 (no room) leaves it off even with a number', async () => {
    expect(pdfText(await render(avery22805, 4, null))).not.toContain('or text');
    expect(pdfText(await render(defaultTemplate, 4, smsNumber))).not.toContain('or text');
    expect(pdfText(await render(defaultTemplate, 4, smsNumber))).toContain('homing.example');
  });
});
