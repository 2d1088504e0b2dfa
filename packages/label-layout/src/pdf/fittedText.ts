import type { PDFFont } from 'pdf-lib';
import type { TextLineLayout } from '../labelContent';

export interface FittedText {
  /** The text as a PDF hex string in the font's encoding, ready for `Tj`. */
  readonly encoded: string;
  readonly text: string;
  readonly fontSize: number;
  readonly width: number;
}

// Below this share of the layout's size, tiny type stops being legible; cut the text instead.
const MIN_SCALE = 0.6;
const ELLIPSIS = '…';

/**
 * Fits text to a line of a label: as is if it fits, else smaller, else cut with an ellipsis.
 * Characters the standard font cannot encode (outside WinAnsi) become '?', not an exception.
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
      line.fontSize * MIN_SCALE,
      Math.min(line.fontSize, (line.fontSize * line.maxWidth) / natural),
    );
    let shown = text;
    for (let keep = text.length - 1; widthAt(shown, fontSize) > line.maxWidth && keep > 0; keep--) {
      shown = text.slice(0, keep).trimEnd() + ELLIPSIS;
    }
    return {
      encoded: font.encodeText(shown).toString(),
      text: shown,
      fontSize,
      width: widthAt(shown, fontSize),
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
