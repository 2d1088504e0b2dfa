import { describe, expect, it } from 'vitest';
import type { TextLineLayout } from './labelContent';
import {
  CODE_ASCENT,
  CODE_DESCENT,
  HELVETICA_ASCENT,
  HELVETICA_DESCENT,
  labelContentLayout,
  MIN_CODE_FONT_SIZE,
} from './labelContent';
import { LABEL_SYMBOL, MAX_LABEL_VERSION } from './symbolChoice';
import { templates } from './templates';
import { pt, ptToMm } from './units';

// Every QR version a label URL can plausibly need (21 … 41 modules), on every template.
const cases = templates.flatMap((template) =>
  [21, 25, 29, 33, 37, 41].map((modules) => [template.id, template.labelDiameter, modules] as const),
);

const top = (line: TextLineLayout): number => line.baseline - HELVETICA_ASCENT * line.fontSize;
const bottom = (line: TextLineLayout): number => line.baseline + HELVETICA_DESCENT * line.fontSize;

describe('labelContentLayout', () => {
  it.each(cases)('%s, %i pt, %i modules: everything inside the circle', (_id, diameter, modules) => {
    const layout = labelContentLayout(diameter, modules);
    const { qr, safeRadius } = layout;
    expect(safeRadius).toBeLessThan(diameter / 2);
    // The symbol is centred on the label, its modules square, its quiet zone at least 2 modules.
    expect(qr.left).toBeCloseTo(-qr.size / 2, 9);
    expect(qr.top).toBeCloseTo(-qr.size / 2, 9);
    expect(qr.size).toBeCloseTo(qr.moduleSize * modules, 9);
    expect(qr.quietZone).toBeGreaterThanOrEqual(2 * qr.moduleSize - 1e-9);
    // Every corner of the quiet zone inside the circle.
    const halfBox = qr.size / 2 + qr.quietZone;
    expect(Math.hypot(halfBox, halfBox)).toBeLessThanOrEqual(safeRadius + 1e-9);

    // Top to bottom: set name, brand word, quiet zone, code, address; no overlaps, and the code
    // (capitals and digits in bold) starts where the quiet zone ends, at 4 pt or more.
    const { setName, brand, code, address } = layout;
    expect(bottom(setName)).toBeLessThanOrEqual(top(brand));
    expect(bottom(brand)).toBeLessThanOrEqual(-halfBox + 1e-9);
    const codeTop = code.baseline - CODE_ASCENT * code.fontSize;
    const codeBottom = code.baseline + CODE_DESCENT * code.fontSize;
    expect(codeTop).toBeGreaterThanOrEqual(halfBox - 1e-9);
    expect(code.fontSize).toBeGreaterThanOrEqual(MIN_CODE_FONT_SIZE);
    expect(Math.hypot(code.maxWidth / 2, codeBottom)).toBeLessThanOrEqual(safeRadius + 1e-9);
    expect(top(address)).toBeGreaterThanOrEqual(codeBottom - 1e-9);
    for (const line of [setName, brand, address]) {
      // A line as wide as maxWidth, centred, keeps both ends of its outer edge inside the circle.
      const outer = Math.max(Math.abs(top(line)), Math.abs(bottom(line)));
      expect(Math.hypot(line.maxWidth / 2, outer)).toBeLessThanOrEqual(safeRadius + 1e-9);
      expect(line.fontSize).toBeGreaterThanOrEqual(3.5 * (diameter / 54) - 1e-9);
      expect(line.fontSize).toBeLessThanOrEqual(5 * (diameter / 54) + 1e-9);
    }
  });

  it('makes the labels’ symbol on a 3/4 in label with its quiet zone (LABEL_SYMBOL) about 26 pt (9.3 mm) wide', () => {
    const modules = 4 * MAX_LABEL_VERSION + 17;
    const { qr, setName, code, address } = labelContentLayout(pt(54), modules);
    expect(qr.quietZone).toBeCloseTo(LABEL_SYMBOL.quietZoneModules * qr.moduleSize, 9);
    expect(qr.size).toBeCloseTo(qr.moduleSize * modules, 9);
    expect(qr.size).toBeGreaterThan(25);
    expect(qr.size).toBeLessThan(28);
    // The largest version labels accept (MAX_LABEL_VERSION): modules of at least 0.37 mm, the size
    // the shared camera model read best (bench:label-read, README).
    expect(ptToMm(qr.moduleSize)).toBeGreaterThan(0.37);
    // Room for a short set name, a 10-character code in two groups (~31 pt in 4.3 pt bold) and a
    // short host name.
    expect(setName.maxWidth).toBeGreaterThanOrEqual(21);
    expect(code.maxWidth).toBeGreaterThanOrEqual(33);
    expect(address.maxWidth).toBeGreaterThanOrEqual(23);
    // The code line did not cost the symbol anything: the set name's band still limits the box the
    // symbol and its quiet zone share, whatever the quiet zone.
    for (const quietZoneModules of [2, 3, 4])
      expect(labelContentLayout(pt(54), modules, { quietZoneModules }).qr.moduleSize).toBeCloseTo(
        30.64 / (modules + 2 * quietZoneModules),
        2,
      );
  });

  it('grows with the label and with a wider quiet zone shrinks the modules', () => {
    expect(labelContentLayout(pt(72), 25).qr.size).toBeGreaterThan(labelContentLayout(pt(54), 25).qr.size);
    const narrow = labelContentLayout(pt(54), 25, { quietZoneModules: 2 });
    const wide = labelContentLayout(pt(54), 25, { quietZoneModules: 4 });
    expect(wide.qr.moduleSize).toBeLessThan(narrow.qr.moduleSize);
    expect(wide.qr.quietZone).toBeCloseTo(4 * wide.qr.moduleSize, 9);
  });

  it('refuses what cannot work', () => {
    expect(() => labelContentLayout(pt(54), 20)).toThrow(RangeError);
    expect(() => labelContentLayout(pt(54), 25, { quietZoneModules: 1 })).toThrow(RangeError);
    expect(() => labelContentLayout(pt(2), 25)).toThrow(RangeError);
  });
});
