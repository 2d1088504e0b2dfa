import QRCode from 'qrcode';
import { applyBestMask } from './maskSelection';

/** A QR symbol's modules, row-major, 1 = dark. No quiet zone. */
export interface QrMatrix {
  readonly version: number;
  readonly size: number;
  readonly maskPattern: number;
  readonly modules: Uint8Array;
}

// QR alphanumeric mode's 45 characters.
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;
// From 7 digits in a row a numeric segment takes fewer bits than alphanumeric; from 6 to be safe.
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

/** Error correction M, the smallest version that fits, the mask `qrcode` would choose. */
export function qrMatrix(text: string): QrMatrix {
  // One alphanumeric segment is then the optimal segmentation, and naming it skips `qrcode`'s
  // search for it, which costs as much as the encoding itself.
  const oneSegment = ALPHANUMERIC.test(text) && !DIGIT_RUN.test(text);
  const input = oneSegment ? [{ data: text, mode: 'alphanumeric' as const }] : text;
  const symbol = QRCode.create(input, { errorCorrectionLevel: 'M', maskPattern: 0 });
  const { size, data, reservedBit } = symbol.modules;
  const { modules, maskPattern } = applyBestMask(data, reservedBit, size);
  return { version: symbol.version, size, maskPattern, modules };
}

/** Calls `visit` for every horizontal run of dark modules, row by row, left to right. */
export function forEachDarkRun(matrix: QrMatrix, visit: (x: number, y: number, width: number) => void): void {
  const { size, modules } = matrix;
  for (let y = 0; y < size; y++) {
    const rowStart = y * size;
    let x = 0;
    while (x < size) {
      if (modules[rowStart + x] === 0) {
        x++;
        continue;
      }
      const runStart = x;
      while (x < size && modules[rowStart + x] === 1) x++;
      visit(runStart, y, x - runStart);
    }
  }
}

/**
 * The dark modules as ONE SVG path `d`, in module units (the symbol spans 0 … size, y down):
 * a rectangle per horizontal run, which is far fewer shapes than a square per module.
 */
export function qrSvgPath(matrix: QrMatrix): string {
  let d = '';
  forEachDarkRun(matrix, (x, y, width) => {
    d += `M${x} ${y}h${width}v1h-${width}z`;
  });
  return d;
}
