/**
 * Node-only (the CLI's `read-back`; never imported by Electron's main or the renderer): a scan or
 * photo of a printed sheet, decoded. sharp gives the pixels (PNG, JPEG, …), zxing-wasm reads the
 * symbols (its WebAssembly loaded from node_modules): the whole page first, then a window around
 * each label the first pass missed. The geometry is `readBackSheet`'s.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { LabelTemplate } from '@homing/label-layout';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { ReadBackReport, ScannedSymbol } from './readBack';
import { readBackSheet, sheetCells } from './readBack';

let ready: Promise<unknown> | undefined;
function zxingReady(): Promise<unknown> {
  const require = createRequire(import.meta.url);
  ready ??= readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).then((wasm) =>
    prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true }),
  );
  return ready;
}

interface Gray {
  readonly width: number;
  readonly height: number;
  readonly gray: Uint8Array;
}

function rgba(image: Gray, left: number, top: number, size: number) {
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
  image: Gray,
  left: number,
  top: number,
  size: number,
  max: number,
): Promise<ScannedSymbol[]> {
  const { image: data, x0, y0 } = rgba(image, left, top, size);
  const results = await readBarcodes(data, { formats: ['QRCode'], maxNumberOfSymbols: max, tryHarder: true });
  return results
    .filter((result) => result.isValid)
    .map(({ text, position: p }) => ({
      text,
      x: x0 + (p.topLeft.x + p.topRight.x + p.bottomLeft.x + p.bottomRight.x) / 4,
      y: y0 + (p.topLeft.y + p.topRight.y + p.bottomLeft.y + p.bottomRight.y) / 4,
    }));
}

export interface ScanInput {
  readonly file: string;
  readonly template: LabelTemplate;
  readonly domainName: string;
  /** The set's codes in print order (the sheet's first page is read). */
  readonly codes: readonly string[];
  readonly startColumn: number;
  readonly startRow: number;
}

export async function readBackScan(input: ScanInput): Promise<ReadBackReport> {
  await zxingReady();
  const { data, info } = await sharp(input.file).grayscale().raw().toBuffer({ resolveWithObject: true });
  const image: Gray = { width: info.width, height: info.height, gray: new Uint8Array(data) };
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
  return readBackSheet({
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
}
