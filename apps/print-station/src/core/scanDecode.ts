/**
 * A scan or photo of a printed sheet, as grey pixels, decoded and matched to the sheet's cells.
 * No Node and no DOM: the CLI (`scanReader.ts`, sharp's pixels), Electron's main (pixels the
 * sandboxed renderer decoded from the operator's file) and the browser twin all run this. zxing-wasm
 * reads the symbols: the whole page first, then each label the first pass missed on its cell's
 * crop, at other crop sizes, scales and binarizers, before it is called unreadable: only a label
 * no pass reads is queued for reprint. Its WebAssembly is the caller's to prepare (`prepareZXingModule`), as each place loads it its own
 * way. The geometry is `readBackSheet`'s.
 */
import type { LabelTemplate } from '@homing/label-layout';
import { readBarcodes } from 'zxing-wasm/reader';
import type { ReadBackReport, ScannedSymbol } from './readBack';
import { readBackSheet, sheetCells } from './readBack';

export interface GrayPixels {
  readonly width: number;
  readonly height: number;
  /** One byte per pixel, row by row, 0 = black. */
  readonly gray: Uint8Array;
}

export interface SheetInput {
  readonly template: LabelTemplate;
  readonly domainName: string;
  /** The set's codes in print order (the picture is of whichever sheet its labels are on). */
  readonly codes: readonly string[];
  readonly startColumn: number;
  readonly startRow: number;
}

/** Said when the picture holds no label of the set at all (another set, or not a label sheet). */
export const NOT_THIS_SHEET =
  'No label of this set was found in the picture: is it a scan of this set’s sheet, upright and the whole page?';

/** The square at `left`, `top` (clipped to the image) as RGBA, resampled by `scale` (bilinear). */
function rgba(image: GrayPixels, left: number, top: number, size: number, scale = 1) {
  const x0 = Math.max(0, Math.round(left));
  const y0 = Math.max(0, Math.round(top));
  const sw = Math.min(image.width - x0, Math.round(size));
  const sh = Math.min(image.height - y0, Math.round(size));
  const w = Math.max(0, Math.round(sw * scale));
  const h = Math.max(0, Math.round(sh * scale));
  const data = new Uint8ClampedArray(w * h * 4);
  const at = (x: number, y: number) =>
    image.gray[(y0 + Math.min(sh - 1, y)) * image.width + x0 + Math.min(sw - 1, x)];
  for (let y = 0; y < h; y++) {
    const sy = Math.max(0, (y + 0.5) / scale - 0.5);
    const [ty, fy] = [Math.floor(sy), sy - Math.floor(sy)];
    for (let x = 0; x < w; x++) {
      const sx = Math.max(0, (x + 0.5) / scale - 0.5);
      const [tx, fx] = [Math.floor(sx), sx - Math.floor(sx)];
      const value =
        (at(tx, ty) * (1 - fx) + at(tx + 1, ty) * fx) * (1 - fy) +
        (at(tx, ty + 1) * (1 - fx) + at(tx + 1, ty + 1) * fx) * fy;
      const i = (y * w + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = value;
      data[i + 3] = 255;
    }
  }
  return { image: { data, width: w, height: h, colorSpace: 'srgb' as const }, x0, y0 };
}

interface Attempt {
  /** The crop's side, in label pitches. */
  readonly side: number;
  /** Resampling of the crop before decoding (2: twice as many pixels a side). */
  readonly scale: number;
  readonly binarizer: 'LocalAverage' | 'GlobalHistogram';
}

/**
 * The passes a label the whole page missed is given, in order, before it is called unreadable:
 * its cell, then more margin around it; at the photo's scale, enlarged (a small or blurred
 * symbol), reduced (a large or noisy one); with zxing's local and its global threshold.
 */
export const RETRY_ATTEMPTS: readonly Attempt[] = [1, 1.4].flatMap((side) =>
  [1, 2, 1.5, 0.7, 0.5].flatMap((scale) =>
    (['LocalAverage', 'GlobalHistogram'] as const).map((binarizer) => ({ side, scale, binarizer })),
  ),
);

async function decode(
  image: GrayPixels,
  left: number,
  top: number,
  size: number,
  max: number,
  attempt: Omit<Attempt, 'side'> = { scale: 1, binarizer: 'LocalAverage' },
): Promise<ScannedSymbol[]> {
  const { image: data, x0, y0 } = rgba(image, left, top, size, attempt.scale);
  if (data.width <= 0 || data.height <= 0) return [];
  const results = await readBarcodes(data, {
    formats: ['QRCode'],
    maxNumberOfSymbols: max,
    tryHarder: true,
    binarizer: attempt.binarizer,
  });
  const back = (value: number) => value / attempt.scale;
  return results
    .filter((result) => result.isValid)
    .map(({ text, position: p }) => ({
      text,
      x: x0 + back((p.topLeft.x + p.topRight.x + p.bottomLeft.x + p.bottomRight.x) / 4),
      y: y0 + back((p.topLeft.y + p.topRight.y + p.bottomLeft.y + p.bottomRight.y) / 4),
    }));
}

/** A missed label's cell, tried pass after pass until one reads a symbol (none: nothing read). */
async function retryCell(image: GrayPixels, centre: { x: number; y: number }, pitch: number) {
  for (const { side, ...attempt } of RETRY_ATTEMPTS) {
    const size = pitch * side;
    const found = await decode(image, centre.x - size / 2, centre.y - size / 2, size, 1, attempt);
    if (found.length > 0) return found;
  }
  return [];
}

/** Reads the sheet in `image`; throws `NOT_THIS_SHEET` when not one of the set's labels is in it. */
export async function readBackPixels(image: GrayPixels, input: SheetInput): Promise<ReadBackReport> {
  const symbols = await decode(image, 0, 0, Math.max(image.width, image.height), 255);
  // The labels the whole-page pass missed, each on a crop around where the symbols read put it
  // (a photo at an angle included), pass after pass.
  const { cells, mapping, page } = sheetCells({ ...input, imageWidth: image.width }, symbols);
  for (const cell of cells) {
    const centre = mapping.toImage(cell);
    const right = mapping.toImage({ x: cell.x + input.template.pitchX, y: cell.y });
    const pitch = Math.hypot(right.x - centre.x, right.y - centre.y);
    if (symbols.some((symbol) => Math.hypot(symbol.x - centre.x, symbol.y - centre.y) < pitch / 2)) continue;
    symbols.push(...(await retryCell(image, centre, pitch)));
  }
  const report = readBackSheet({
    ...input,
    page,
    imageWidth: image.width,
    symbols,
    inkNear: (x, y, radius) => {
      for (let dy = -radius; dy <= radius; dy += 2)
        for (let dx = -radius; dx <= radius; dx += 2) {
          const [px, py] = [Math.round(x + dx), Math.round(y + dy)];
          if (
            px >= 0 &&
            py >= 0 &&
            px < image.width &&
            py < image.height &&
            image.gray[py * image.width + px] < 100
          )
            return true;
        }
      return false;
    },
  });
  if (report.read.length + report.duplicated.length === 0) throw new Error(NOT_THIS_SHEET);
  return report;
}
