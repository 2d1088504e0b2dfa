/**
 * Node-only (the CLI's `read-back`; never imported by Electron's main or the renderer): a scan or
 * photo of a printed sheet, read from a file. sharp gives the pixels (PNG, JPEG, …), zxing-wasm's
 * WebAssembly is loaded from node_modules; the rest is `readBackPixels`'s.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule } from 'zxing-wasm/reader';
import type { ReadBackReport } from './readBack';
import type { GrayPixels, SheetInput } from './scanDecode';
import { readBackPixels } from './scanDecode';

let ready: Promise<unknown> | undefined;
/** zxing-wasm's reader, its WebAssembly read from node_modules (no download). */
export function zxingReady(): Promise<unknown> {
  const require = createRequire(import.meta.url);
  ready ??= readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).then((wasm) =>
    prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true }),
  );
  return ready;
}

/** Grey pixels read back in this process (the tests' stand-in for the window's worker). */
export async function readScan(scan: GrayPixels, sheet: SheetInput): Promise<ReadBackReport> {
  await zxingReady();
  return readBackPixels(scan, sheet);
}

export interface ScanInput extends SheetInput {
  readonly file: string;
}

export async function readBackScan(input: ScanInput): Promise<ReadBackReport> {
  await zxingReady();
  const { data, info } = await sharp(input.file).grayscale().raw().toBuffer({ resolveWithObject: true });
  return readBackPixels({ width: info.width, height: info.height, gray: new Uint8Array(data) }, input);
}
