/**
 * The instance's SMS number on the labels (PRODUCT.md, Finders who text): "or text CODE to +1 555 …" under the address
 * on the templates with room for a sixth line (`smsLine: 'below'`), "or text the code to" up the
 * left side of the symbol and the number down its right on the others (Avery 4221, the 1" round),
 * in full, inside the label, clear of the symbol's quiet zone, the symbol unchanged and still read
 * by zxing-wasm; absent without a number.
 */
import { describe, expect, it } from 'vitest';
import { loadPdf, pageContent } from '../../test/pdfStructure';
import { pdfWords } from '../../test/pdfWords';
import {
  decodePage,
  pdfText,
  quietZoneDarkest,
  rasterise,
  skipWithoutPoppler,
} from '../../test/rasterDecode';
import { sampleCodes } from '../../test/sampleCodes';
import { sideWords } from '../../test/smsSides';
import { printedCode, smsLineText } from '../codeText';
import { labelContentLayout } from '../labelContent';
import { placeLabels } from '../placement';
import { labelQrText, qrMatrix } from '../qr/matrix';
import { SMS_SIDE_WORDS } from '../smsLine';
import { MAX_LABEL_VERSION } from '../symbolChoice';
import {
  avery22805,
  avery4221,
  averyL7160,
  defaultTemplate,
  round1in32,
  templates,
  type LabelTemplate,
} from '../templates';
import { renderLabelSheetsPdf } from './labelSheets';

const domainName = 'homing.example';
const smsNumber = '+1 555 010 0199';
const PX = 300 / 72;
const skip = skipWithoutPoppler();
/** The largest symbol labels print (`MAX_LABEL_VERSION`), in modules. */
const largest = 4 * MAX_LABEL_VERSION + 17;
/**
 * The module size `npm run bench:label-read` accepts: the labels' symbol at that version on the
 * default Avery 4221 label without a sixth line.
 */
const SMALLEST_MODULE = labelContentLayout(avery4221.labelDiameter, largest).qr.moduleSize;

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
    for (const template of templates.filter((t) => t.smsLine === 'below')) {
      const layout = labelContentLayout(template.labelDiameter, largest, { smsLine: 'below' });
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

  it('without the option there is no line and the symbol is as before', () => {
    const layout = labelContentLayout(avery22805.labelDiameter, largest);
    expect(layout.sms).toBeNull();
    expect(layout.smsSides).toBeNull();
  });

  it('CODE is the printed code, which the texted-code parser reads as is', () => {
    expect(smsLineText('k7m2p9qx4t', smsNumber)).toBe(
      `or text ${printedCode('K7M2P9QX4T')} to +1 555 010 0199`,
    );
  });
});

/** A rendered sheet as a reader meets it: label places, the layout, pdftotext's words, the decoded symbols. */
async function printedSheet(
  template: LabelTemplate,
  pdf: Uint8Array,
  codes: readonly { value: string }[],
  smsLine: 'below' | 'sides',
) {
  const placements = placeLabels(codes.length, template, { column: 1, row: 1 });
  const layout = labelContentLayout(
    template.labelDiameter,
    qrMatrix(labelQrText(domainName, codes[0].value)).size,
    { smsLine },
  );
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
  return { placements, layout, words: pdfWords(pdf)[0], image, decoded };
}

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

        const { placements, layout, words, decoded } = await printedSheet(template, pdf, codes, 'below');
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

  for (const template of [defaultTemplate, round1in32]) {
    it.skipIf(skip)(
      `${template.name}: "or text the code to" up every label's left side, the number down its right, off the quiet zone and the edge; every symbol still decodes`,
      async () => {
        const count = template.labelsPerSheet;
        const codes = sampleCodes(count, 'Set 7', 3);
        const pdf = await render(template, count, smsNumber);
        const { placements, layout, words, image, decoded } = await printedSheet(
          template,
          pdf,
          codes,
          'sides',
        );
        for (const p of placements) {
          expect(decoded.map((d) => d.text)).toContain(labelQrText(domainName, codes[p.codeIndex].value));
          expect(sideWords(words, p.centre, layout)).toEqual({
            left: SMS_SIDE_WORDS,
            right: smsNumber,
            problems: [],
          });
          expect(quietZoneDarkest(image, p.centre, layout.qr, PX)).toBeGreaterThan(200);
        }
        // The code under the symbol is still there in full: the number points to it.
        const text = pdfText(pdf).replace(/\s+/g, ' ');
        for (const code of codes) expect(text).toContain(printedCode(code.value));
      },
    );
  }

  it('Avery 4221 with a number draws exactly what it draws without one, and the two side lines', async () => {
    const content = async (number: string | null) =>
      (await loadPdf(await render(defaultTemplate, 80, number))).getPages().map(pageContent);
    const [withNumber] = await content(smsNumber);
    const [without] = await content(null);
    // The side lines are the only turned text (a text matrix, Tm), two per label.
    const turned = withNumber.split('\n').filter((line) => / Tm /.test(line));
    expect(turned).toHaveLength(160);
    expect(withNumber.split('\n').filter((line) => !/ Tm /.test(line))).toEqual(without.split('\n'));
    // At the sides' size, SMS_SIDE_FONT of the 54 pt diameter: 2.484 pt.
    expect(turned[0]).toMatch(/^BT \/F1 2\.484 Tf 0 1 -1 0 [\d.]+ [\d.]+ Tm <[0-9A-F]+> Tj ET$/);
    expect(turned[1]).toMatch(/^BT \/F1 2\.484 Tf 0 -1 1 0 [\d.]+ [\d.]+ Tm <[0-9A-F]+> Tj ET$/);
  });

  it('prints a number configured without spaces grouped as people write it, beside the symbol and under the address', async () => {
    for (const template of [defaultTemplate, avery22805]) {
      const content = async (number: string) =>
        (await loadPdf(await render(template, 2, number))).getPages().map(pageContent);
      expect(await content('+15550100199'), template.id).toEqual(await content(smsNumber));
    }
  });

  it.skipIf(skip)(
    'a character Helvetica cannot encode prints as "?" beside the symbol, not a failure',
    async () => {
      expect(pdfText(await render(defaultTemplate, 1, '+1 555 ☎ 0199'))).toContain('+1 555 ? 0199');
    },
  );

  it.skipIf(skip)('no number: no line, under the address or on the sides', async () => {
    for (const template of [avery22805, defaultTemplate]) {
      const text = pdfText(await render(template, 4, null));
      expect(text).not.toContain('or text');
      expect(text).not.toContain('0199');
      expect(text).toContain('homing.example');
    }
  });
});
