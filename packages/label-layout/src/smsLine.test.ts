/**
 * The instance's SMS number on labels whose circle has no room for a sixth line (PRODUCT.md, Finders who text): "or
 * text the code to" up the left segment beside the symbol and the number down the right, turned
 * 90°. Every corner of both boxes stays 0.5 mm inside the circle and outside the quiet zone, clear
 * of the other lines' bands, at no smaller type than the other lines accept, and the symbol keeps
 * exactly the size and modules it has without a number.
 */
import { describe, expect, it } from 'vitest';
import type { LabelContentLayout } from './labelContent';
import {
  CODE_DESCENT,
  HELVETICA_ASCENT,
  HELVETICA_DESCENT,
  labelContentLayout,
  MIN_TEXT_NARROWING,
  MIN_TEXT_SCALE,
  SMS_SIDE_FONT,
} from './labelContent';
import {
  fitSmsSides,
  SMS_SIDE_WORDS,
  smsLinePlacement,
  smsLineProblem,
  helveticaEm,
  smsNumberAsWritten,
  type FittedSideLine,
} from './smsLine';
import { MAX_LABEL_VERSION } from './symbolChoice';
import { avery22805, avery4221, averyL7160, round1in32, templates, type LabelTemplate } from './templates';
import { mm, mmToPt } from './units';

const NUMBER = '+1 555 010 0199';
/** The longest printed form SMS_PUBLIC_NUMBER accepts: 15 digits, a space between each. */
const LONGEST_E164 = `+${'123456789012345'.split('').join(' ')}`;
/**
 * The module size `npm run bench:label-read` accepts: the labels' symbol (`LABEL_SYMBOL`) at the
 * largest version labels accept, on the default Avery 4221 label without a sixth line.
 */
const SMALLEST_MODULE = labelContentLayout(avery4221.labelDiameter, 4 * MAX_LABEL_VERSION + 17).qr.moduleSize;
const EDGE_INSET = mmToPt(mm(0.5));
const sidesTemplates = templates.filter((t) => t.smsLine === 'sides');

/** The box a side line's text takes (Helvetica's ascent and descent), [x, y] corners from the label's centre (y down). */
function sideBox(side: FittedSideLine) {
  const { baseline } = side;
  const { reads } = side.line;
  // Turned, the glyphs' tops point away from the symbol: left on the left line, right on the right.
  const outward = reads === 'up' ? -1 : 1;
  const inner = baseline - outward * HELVETICA_DESCENT * side.fontSize;
  const outer = baseline + outward * HELVETICA_ASCENT * side.fontSize;
  const corners = [inner, outer].flatMap((x) => [-side.width / 2, side.width / 2].map((y) => [x, y]));
  return { inner, outer, corners };
}

function checkSides(template: LabelTemplate, modules: number, number: string) {
  const plain = labelContentLayout(template.labelDiameter, modules);
  const layout = labelContentLayout(template.labelDiameter, modules, { smsLine: 'sides' });
  // The symbol is exactly what it is without a number; nothing else moves either.
  expect(layout.qr).toEqual(plain.qr);
  expect({ ...layout, smsSides: null }).toEqual(plain);
  const fitted = fitSmsSides(layout.smsSides!, number)!;
  expect(fitted).not.toBeNull();
  const half = layout.qr.size / 2 + layout.qr.quietZone;
  for (const side of [fitted.left, fitted.right]) {
    const { inner, outer, corners } = sideBox(side);
    // Outside the quiet zone (the feet of the glyphs on its edge), on the side it belongs to.
    // At least a line's gap off it, as between any two lines (a tenth of the set name's size).
    const gap = 0.1 * layout.setName.fontSize;
    expect(Math.abs(inner), `${template.id} ${side.line.reads}`).toBeGreaterThanOrEqual(half + gap - 1e-9);
    expect(Math.sign(inner)).toBe(side.line.reads === 'up' ? -1 : 1);
    expect(Math.abs(outer)).toBeGreaterThan(Math.abs(inner));
    for (const [x, y] of corners) {
      // 0.5 mm inside the circle, within the quiet zone's height: the bands above and below hold
      // the set name, the brand word, the code and the address.
      expect(Math.hypot(x, y), `${template.id} corner ${x}, ${y}`).toBeLessThanOrEqual(
        template.labelDiameter / 2 - EDGE_INSET - gap + 1e-9,
      );
      expect(Math.abs(y)).toBeLessThanOrEqual(half + 1e-9);
    }
    // No smaller than the sixth line's floor, which is that of every small line.
    expect(side.line.minFontSize).toBeCloseTo(0.06 * template.labelDiameter * MIN_TEXT_SCALE, 9);
    expect(side.fontSize).toBeGreaterThanOrEqual(side.line.minFontSize - 1e-9);
    expect(side.horizontalScale).toBeGreaterThanOrEqual(100 * MIN_TEXT_NARROWING - 1e-9);
  }
  // The other lines keep to their bands: nothing of theirs between the quiet zone's top and bottom.
  expect(-layout.brand.baseline - HELVETICA_DESCENT * layout.brand.fontSize).toBeGreaterThanOrEqual(
    half - 1e-9,
  );
  expect(layout.code.baseline - 0.74 * layout.code.fontSize).toBeGreaterThanOrEqual(half - 1e-9);
  expect(layout.code.baseline + CODE_DESCENT * layout.code.fontSize).toBeGreaterThan(half);
  return { layout, fitted };
}

describe('the SMS number in the side segments of a round label', () => {
  it('Avery 4221: both lines whole at 2.48 pt (the size the camera model allows), inside the circle, off the quiet zone', () => {
    for (const modules of [25, 29]) {
      const { fitted, layout } = checkSides(avery4221, modules, NUMBER);
      expect(fitted.left.text).toBe(SMS_SIDE_WORDS);
      expect(fitted.right.text).toBe(NUMBER);
      expect(fitted.left.fontSize).toBeCloseTo(SMS_SIDE_FONT * 54, 6);
      expect([fitted.left.horizontalScale, fitted.right.horizontalScale]).toEqual([100, 100]);
      // The room: 30.6 pt along the quiet zone's side, 10.3 pt from it to the safe edge.
      const half = layout.qr.size / 2 + layout.qr.quietZone;
      expect(layout.smsSides!.left.maxWidth).toBeCloseTo(30.64, 1);
      expect(layout.safeRadius - half).toBeCloseTo(10.26, 1);
      expect(fitted.left.width).toBeCloseTo(helveticaEm(SMS_SIDE_WORDS) * fitted.left.fontSize, 9);
      expect(fitted.right.width).toBeCloseTo(helveticaEm(NUMBER) * fitted.left.fontSize, 9);
      // Set as far out as the words' length allows: their corners on the inner circle, over 5 pt
      // (5 modules) beyond the quiet zone.
      const [x, y] = sideBox(fitted.left).corners.find(([cx]) => cx < sideBox(fitted.left).inner)!;
      expect(Math.hypot(x, y)).toBeCloseTo(fitted.left.line.outerRadius, 9);
      expect(sideBox(fitted.right).inner - half).toBeGreaterThan(5);
    }
  });

  it('1" round: both lines whole at 3.31 pt, inside the circle, far off the quiet zone', () => {
    for (const modules of [25, 29]) {
      const { fitted } = checkSides(round1in32, modules, NUMBER);
      expect(fitted.left.fontSize).toBeCloseTo(SMS_SIDE_FONT * 72, 6);
      expect([fitted.left.horizontalScale, fitted.right.horizontalScale]).toEqual([100, 100]);
    }
  });

  it('every template with the number on its sides holds the longest number the API accepts', () => {
    expect(sidesTemplates.map((t) => t.id)).toEqual(
      expect.arrayContaining([avery4221.id, round1in32.id, 'brother-dk-11218']),
    );
    for (const template of sidesTemplates) {
      const { fitted } = checkSides(template, 4 * MAX_LABEL_VERSION + 17, LONGEST_E164);
      // Whole, at the sides' size or as much smaller as it needs (never under the floor), nearer
      // the symbol than a short number; never narrowed.
      expect(fitted.right.fontSize, template.id).toBeLessThanOrEqual(fitted.left.line.fontSize);
      expect(fitted.right.fontSize, template.id).toBeGreaterThanOrEqual(fitted.left.line.minFontSize);
      expect(fitted.right.horizontalScale, template.id).toBe(100);
      expect(smsLineProblem(template, LONGEST_E164), template.id).toBeNull();
    }
  });

  it('a number too long for the floor is left off the label, the reason giving the figures', () => {
    const tooLong = `+1 ${'5'.repeat(60)}`;
    const problem = smsLineProblem(avery4221, tooLong);
    expect(problem).toMatch(
      /^the number \+1 5+ is too long for the side of a 3\/4" Round label: at the smallest type \(1\.9 pt, narrowed to 50 %\) it runs 3[\d.]+ pt, and the side beside the QR code holds 30\.6 pt$/,
    );
    expect(smsLinePlacement(avery4221, tooLong)).toBeNull();
    const layout = labelContentLayout(avery4221.labelDiameter, 29, { smsLine: 'sides' });
    expect(fitSmsSides(layout.smsSides!, tooLong)).toBeNull();
  });

  it('no number: nothing to place, no problem', () => {
    for (const template of templates) {
      expect(smsLinePlacement(template, null)).toBeNull();
      expect(smsLinePlacement(template, '  ')).toBeNull();
      expect(smsLineProblem(template, null)).toBeNull();
    }
  });
});

describe('the number as printed', () => {
  it('groups a number given without spaces as people write it, and keeps the admin’s own grouping', () => {
    expect(smsNumberAsWritten('+15550100199')).toBe('+1 555 010 0199');
    expect(smsNumberAsWritten(' +33612345678 ')).toBe('+33 6 12 34 56 78');
    expect(smsNumberAsWritten('+1 555  0100 199')).toBe('+1 555 0100 199');
    expect(smsNumberAsWritten(LONGEST_E164)).toBe(LONGEST_E164);
  });

  it('is what every label of the PDF prints, and what the fit is measured on', async () => {
    expect(smsLinePlacement(avery4221, '+15550100199')).toBe('sides');
    const both = fitSmsSides(
      labelContentLayout(avery4221.labelDiameter, 25, { smsLine: 'sides' }).smsSides!,
      smsNumberAsWritten('+15550100199'),
    );
    expect(both?.right.text).toBe('+1 555 010 0199');
  });
});

describe('which labels put it where', () => {
  const sixthLine = (template: LabelTemplate): LabelContentLayout =>
    labelContentLayout(template.labelDiameter, 4 * MAX_LABEL_VERSION + 17, { smsLine: 'below' });

  it('Avery 22805 and L7160 keep the sixth line under the address, at modules the benchmark reads', () => {
    expect(templates.filter((t) => t.smsLine === 'below')).toEqual([avery22805, averyL7160]);
    for (const template of [avery22805, averyL7160]) {
      expect(sixthLine(template).qr.moduleSize, template.id).toBeGreaterThanOrEqual(SMALLEST_MODULE);
      expect(smsLinePlacement(template, NUMBER)).toBe('below');
    }
  });

  it('a number too long for the line under the address with the widest code goes on the sides there', () => {
    // "or text WWWWW WWWWW-X to +1 2 3 …" runs 54.2 pt at the floor on 22805, whose line holds 54.0.
    expect(smsLinePlacement(avery22805, LONGEST_E164)).toBe('sides');
    expect(smsLineProblem(avery22805, LONGEST_E164)).toBeNull();
    checkSides(avery22805, 29, LONGEST_E164);
    expect(smsLinePlacement(averyL7160, LONGEST_E164)).toBe('sides');
  });

  it('every other label would lose module size to a sixth line, so it takes the sides', () => {
    for (const template of sidesTemplates) {
      expect(sixthLine(template).qr.moduleSize, template.id).toBeLessThan(SMALLEST_MODULE);
      expect(smsLinePlacement(template, NUMBER)).toBe('sides');
    }
  });
});
