import type { PDFFont } from 'pdf-lib';
import type { TextLineLayout } from '../labelContent';
import { HELVETICA_ASCENT, HELVETICA_DESCENT, MIN_TEXT_NARROWING, MIN_TEXT_SCALE } from '../labelContent';
import { pt } from '../units';

export interface FittedText {
  /** The text as a PDF hex string in the font's encoding, ready for `Tj`. */
  readonly encoded: string;
  readonly text: string;
  readonly fontSize: number;
  readonly width: number;
  /** Horizontal scaling in per cent (PDF's `Tz`): 100 unless a code had to be narrowed. */
  readonly horizontalScale: number;
}

const ELLIPSIS = '…';

/**
 * Fits text to a line of a label, in full: as is if it fits, else smaller (to `MIN_TEXT_SCALE`),
 * else also narrower (`Tz`, to `MIN_TEXT_NARROWING`), so the end of a set name ("… #12") and a whole
 * domain stay on the label. Only text wider than both allow is cut with an ellipsis (a domain that
 * long is refused at configuration: `labelDomainProblem`; a set name that long goes on two lines,
 * `createSetNameFitter`). Characters the standard font cannot
 * encode (outside WinAnsi) become '?', not an exception.
 */
export function createTextFitter(font: PDFFont): (text: string, line: TextLineLayout) => FittedText | null {
  const encodable = new Set(font.getCharacterSet());
  const cache = new Map<string, FittedText | null>();
  const widthAt = (text: string, size: number): number => font.widthOfTextAtSize(text, size);

  const fit = (raw: string, line: TextLineLayout): FittedText | null => {
    const text = Array.from(raw.trim(), (char) =>
      encodable.has(char.codePointAt(0) ?? 0) ? char : '?',
    ).join('');
    if (text === '') return null;
    const natural = widthAt(text, line.fontSize);
    const fontSize = Math.max(
      line.fontSize * MIN_TEXT_SCALE,
      Math.min(line.fontSize, (line.fontSize * line.maxWidth) / natural),
    );
    const atSize = widthAt(text, fontSize);
    const horizontalScale =
      atSize > line.maxWidth ? Math.max(100 * MIN_TEXT_NARROWING, (100 * line.maxWidth) / atSize) : 100;
    let shown = text;
    const widthOf = (candidate: string) => (widthAt(candidate, fontSize) * horizontalScale) / 100;
    // A hair over, from rounding the scale, is not too wide.
    for (let keep = text.length - 1; widthOf(shown) > line.maxWidth + 1e-6 && keep > 0; keep--) {
      shown = text.slice(0, keep).trimEnd() + ELLIPSIS;
    }
    return {
      encoded: font.encodeText(shown).toString(),
      text: shown,
      fontSize,
      width: widthOf(shown),
      horizontalScale,
    };
  };

  return (text, line) => {
    // Sheets repeat the same few strings (set names, brand, address) hundreds of times.
    const key = `${line.fontSize}|${line.maxWidth}|${text}`;
    let fitted = cache.get(key);
    if (fitted === undefined) {
      fitted = fit(text, line);
      cache.set(key, fitted);
    }
    return fitted;
  };
}

/**
 * Fits a code to its line without ever making it smaller or cutting it: a finder must read every
 * character at the layout's size (at least 4 pt). A code too wide for the line is narrowed
 * horizontally instead (`Tz`), which keeps the characters' height.
 */
export function createCodeFitter(font: PDFFont): (text: string, line: TextLineLayout) => FittedText {
  // Every code is different, but made of the same few dozen characters: measure and encode each
  // character once (pdf-lib's calls per label were a third of a sheet's render time).
  const chars = new Map<string, { width: number; hex: string }>();
  const charOf = (char: string) => {
    let known = chars.get(char);
    if (!known) {
      known = { width: font.widthOfTextAtSize(char, 1), hex: font.encodeText(char).toString().slice(1, -1) };
      chars.set(char, known);
    }
    return known;
  };
  return (text, line) => {
    let natural = 0;
    let hex = '';
    for (const char of text) {
      const { width, hex: encoded } = charOf(char);
      natural += width * line.fontSize;
      hex += encoded;
    }
    const horizontalScale = natural > line.maxWidth ? (100 * line.maxWidth) / natural : 100;
    return {
      encoded: `<${hex}>`,
      text,
      fontSize: line.fontSize,
      width: (natural * horizontalScale) / 100,
      horizontalScale,
    };
  };
}

/** A set name as printed: one line, or two stacked upwards from its line; never cut. */
export interface FittedSetName {
  readonly lines: readonly { readonly fitted: FittedText; readonly line: TextLineLayout }[];
}

const LINE_STEP = HELVETICA_ASCENT + HELVETICA_DESCENT + 0.1; // a line and its gap, per point
/**
 * How far a line's ink can rise above its baseline, per point: digits, "f" and brackets pass the
 * ascender (AFM up to 731), accented capitals reach the font's box (931).
 */
const inkAscent = (text: string): number => (/^[\x20-\x7e]*$/.test(text) ? 0.74 : 0.931);

/**
 * Fits a set name whole: on its line as `createTextFitter` does when that needs no cut; otherwise on
 * two lines, split at the space nearest the middle (or mid-word when there is none), the lower line
 * on the set name's line and the upper above it, both as large as the circle (`safeRadius`, so
 * 0.5 mm from the edge) lets them be, narrowed to `MIN_TEXT_NARROWING` first. Whatever its length,
 * the whole name is printed: a name too long for two lines at any readable size is set smaller.
 */
export function createSetNameFitter(
  font: PDFFont,
): (text: string, line: TextLineLayout, safeRadius: number) => FittedSetName | null {
  const fitOne = createTextFitter(font);
  const encodable = new Set(font.getCharacterSet());
  const cache = new Map<string, FittedSetName | null>();
  const widthAt = (text: string, size: number): number => font.widthOfTextAtSize(text, size);
  const chordAt = (radius: number, y: number) => 2 * Math.sqrt(Math.max(0, radius * radius - y * y));

  const fit = (raw: string, line: TextLineLayout, radius: number): FittedSetName | null => {
    const one = fitOne(raw, line);
    if (!one) return null;
    const text = Array.from(raw.trim(), (char) => (encodable.has(char.codePointAt(0) ?? 0) ? char : '?'))
      .join('')
      .replace(/\s+/g, ' ');
    if (one.text === text || one.text === raw.trim()) return { lines: [{ fitted: one, line }] };
    // The two lines stand on the bottom of the set name's line (its baseline is above y = 0).
    const bottom = -line.baseline - HELVETICA_DESCENT * line.fontSize;
    const splits: [string, string][] = [];
    for (let at = text.indexOf(' '); at > 0; at = text.indexOf(' ', at + 1))
      splits.push([text.slice(0, at), text.slice(at + 1)]);
    if (splits.length === 0) {
      const middle = Math.ceil(text.length / 2);
      splits.push([text.slice(0, middle), text.slice(middle)]);
    }
    /** The two lines at this size, or null when a line would be narrower than allowed. */
    const attempt = (size: number) => {
      const lowerTop = bottom + size * (inkAscent(text) + HELVETICA_DESCENT);
      const upperTop = bottom + size * (LINE_STEP + HELVETICA_DESCENT + inkAscent(text));
      if (upperTop > radius) return null;
      const lowerWidth = chordAt(radius, lowerTop);
      const upperWidth = chordAt(radius, upperTop);
      let best: { split: [string, string]; scale: number } | null = null;
      for (const split of splits) {
        const scale = Math.min(1, upperWidth / widthAt(split[0], size), lowerWidth / widthAt(split[1], size));
        if (scale >= MIN_TEXT_NARROWING && (!best || scale > best.scale)) best = { split, scale };
      }
      if (!best) return null;
      const lowerBaseline = -(bottom + HELVETICA_DESCENT * size);
      const upperBaseline = lowerBaseline - LINE_STEP * size;
      const make = (part: string, baseline: number, maxWidth: number) => {
        const width = (widthAt(part, size) * 100 * best.scale) / 100;
        return {
          fitted: {
            encoded: font.encodeText(part).toString(),
            text: part,
            fontSize: size,
            width,
            horizontalScale: 100 * best.scale,
          },
          line: { baseline: pt(baseline), fontSize: pt(size), maxWidth: pt(maxWidth) },
        };
      };
      return {
        lines: [
          make(best.split[0], upperBaseline, upperWidth),
          make(best.split[1], lowerBaseline, lowerWidth),
        ],
      };
    };
    // The largest size (to the line's own) at which both lines fit, to a hundredth of a point.
    let low = 0.01;
    let high: number = line.fontSize;
    let found = attempt(low);
    for (let step = 0; step < 20; step++) {
      const middle = (low + high) / 2;
      const fitted = attempt(middle);
      if (fitted) {
        low = middle;
        found = fitted;
      } else high = middle;
    }
    return found ?? { lines: [{ fitted: one, line }] };
  };

  return (text, line, radius) => {
    const key = `${line.fontSize}|${line.baseline}|${radius}|${text}`;
    let fitted = cache.get(key);
    if (fitted === undefined) {
      fitted = fit(text, line, radius);
      cache.set(key, fitted);
    }
    return fitted;
  };
}
