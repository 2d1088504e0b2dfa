import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { type APIRequestContext, type Page } from '@playwright/test';
import type { QrCodeSetDetail } from '@homing/shared';
import { apiAs } from './helpers';

export { adminSession, E2E_ADMIN_EMAIL } from './helpers';

/** An admin API call with the session's bearer token. */
export const adminApi = <T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) => apiAs<T>(request, token, method, path, data);

/** A new top-level set of one sheet (Avery 4221 unless named), not printed, made by the admin API. */
export const newSet = (request: APIRequestContext, token: string, templateId = 'avery-4221') =>
  adminApi<QrCodeSetDetail>(request, token, 'POST', '/api/admin/qr-sets/create-with-codes', { templateId });

/** window.print() does nothing in headless Chromium; count the calls so tests can wait for them. */
export async function stubPrinting(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls += 1;
    };
  });
}

export const printCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);

/** The texts of every QR symbol in a PNG, read by zxing-wasm with its wasm from node_modules. */
export async function readQrCodes(png: Uint8Array): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: new Uint8Array(wasm).buffer },
    fireImmediately: true,
  });
  const results = await readBarcodes(new Uint8Array(png), {
    formats: ['QRCode'],
    maxNumberOfSymbols: 255,
    tryHarder: true,
  });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
