import QRCode from 'qrcode';
import type { ErrorCorrectionLevel } from './qr/maskSelection';

/** How a label's QR symbol is built: the error correction level and the light margin around it. */
export interface LabelSymbol {
  readonly errorCorrection: ErrorCorrectionLevel;
  /** Light modules kept clear of text and edge on every side. */
  readonly quietZoneModules: number;
}

/**
 * The symbol every label gets (the PDF renderer and the browser's print layout), chosen with the
 * shared phone-camera model (`../shared/label-camera`, `npm run bench:label-read`): level M with a
 * 2-module quiet zone, version 2 on the default domain, 0.373 mm modules on Avery 4221. It read
 * best of every level and quiet zone measured with both decoders, and is the only one at or above
 * 95 % with zxing at 100 px; the figures are in this package's README.
 */
export const LABEL_SYMBOL: LabelSymbol = { errorCorrection: 'M', quietZoneModules: 2 };

/**
 * The largest version a label's symbol may take: version 2, whose modules are the size the camera
 * model accepted on a 3/4 in label (0.373 mm with the 2-module quiet zone). Version 3 at the same
 * quiet zone has 0.328 mm modules, which read 70 % with zxing at 100 px (10 photos).
 */
export const MAX_LABEL_VERSION = 2;

const LEVELS_BEST_FIRST: readonly ErrorCorrectionLevel[] = ['H', 'Q', 'M', 'L'];
const levelByLength = new Map<number, ErrorCorrectionLevel | null>();

/**
 * The level a label's URL (as `labelQrText` encodes it) gets: `LABEL_SYMBOL`'s, or, for a URL too
 * long to stay within `MAX_LABEL_VERSION` at that level (a long domain), the next lower level that
 * does (L, for a domain of 17 to 25 characters), so the modules never shrink below what the
 * camera model accepted. Null when even level L needs a larger version (a domain over 25
 * characters): such a domain is refused at configuration (`labelDomainProblem`).
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
