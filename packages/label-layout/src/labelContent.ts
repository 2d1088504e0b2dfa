import type { Mm, Pt } from './units';
import { LABEL_SYMBOL } from './symbolChoice';
import { mm, mmToPt, pt } from './units';

/** Helvetica's ascender and descender (AFM 718 / -207) per point of font size. */
export const HELVETICA_ASCENT = 0.718;
export const HELVETICA_DESCENT = 0.207;
/**
 * The code line's extent in Helvetica-Bold per point: codes are capitals and digits only, so
 * nothing rises above the round capitals' overshoot or falls below Q's tail (AFM 737 / -55).
 */
export const CODE_ASCENT = 0.74;
export const CODE_DESCENT = 0.06;
/**
 * A text line too wide for its chord is set smaller, down to this share of its size, then narrowed
 * horizontally down to `MIN_TEXT_NARROWING`; never cut. Beyond both, a set name is cut with "…"
 * (the only text without a limit of its own) and a domain is refused at configuration.
 */
export const MIN_TEXT_SCALE = 0.6;
export const MIN_TEXT_NARROWING = 0.5;

/** The human-readable code is never set smaller than this, whatever the label (a finder types it). */
export const MIN_CODE_FONT_SIZE = 4;

/** A line of centred text. Offsets are from the label's centre, y growing downwards. */
export interface TextLineLayout {
  readonly baseline: Pt;
  readonly fontSize: Pt;
  /** Width of the circle's chord at the line's outer edge: the text must be shrunk to fit it. */
  readonly maxWidth: Pt;
}

/** The QR symbol's square (without quiet zone); offsets from the label's centre, y downwards. */
export interface QrLayout {
  readonly left: Pt;
  readonly top: Pt;
  readonly size: Pt;
  readonly moduleSize: Pt;
  readonly quietZone: Pt;
}

/**
 * A line set vertically in a side segment of a round label, between the quiet zone and the edge,
 * centred on the symbol's middle row (y = 0). Its glyphs' feet face the symbol: the left line reads
 * upwards (turned 90° anticlockwise), the right one downwards (90° clockwise). `fitSmsSides` sets
 * it as far out as its length lets it (`outerRadius`), since ink near the symbol costs reads.
 */
export interface SideLineLayout {
  /**
   * x of the baseline from the label's centre at `fontSize`, where the line is nearest the
   * symbol: a line's gap beyond the quiet zone. Negative on the left, positive on the right.
   */
  readonly baseline: Pt;
  readonly fontSize: Pt;
  /** The smallest it may be set: the sixth line's floor (`MIN_TEXT_SCALE` of its size). */
  readonly minFontSize: Pt;
  /**
   * The longest the line may run along y, centred on 0: the quiet zone's height (the bands above
   * and below belong to the other lines) and the circle's chord at the line's outer edge.
   */
  readonly maxWidth: Pt;
  readonly reads: 'up' | 'down';
  /** The circle the corners of the line's box stay inside: `safeRadius` less a line's gap. */
  readonly outerRadius: Pt;
}

export interface LabelContentLayout {
  readonly diameter: Pt;
  /** Radius everything stays inside: the label's radius less the print tolerance. */
  readonly safeRadius: Pt;
  readonly qr: QrLayout;
  readonly setName: TextLineLayout;
  readonly brand: TextLineLayout;
  /** The code in people's characters, right under the quiet zone (Helvetica-Bold, ≥ 4 pt). */
  readonly code: TextLineLayout;
  readonly address: TextLineLayout;
  /** "or text CODE to +1 555 …" under the address (`smsLine: 'below'`), else null. */
  readonly sms: TextLineLayout | null;
  /**
   * "or text the code to" up the left segment, the number down the right (`smsLine: 'sides'`),
   * else null. They take no room from the symbol.
   */
  readonly smsSides: { readonly left: SideLineLayout; readonly right: SideLineLayout } | null;
}

/**
 * Where a label puts the instance's SMS number (PRODUCT.md, Finders who text): a sixth line under the address, which
 * takes room from the symbol, or split into the circle's side segments, which do not.
 */
export type SmsLinePlacement = 'below' | 'sides';

export interface LabelContentOptions {
  /** Light modules around the symbol; ISO 18004 asks for 4, phones read 2 reliably. At least 2. */
  readonly quietZoneModules?: number;
  /** Kept clear along the circle's edge so a label printed off by this much loses nothing. */
  readonly edgeInset?: Mm;
  /** Room for the instance's SMS number (PRODUCT.md, Finders who text): under the address, or in the side segments. */
  readonly smsLine?: SmsLinePlacement;
}

// Proportions of the diameter, tuned on the 54 pt label: ~3.8 pt type (the code 4.3 pt bold), and
// chords wide enough for a short set name, the brand word, a 10-character code in two groups and a
// typical host name. The address gives up some width to the code line, so the symbol keeps the
// size the set name allows (the tightest constraint on both templates).
const FONT = { setName: 0.07, brand: 0.08, code: 0.08, address: 0.07, sms: 0.06 } as const;
/**
 * The side lines' size, per point of the diameter (2.48 pt on a 3/4 in label): the largest that
 * costs no reads on the shared camera model (`npm run bench:label-read`, 20 photos in each of 15
 * conditions, package README). At 2.48 pt both decoders together read what they read with no
 * number beside the symbol, and zxing-wasm still 95 % at 100 px; at 2.70 pt zxing drops to 90 % at
 * 100 px, at 3.24 pt it loses 13 photos of 300. The lines are set as far out as they fit.
 */
export const SMS_SIDE_FONT = 0.046;
const MIN_CHORD = { setName: 0.4, brand: 0.3, code: 0.6, address: 0.43, sms: 0.5 } as const;
const LINE_GAP = 0.1; // between two lines, per point of the set name's size

const lineHeight = (fontSize: number): number => fontSize * (HELVETICA_ASCENT + HELVETICA_DESCENT);

/**
 * Lays the symbol and the four lines out inside the circle. The symbol is centred on the label
 * (so the label's centre, the calibration crosshair and the symbol's centre coincide); the set
 * name and the brand word sit above its quiet zone, the code and then the address below (text
 * starts where the quiet zone ends, never inside it). The symbol is as large as the tightest of
 * these allows: every corner of the quiet zone inside the circle, and each text line's band where
 * the circle is still at least its minimum chord wide.
 */
export function labelContentLayout(
  diameter: Pt,
  moduleCount: number,
  options: LabelContentOptions = {},
): LabelContentLayout {
  const quietZoneModules = options.quietZoneModules ?? LABEL_SYMBOL.quietZoneModules;
  if (!Number.isInteger(moduleCount) || moduleCount < 21)
    throw new RangeError(`not a QR size: ${moduleCount}`);
  if (quietZoneModules < 2) throw new RangeError('the quiet zone must be at least 2 modules');
  const radius = diameter / 2 - mmToPt(options.edgeInset ?? mm(0.5));
  const font = {
    setName: diameter * FONT.setName,
    brand: diameter * FONT.brand,
    code: Math.max(MIN_CODE_FONT_SIZE, diameter * FONT.code),
    address: diameter * FONT.address,
    sms: diameter * FONT.sms,
  };
  const height = {
    setName: lineHeight(font.setName),
    brand: lineHeight(font.brand),
    code: font.code * (CODE_ASCENT + CODE_DESCENT),
    address: lineHeight(font.address),
    sms: lineHeight(font.sms),
  };
  const gap = LINE_GAP * font.setName;
  // |y| at which the circle is `width` wide.
  const reach = (width: number): number => Math.sqrt(Math.max(0, radius * radius - (width * width) / 4));
  const chord = (y: number): number => 2 * Math.sqrt(Math.max(0, radius * radius - y * y));

  // Side of the square symbol-plus-quiet-zone, limited by each constraint in turn.
  const box = Math.min(
    Math.SQRT2 * radius,
    2 * (reach(diameter * MIN_CHORD.brand) - height.brand),
    2 * (reach(diameter * MIN_CHORD.setName) - height.brand - gap - height.setName),
    2 * (reach(diameter * MIN_CHORD.code) - height.code),
    2 * (reach(diameter * MIN_CHORD.address) - height.code - gap - height.address),
    options.smsLine === 'below'
      ? 2 * (reach(diameter * MIN_CHORD.sms) - height.code - 2 * gap - height.address - height.sms)
      : Infinity,
  );
  if (!(box > 0)) throw new RangeError(`a ${diameter} pt label is too small for a QR code and four lines`);
  const moduleSize = box / (moduleCount + 2 * quietZoneModules);
  const size = moduleSize * moduleCount;
  const half = box / 2;
  const setNameBottom = half + height.brand + gap;
  const codeBottom = half + height.code;
  const addressTop = codeBottom + gap;
  const smsTop = addressTop + height.address + gap;

  return {
    diameter,
    safeRadius: pt(radius),
    qr: {
      left: pt(-size / 2),
      top: pt(-size / 2),
      size: pt(size),
      moduleSize: pt(moduleSize),
      quietZone: pt(moduleSize * quietZoneModules),
    },
    setName: {
      baseline: pt(-setNameBottom - HELVETICA_DESCENT * font.setName),
      fontSize: pt(font.setName),
      maxWidth: pt(chord(setNameBottom + height.setName)),
    },
    brand: {
      baseline: pt(-half - HELVETICA_DESCENT * font.brand),
      fontSize: pt(font.brand),
      maxWidth: pt(chord(half + height.brand)),
    },
    code: {
      baseline: pt(half + CODE_ASCENT * font.code),
      fontSize: pt(font.code),
      maxWidth: pt(chord(codeBottom)),
    },
    address: {
      baseline: pt(addressTop + HELVETICA_ASCENT * font.address),
      fontSize: pt(font.address),
      maxWidth: pt(chord(addressTop + height.address)),
    },
    sms:
      options.smsLine === 'below'
        ? {
            baseline: pt(smsTop + HELVETICA_ASCENT * font.sms),
            fontSize: pt(font.sms),
            maxWidth: pt(chord(smsTop + height.sms)),
          }
        : null,
    smsSides:
      options.smsLine === 'sides'
        ? sideLines(half, gap, radius, diameter * SMS_SIDE_FONT, font.sms * MIN_TEXT_SCALE)
        : null,
  };
}

/**
 * The two side lines at `fontSize` beside a quiet zone of half-side `half`, nearest the symbol: a
 * line's `gap` beyond the quiet zone, their descent towards it (the gap also keeps clear the slightly
 * deeper box of the Helvetica a print spooler may embed instead), running no longer than the quiet
 * zone is high, nor than the chord a line's gap inside `radius` at their outer edge.
 */
function sideLines(half: number, gap: number, radius: number, fontSize: number, minFontSize: number) {
  const start = half + gap;
  const outer = start + lineHeight(fontSize);
  const outerRadius = pt(radius - gap);
  const maxWidth = pt(Math.min(2 * half, 2 * Math.sqrt(Math.max(0, outerRadius ** 2 - outer * outer))));
  const baseline = start + HELVETICA_DESCENT * fontSize;
  const line = { fontSize: pt(fontSize), minFontSize: pt(minFontSize), maxWidth, outerRadius };
  return {
    left: { ...line, baseline: pt(-baseline), reads: 'up' as const },
    right: { ...line, baseline: pt(baseline), reads: 'down' as const },
  };
}
