import QRCode from 'qrcode';
import type { ErrorCorrectionLevel } from './qr/maskSelection';

/** How a label's QR symbol is built: the error correction level and the light margin around it. */
export interface LabelSymbol {
  readonly errorCorrection: ErrorCorrectionLevel;
  /** Light modules kept clear of text and edge on every side; ISO/IEC 18004 asks for 4. */
  readonly quietZoneModules: number;
}

/**
 * The symbol every label gets (the PDF renderer and the browser's print layout), chosen by
 * `npm run bench:label-read`; the figures are in this package's README.
 */
export const LABEL_SYMBOL: LabelSymbol = { errorCorrection: 'Q', quietZoneModules: 4 };

/**
 * The largest version the benchmark accepted on a 3/4 in label: version 3 (0.29 mm modules with the
 * 4-module quiet zone). Version 4's 0.26 mm modules read 35 % with zxing at 100 px.
 */
export const MAX_LABEL_VERSION = 3;

const LEVELS_BEST_FIRST: readonly ErrorCorrectionLevel[] = ['Q', 'M', 'L'];
const levelByLength = new Map<number, ErrorCorrectionLevel | null>();

/**
 * The level a label's URL (as `labelQrText` encodes it) gets: `LABEL_SYMBOL`'s, or, for a URL too
 * long to stay within `MAX_LABEL_VERSION` at that level (a long domain), the next lower level that
 * does, so the modules never shrink below what the benchmark accepted. Null when even level L
 * needs a larger version: such a domain is refused at configuration (`labelDomainProblem`).
 */
export function labelSymbolLevel(text: string): ErrorCorrectionLevel | null {
  // Every code has the same length and the URL is one alphanumeric segment: the length decides.
  const known = levelByLength.get(text.length);
  if (known !== undefined) return known;
  const start = LEVELS_BEST_FIRST.indexOf(LABEL_SYMBOL.errorCorrection);
  const level =
    LEVELS_BEST_FIRST.slice(Math.max(0, start)).find(
      (candidate) => QRCode.create(text, { errorCorrectionLevel: candidate }).version <= MAX_LABEL_VERSION,
    ) ?? null;
  levelByLength.set(text.length, level);
  return level;
}
