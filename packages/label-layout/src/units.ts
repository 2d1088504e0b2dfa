/**
 * Branded length units. A bare `number` carries no unit, and the bugs this package guards against
 * (a millimetre calibration offset added to points, an inch pitch used as points) all type-check
 * with bare numbers. Arithmetic on branded values yields `number`; re-brand the result with the
 * constructor of the unit it is in.
 */
export type Pt = number & { readonly __unit: 'pt' };
export type Mm = number & { readonly __unit: 'mm' };
export type Inch = number & { readonly __unit: 'inch' };

export const POINTS_PER_INCH = 72;
export const MILLIMETRES_PER_INCH = 25.4;

export const pt = (value: number): Pt => value as Pt;
export const mm = (value: number): Mm => value as Mm;
export const inch = (value: number): Inch => value as Inch;

export const inchToPt = (value: Inch): Pt => pt(value * POINTS_PER_INCH);
export const ptToInch = (value: Pt): Inch => inch(value / POINTS_PER_INCH);
export const mmToPt = (value: Mm): Pt => pt((value * POINTS_PER_INCH) / MILLIMETRES_PER_INCH);
export const ptToMm = (value: Pt): Mm => mm((value * MILLIMETRES_PER_INCH) / POINTS_PER_INCH);

/** A point on a sheet in points, measured from the page's TOP-LEFT corner, y growing downwards. */
export interface SheetPoint {
  readonly x: Pt;
  readonly y: Pt;
}
