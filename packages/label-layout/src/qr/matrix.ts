import QRCode from 'qrcode';
import type { ErrorCorrectionLevel } from './maskSelection';
import { applyBestMask } from './maskSelection';
import { LABEL_SYMBOL, labelSymbolLevel } from '../symbolChoice';

export type { ErrorCorrectionLevel } from './maskSelection';

/** A QR symbol's modules, row-major, 1 = dark. No quiet zone. */
export interface QrMatrix {
  readonly version: number;
  readonly size: number;
  readonly maskPattern: number;
  readonly modules: Uint8Array;
}

// QR alphanumeric mode's 45 characters.
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;
// From 7 digits in a row a numeric segment can take fewer bits; from 6 (to be safe) `qrcode`'s own
// segmentation search decides.
const DIGIT_RUN = /[0-9]{6}/;

/** The address a label points at. */
export function labelUrl(domainName: string, value: string): string {
  return `https://${domainName}/qr/${value}`;
}

/**
 * What the symbol encodes: the label's URL upper-cased, so it fits QR alphanumeric mode (5.5 bits
 * a character instead of 8) and the symbol stays small. Routes match codes case-insensitively.
 */
export function labelQrText(domainName: string, value: string): string {
  return labelUrl(domainName, value).toUpperCase();
}

/**
 * The error correction level (default: the labels' `LABEL_SYMBOL`), the smallest version that
 * fits, the mask `qrcode` would choose.
 */
export function qrMatrix(text: string, level: ErrorCorrectionLevel = LABEL_SYMBOL.errorCorrection): QrMatrix {
  // One alphanumeric segment is then the optimal segmentation, and naming it skips `qrcode`'s
  // search for it, which costs as much as the encoding itself.
  const oneSegment = ALPHANUMERIC.test(text) && !DIGIT_RUN.test(text);
  const input = oneSegment ? [{ data: text, mode: 'alphanumeric' as const }] : text;
  const symbol = QRCode.create(input, { errorCorrectionLevel: level, maskPattern: 0 });
  const { size, data, reservedBit } = symbol.modules;
  const { modules, maskPattern } = applyBestMask(data, reservedBit, size, level);
  return { version: symbol.version, size, maskPattern, modules };
}

/**
 * A label's symbol: its URL at the labels' level (`LABEL_SYMBOL`), or a lower one for a URL too
 * long to stay within the version the benchmark accepted (`labelSymbolLevel`).
 */
export function labelMatrix(domainName: string, value: string): QrMatrix {
  const text = labelQrText(domainName, value);
  return qrMatrix(text, labelSymbolLevel(text) ?? 'L');
}

/** Calls `visit` for every horizontal run of dark modules, row by row, left to right. */
function forEachDarkRun(
  modules: Uint8Array,
  size: number,
  y: number,
  visit: (x: number, width: number) => void,
): void {
  const rowStart = y * size;
  let x = 0;
  while (x < size) {
    if (modules[rowStart + x] === 0) {
      x++;
      continue;
    }
    const runStart = x;
    while (x < size && modules[rowStart + x] === 1) x++;
    visit(runStart, x - runStart);
  }
}

/**
 * Covers the dark modules with rectangles, each exactly once: the horizontal runs of each row,
 * stacked while the rows below repeat the same run (finder patterns, timing marks and chance
 * repeats). A quarter fewer shapes than one per run, which the PDF content and its compression
 * time follow.
 */
export function forEachDarkRect(
  matrix: QrMatrix,
  visit: (x: number, y: number, width: number, height: number) => void,
): void {
  const { size, modules } = matrix;
  // Rectangles still growing, by left edge: width (0 = none) and top row.
  let openWidth = new Int32Array(size);
  let openTop = new Int32Array(size);
  let nextWidth = new Int32Array(size);
  let nextTop = new Int32Array(size);
  for (let y = 0; y <= size; y++) {
    nextWidth.fill(0);
    if (y < size) {
      forEachDarkRun(modules, size, y, (x, width) => {
        const continues = openWidth[x] === width;
        nextWidth[x] = width;
        nextTop[x] = continues ? openTop[x] : y;
        if (continues) openWidth[x] = 0;
      });
    }
    for (let x = 0; x < size; x++) {
      if (openWidth[x] !== 0) visit(x, openTop[x], openWidth[x], y - openTop[x]);
    }
    [openWidth, nextWidth] = [nextWidth, openWidth];
    [openTop, nextTop] = [nextTop, openTop];
  }
}

/** The dark modules as ONE SVG path `d` in module units (the symbol spans 0 … size, y down). */
export function qrSvgPath(matrix: QrMatrix): string {
  let d = '';
  forEachDarkRect(matrix, (x, y, width, height) => {
    d += `M${x} ${y}h${width}v${height}h-${width}z`;
  });
  return d;
}
