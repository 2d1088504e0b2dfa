import { describe, expect, it } from 'vitest';
import { inch, inchToPt, mm, mmToPt, pt, ptToInch, ptToMm } from './units';

describe('units', () => {
  it('converts inches and millimetres to points and back', () => {
    expect(inchToPt(inch(0.75))).toBe(54);
    expect(inchToPt(inch(8.5))).toBe(612);
    expect(mmToPt(mm(25.4))).toBeCloseTo(72, 12);
    expect(ptToMm(pt(72))).toBeCloseTo(25.4, 12);
    expect(ptToInch(pt(792))).toBe(11);
    expect(mmToPt(mm(0.5))).toBeCloseTo(1.417, 3);
  });
});
