/**
 * A worker thread of Electron's main: reads one scan back (zxing-wasm for seconds) without holding
 * main's event loop, so IPC, progress and the mark retries carry on. Started per read by
 * ./index.ts (electron-vite's `?nodeWorker`); answers one message and ends.
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { getTemplate } from '@homing/label-layout';
import { prepareZXingModule } from 'zxing-wasm/reader';
import type { GrayPixels, SheetInput } from '../core/scanDecode';
import { readBackPixels } from '../core/scanDecode';

export interface ScanJob {
  /** zxing-wasm's WebAssembly, shipped beside the build. */
  readonly wasm: string;
  readonly scan: GrayPixels;
  readonly sheet: Omit<SheetInput, 'template'> & { readonly templateId: string };
}

export type ScanAnswer =
  | { readonly ok: true; readonly report: Awaited<ReturnType<typeof readBackPixels>> }
  | { readonly ok: false; readonly error: string };

async function run({ wasm, scan, sheet }: ScanJob): Promise<ScanAnswer> {
  try {
    const template = getTemplate(sheet.templateId);
    if (!template) throw new Error(`Unknown label template ${sheet.templateId}`);
    const wasmBinary = new Uint8Array(await readFile(wasm)).buffer;
    await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    return { ok: true, report: await readBackPixels(scan, { ...sheet, template }) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

void run(workerData as ScanJob).then((answer) => parentPort?.postMessage(answer));
