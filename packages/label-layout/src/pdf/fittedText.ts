import type { PDFFont } from 'pdf-lib';
import type { TextLineLayout } from '../labelContent';
import { MIN_TEXT_NARROWING, MIN_TEXT_SCALE } from '../labelContent';

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
 * long is refused at configuration: `labelDomainProblem`). Characters the standard font cannot
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
