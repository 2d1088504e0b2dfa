/**
 * A scan or photo of a printed sheet, as grey pixels, decoded and matched to the sheet's cells.
 * No Node and no DOM: the CLI (`scanReader.ts`, sharp's pixels), Electron's main (pixels the
 * sandboxed renderer decoded from the operator's file) and the browser twin all run this. zxing-wasm
 * reads the symbols: the whole page first, then a window around each label the first pass missed.
 * Its WebAssembly is the caller's to prepare (`prepareZXingModule`), as each place loads it its own
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
  /** The set's codes in print order (the sheet's first page is read). */
  readonly codes: readonly string[];
  readonly startColumn: number;
  readonly startRow: number;
}

/** Said when the picture holds no label of the set at all (another set, or not a label sheet). */
export const NOT_THIS_SHEET =
  'No label of this set was found in the picture: is it a scan of this set’s sheet, upright and the whole page?';

function rgba(image: GrayPixels, left: number, top: number, size: number) {
  const x0 = Math.max(0, Math.round(left));
  const y0 = Math.max(0, Math.round(top));
  const w = Math.min(image.width - x0, Math.round(size));
  const h = Math.min(image.height - y0, Math.round(size));
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = image.gray[(y0 + y) * image.width + x0 + x];
      data[i + 3] = 255;
    }
  return { image: { data, width: w, height: h, colorSpace: 'srgb' as const }, x0, y0 };
}

async function decode(
  image: GrayPixels,
  left: number,
  top: number,
  size: number,
  max: number,
): Promise<ScannedSymbol[]> {
  const { image: data, x0, y0 } = rgba(image, left, top, size);
  if (data.width <= 0 || data.height <= 0) return [];
  const results = await readBarcodes(data, { formats: ['QRCode'], maxNumberOfSymbols: max, tryHarder: true });
  return results
    .filter((result) => result.isValid)
    .map(({ text, position: p }) => ({
      text,
      x: x0 + (p.topLeft.x + p.topRight.x + p.bottomLeft.x + p.bottomRight.x) / 4,
      y: y0 + (p.topLeft.y + p.topRight.y + p.bottomLeft.y + p.bottomRight.y) / 4,
    }));
}

/** Reads the sheet in `image`; throws `NOT_THIS_SHEET` when not one of the set's labels is in it. */
export async function readBackPixels(image: GrayPixels, input: SheetInput): Promise<ReadBackReport> {
  const symbols = await decode(image, 0, 0, Math.max(image.width, image.height), 255);
  // The labels the whole-page pass missed, each in a window around where the symbols read put it
  // (a photo at an angle included).
  const { cells, mapping } = sheetCells({ ...input, imageWidth: image.width }, symbols);
  for (const cell of cells) {
    const centre = mapping.toImage(cell);
    const right = mapping.toImage({ x: cell.x + input.template.pitchX, y: cell.y });
    const pitch = Math.hypot(right.x - centre.x, right.y - centre.y);
    if (symbols.some((symbol) => Math.hypot(symbol.x - centre.x, symbol.y - centre.y) < pitch / 2)) continue;
    symbols.push(...(await decode(image, centre.x - pitch / 2, centre.y - pitch / 2, pitch, 1)));
  }
  const report = readBackSheet({
    ...input,
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
