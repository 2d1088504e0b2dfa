/**
 * Node-only test support: rasterise a PDF with poppler's pdftoppm and read its QR codes with
 * zxing-wasm, the way a phone would see a print. Kept out of `src/`, which must stay
 * browser-safe.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadResult } from 'zxing-wasm/reader';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { skipWithout } from './ciTools';

export const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;

/** Skip (saying why) without poppler-utils, except under CI=true, where that fails. */
export const skipWithoutPoppler = (): boolean =>
  skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils');

/** Appended to the names of raster tests, so a skipped run says why. */
export const pdftoppmSkipNote = hasPdftoppm
  ? ''
  : ' [SKIPPED: pdftoppm not found, apt-get install poppler-utils]';

export interface GrayImage {
  readonly width: number;
  readonly height: number;
  /** One byte per pixel, 0 = black. */
  readonly gray: Uint8Array;
}

/** Parses binary PGM (P5, 8-bit), which is what `pdftoppm -gray` writes. */
export function parsePgm(file: Uint8Array): GrayImage {
  const header: string[] = [];
  let offset = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(file[offset]))) offset++;
    if (file[offset] === 0x23) {
      while (file[offset] !== 0x0a) offset++; // comment line
      continue;
    }
    let token = '';
    while (!/\s/.test(String.fromCharCode(file[offset]))) token += String.fromCharCode(file[offset++]);
    header.push(token);
  }
  const [magic, width, height, max] = [header[0], Number(header[1]), Number(header[2]), Number(header[3])];
  if (magic !== 'P5' || max !== 255) throw new Error(`not an 8-bit binary PGM: ${magic} max ${max}`);
  offset++; // the single whitespace after maxval
  return { width, height, gray: file.subarray(offset, offset + width * height) };
}

/** Every page of the PDF as a grayscale raster at `dpi`. */
export function rasterise(pdf: Uint8Array, dpi = 300): GrayImage[] {
  const dir = mkdtempSync(join(tmpdir(), 'homing-labels-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', join(dir, 'sheet.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.pgm'))
      .sort()
      .map((name) => parsePgm(readFileSync(join(dir, name))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A window of the image as zxing's ImageData-like input (RGBA). */
export function crop(image: GrayImage, left: number, top: number, width: number, height: number) {
  const x0 = Math.max(0, Math.round(left));
  const y0 = Math.max(0, Math.round(top));
  const w = Math.min(image.width - x0, Math.round(width));
  const h = Math.min(image.height - y0, Math.round(height));
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const value = image.gray[(y0 + y) * image.width + x0 + x];
      const i = (y * w + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = value;
      data[i + 3] = 255;
    }
  }
  return { image: { data, width: w, height: h, colorSpace: 'srgb' as const }, left: x0, top: y0 };
}

let ready: Promise<unknown> | undefined;

// A Buffer may be a view into a larger pooled ArrayBuffer; hand over exactly its bytes.
const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer;

/** Loads the reader's WebAssembly from node_modules; by default zxing-wasm fetches it from a CDN. */
function zxingReady(): Promise<unknown> {
  const require = createRequire(import.meta.url);
  ready ??= prepareZXingModule({
    overrides: {
      wasmBinary: toArrayBuffer(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))),
    },
    fireImmediately: true,
  });
  return ready;
}

export interface DecodedSymbol {
  readonly text: string;
  readonly ecLevel: string;
  /** Centre of the symbol in pixels of the image it was read from. */
  readonly x: number;
  readonly y: number;
}

function toDecoded(result: ReadResult, left = 0, top = 0): DecodedSymbol {
  const { topLeft, topRight, bottomLeft, bottomRight } = result.position;
  return {
    text: result.text,
    ecLevel: result.ecLevel,
    x: left + (topLeft.x + topRight.x + bottomLeft.x + bottomRight.x) / 4,
    y: top + (topLeft.y + topRight.y + bottomLeft.y + bottomRight.y) / 4,
  };
}

export async function decodeAll(image: GrayImage): Promise<DecodedSymbol[]> {
  await zxingReady();
  const { image: data } = crop(image, 0, 0, image.width, image.height);
  const results = await readBarcodes(data, { formats: ['QRCode'], maxNumberOfSymbols: 255, tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => toDecoded(result));
}

/** Reads the one symbol inside a window of the image; null if none could be read. */
export async function decodeWindow(
  image: GrayImage,
  left: number,
  top: number,
  size: number,
): Promise<DecodedSymbol | null> {
  await zxingReady();
  const window = crop(image, left, top, size, size);
  const results = await readBarcodes(window.image, {
    formats: ['QRCode'],
    maxNumberOfSymbols: 1,
    tryHarder: true,
  });
  const valid = results.filter((result) => result.isValid);
  return valid.length === 1 ? toDecoded(valid[0], window.left, window.top) : null;
}

export interface ExpectedSymbol {
  readonly text: string;
  /** Where the symbol's centre should be, in pixels. */
  readonly x: number;
  readonly y: number;
}

/**
 * Reads every symbol of a page: the whole page at once first, then, for any expected symbol the
 * whole-page pass missed, a window of `window` pixels around where it should be.
 */
export async function decodePage(
  image: GrayImage,
  expected: readonly ExpectedSymbol[],
  window: number,
): Promise<DecodedSymbol[]> {
  const found = await decodeAll(image);
  const seen = new Set(found.map((symbol) => symbol.text));
  for (const symbol of expected) {
    if (seen.has(symbol.text)) continue;
    const decoded = await decodeWindow(image, symbol.x - window / 2, symbol.y - window / 2, window);
    if (decoded) found.push(decoded);
  }
  return found;
}

/** Darkest pixel within `radius` pixels of (x, y); 0 is black. */
export function darkestNear(image: GrayImage, x: number, y: number, radius = 1): number {
  let darkest = 255;
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const px = Math.round(x) + dx;
      const py = Math.round(y) + dy;
      if (px >= 0 && py >= 0 && px < image.width && py < image.height) {
        darkest = Math.min(darkest, image.gray[py * image.width + px]);
      }
    }
  }
  return darkest;
}

/**
 * The darkest sample on a ring half a module inside the quiet zone's outer edge of the symbol
 * centred at `centre` (points): over 200 means the quiet zone is white all round.
 */
export function quietZoneDarkest(
  image: GrayImage,
  centre: { readonly x: number; readonly y: number },
  qr: { readonly size: number; readonly quietZone: number; readonly moduleSize: number },
  pxPerPt: number,
): number {
  const ring = qr.size / 2 + qr.quietZone / 2;
  let darkest = 255;
  for (let t = -ring; t <= ring; t += qr.moduleSize / 2) {
    for (const [dx, dy] of [
      [t, -ring],
      [t, ring],
      [-ring, t],
      [ring, t],
    ])
      darkest = Math.min(
        darkest,
        darkestNear(image, (centre.x + dx) * pxPerPt, (centre.y + dy) * pxPerPt, 0),
      );
  }
  return darkest;
}

/** Text of a PDF as poppler's pdftotext reads it. */
export function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'homing-labels-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    return execFileSync('pdftotext', [join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
