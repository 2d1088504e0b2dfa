import { smsLineText } from './codeText';
import { HELVETICA_WIDTHS } from './helveticaWidths';
import type { SideLineLayout, SmsLinePlacement } from './labelContent';
import { HELVETICA_DESCENT, labelContentLayout, MIN_TEXT_NARROWING, MIN_TEXT_SCALE } from './labelContent';
import { MAX_LABEL_VERSION } from './symbolChoice';
import type { LabelTemplate } from './templates';

/**
 * The left side line of a round label (issue 29): read on into the number on the right, "or text
 * the code to +1 555 010 0199", the code being the one printed under the symbol.
 */
export const SMS_SIDE_WORDS = 'or text the code to';

/** A side line as printed: one size for both, each narrowed (`Tz`) only as far as it must be. */
export interface FittedSideLine {
  readonly text: string;
  readonly fontSize: number;
  /**
   * x of the baseline from the label's centre: the layout's, moved so that a line set smaller still
   * starts where the layout's does (its descent against the gap beside the quiet zone).
   */
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
 * every other line: the size both share is the layout's, or smaller down to `MIN_TEXT_SCALE` of it
 * when the longer line needs it; then each line is narrowed down to `MIN_TEXT_NARROWING`. Null
 * when a line would still be longer than its segment holds: the number is then left off (never cut).
 */
export function fitSmsSides(
  sides: { readonly left: SideLineLayout; readonly right: SideLineLayout },
  smsNumber: string,
): { readonly left: FittedSideLine; readonly right: FittedSideLine } | null {
  const { fontSize: nominal, maxWidth } = sides.left;
  const number = smsNumber.trim();
  const longest = Math.max(helveticaEm(SMS_SIDE_WORDS), helveticaEm(number));
  const fontSize = Math.max(nominal * MIN_TEXT_SCALE, Math.min(nominal, maxWidth / longest));
  const fit = (text: string, line: SideLineLayout): FittedSideLine | null => {
    const natural = helveticaEm(text) * fontSize;
    const scale = Math.min(1, maxWidth / natural);
    // A hair under the floor, from rounding, is not too long.
    if (scale < MIN_TEXT_NARROWING - 1e-9) return null;
    const baseline = line.baseline - Math.sign(line.baseline) * HELVETICA_DESCENT * (nominal - fontSize);
    return { text, fontSize, baseline, horizontalScale: 100 * scale, width: natural * scale, line };
  };
  const left = fit(SMS_SIDE_WORDS, sides.left);
  const right = fit(number, sides.right);
  return left && right ? { left, right } : null;
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
  const floor = (size: number) => size * MIN_TEXT_SCALE;
  const smallest = (size: number) =>
    `at the smallest type (${fmt(floor(size))} pt, narrowed to ${100 * MIN_TEXT_NARROWING} %)`;
  if (layout.smsSides) {
    if (fitSmsSides(layout.smsSides, number)) return null;
    const { fontSize, maxWidth } = layout.smsSides.right;
    const needs =
      Math.max(helveticaEm(SMS_SIDE_WORDS), helveticaEm(number)) * floor(fontSize) * MIN_TEXT_NARROWING;
    return (
      `the number ${number} is too long for the side of a ${template.name} label: ${smallest(fontSize)} ` +
      `it runs ${fmt(needs)} pt, and the side beside the QR code holds ${fmt(maxWidth)} pt`
    );
  }
  const line = layout.sms!;
  const needs = helveticaEm(smsLineText(WIDEST_CODE, number)) * floor(line.fontSize) * MIN_TEXT_NARROWING;
  if (needs <= line.maxWidth) return null;
  return (
    `the line "${smsLineText(WIDEST_CODE, number)}" is too long for a ${template.name} label: ` +
    `${smallest(line.fontSize)} it runs ${fmt(needs)} pt, and the line under the address holds ${fmt(line.maxWidth)} pt`
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
  const number = smsNumber?.trim();
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
  const number = smsNumber?.trim();
  if (!number || smsLinePlacement(template, number)) return null;
  return placementProblem(template, 'sides', number);
}
