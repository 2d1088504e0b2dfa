import { phoneAsWritten } from '@homing/shared/intlPhone';
import { smsLineText } from './codeText';
import { HELVETICA_WIDTHS } from './helveticaWidths';
import type { SideLineLayout, SmsLinePlacement } from './labelContent';
import {
  HELVETICA_ASCENT,
  HELVETICA_DESCENT,
  labelContentLayout,
  MIN_TEXT_NARROWING,
  MIN_TEXT_SCALE,
} from './labelContent';
import { MAX_LABEL_VERSION } from './symbolChoice';
import type { LabelTemplate } from './templates';

/**
 * The left side line of a round label (PRODUCT.md, Finders who text): read on into the number on the right, "or text
 * the code to +1 555 010 0199", the code being the one printed under the symbol.
 */
export const SMS_SIDE_WORDS = 'or text the code to';

/**
 * The number as a label prints it: as SMS_PUBLIC_NUMBER gives it when it has spaces (the admin's
 * own grouping, kept as printed), else grouped as people write it (libphonenumber-js through
 * `phoneAsWritten`: "+15550100199" prints "+1 555 010 0199"). Every print path (the PDF, the
 * browser's print layout) and every fit check prints and measures this form.
 */
export function smsNumberAsWritten(smsNumber: string): string {
  const number = smsNumber.trim().replace(/\s+/g, ' ');
  return number.includes(' ') ? number : phoneAsWritten(number);
}

/** A side line as printed: one size for both, each narrowed (`Tz`) only as far as it must be. */
export interface FittedSideLine {
  readonly text: string;
  readonly fontSize: number;
  /** x of the baseline from the label's centre: as far from the symbol as the line's length allows. */
  readonly baseline: number;
  /** Per cent along the reading direction (PDF's `Tz`): 100 unless the line had to be narrowed. */
  readonly horizontalScale: number;
  /** The line's length along y, centred on the label's middle row. */
  readonly width: number;
  readonly line: SideLineLayout;
}

/** Helvetica width in em; a character outside the table counts a full em, so never under-measured. */
export const helveticaEm = (text: string): number =>
  Array.from(text).reduce((sum, char) => sum + (HELVETICA_WIDTHS[char] ?? 1000), 0) / 1000;

/**
 * The two side lines, the words up the left and the number down the right, under the rules of
 * every other line: the size both share is the layout's, or smaller down to its `minFontSize` when
 * the longer line needs it; then each line is narrowed down to `MIN_TEXT_NARROWING`. Both are then
 * set as far from the symbol as the longer one's length allows (its corners on `outerRadius`),
 * never nearer than the layout's baseline. Null when a line would still be longer than its segment
 * holds: the number is then left off (never cut).
 */
export function fitSmsSides(
  sides: { readonly left: SideLineLayout; readonly right: SideLineLayout },
  smsNumber: string,
): { readonly left: FittedSideLine; readonly right: FittedSideLine } | null {
  const { fontSize: nominal, minFontSize, maxWidth, outerRadius } = sides.left;
  const number = smsNumber.trim();
  const longest = Math.max(helveticaEm(SMS_SIDE_WORDS), helveticaEm(number));
  const fontSize = Math.max(minFontSize, Math.min(nominal, maxWidth / longest));
  const lines = ([SMS_SIDE_WORDS, number] as const).map((text) => {
    const natural = helveticaEm(text) * fontSize;
    return { text, scale: Math.min(1, maxWidth / natural), width: Math.min(natural, maxWidth) };
  });
  // A hair under the floor, from rounding, is not too long.
  if (lines.some(({ scale }) => scale < MIN_TEXT_NARROWING - 1e-9)) return null;
  // The inner edge: a line's gap off the quiet zone at least, else as far out as the corners allow.
  const nearest = Math.abs(sides.left.baseline) - HELVETICA_DESCENT * nominal;
  const half = Math.max(...lines.map((line) => line.width)) / 2;
  const farthest =
    Math.sqrt(outerRadius ** 2 - half ** 2) - (HELVETICA_ASCENT + HELVETICA_DESCENT) * fontSize;
  const baseline = Math.max(nearest, farthest) + HELVETICA_DESCENT * fontSize;
  const [left, right] = lines.map(({ text, scale, width }, i): FittedSideLine => {
    const line = i === 0 ? sides.left : sides.right;
    return {
      text,
      fontSize,
      baseline: Math.sign(line.baseline) * baseline,
      horizontalScale: 100 * scale,
      width,
      line,
    };
  });
  return { left, right };
}

/** A code of the alphabet's widest capital (W): the widest line a code can make. */
const WIDEST_CODE = 'WWWWWWWWWW';
const fmt = (value: number) => value.toFixed(1);

/** Why `number` cannot go on `template`'s labels at `placement`, or null when it fits there. */
function placementProblem(
  template: LabelTemplate,
  placement: SmsLinePlacement,
  number: string,
): string | null {
  const layout = labelContentLayout(template.labelDiameter, 4 * MAX_LABEL_VERSION + 17, {
    smsLine: placement,
  });
  const smallest = (floor: number) =>
    `at the smallest type (${fmt(floor)} pt, narrowed to ${100 * MIN_TEXT_NARROWING} %)`;
  if (layout.smsSides) {
    if (fitSmsSides(layout.smsSides, number)) return null;
    const { minFontSize, maxWidth } = layout.smsSides.right;
    const longest = Math.max(helveticaEm(SMS_SIDE_WORDS), helveticaEm(number));
    return (
      `the number ${number} is too long for the side of a ${template.name} label: ${smallest(minFontSize)} ` +
      `it runs ${fmt(longest * minFontSize * MIN_TEXT_NARROWING)} pt, and the side beside the QR code holds ${fmt(maxWidth)} pt`
    );
  }
  const line = layout.sms!;
  const floor = line.fontSize * MIN_TEXT_SCALE;
  const needs = helveticaEm(smsLineText(WIDEST_CODE, number)) * floor * MIN_TEXT_NARROWING;
  if (needs <= line.maxWidth) return null;
  return (
    `the line "${smsLineText(WIDEST_CODE, number)}" is too long for a ${template.name} label: ` +
    `${smallest(floor)} it runs ${fmt(needs)} pt, and the line under the address holds ${fmt(line.maxWidth)} pt`
  );
}

/**
 * Where `template`'s labels put `smsNumber`, or null (no number, or it cannot fit): the template's
 * own place (`smsLine`), or, for a number too long for the line under the address with the widest
 * code, the side segments, which hold more and leave the symbol its full size.
 */
export function smsLinePlacement(
  template: LabelTemplate,
  smsNumber: string | null | undefined,
): SmsLinePlacement | null {
  const number = smsNumber?.trim() && smsNumberAsWritten(smsNumber);
  if (!number) return null;
  const order: SmsLinePlacement[] = template.smsLine === 'below' ? ['below', 'sides'] : ['sides'];
  return order.find((placement) => !placementProblem(template, placement, number)) ?? null;
}

/**
 * Why `template`'s labels cannot carry `smsNumber`, or null when they can (or there is no number):
 * the number must fit in full at the smallest type the other lines accept (`MIN_TEXT_SCALE` of
 * the line's size, narrowed to `MIN_TEXT_NARROWING`), under the address with the widest code or
 * in the side segments. Every number the API accepts (E.164, at most 15 digits) fits every
 * template; the print paths check it before drawing, and the API's templates say it.
 */
export function smsLineProblem(template: LabelTemplate, smsNumber: string | null | undefined): string | null {
  const number = smsNumber?.trim() && smsNumberAsWritten(smsNumber);
  if (!number || smsLinePlacement(template, number)) return null;
  return placementProblem(template, 'sides', number);
}
