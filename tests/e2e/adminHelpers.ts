import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, type SessionUser } from './helpers';

/**
 * The e2e server lists this contact in HOMING_BOOTSTRAP_ADMINS (playwright.config.ts), so it is an
 * admin from registration on: the admin CLI cannot open the running server's locked data folder.
 */
export const E2E_ADMIN_EMAIL = 'e2e-admin@homing.test';

/** The admin's session: registered on first use in a run, logged in after that. */
export async function adminSession(request: APIRequestContext) {
  const register = await request.post('/api/auth/register', {
    data: { email: E2E_ADMIN_EMAIL, password: PASSWORD, name: 'E2E Admin' },
  });
  const res =
    register.status() === 201
      ? register
      : await request.post('/api/auth/login', { data: { identifier: E2E_ADMIN_EMAIL, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  const session = (await res.json()) as { user: SessionUser; sessionToken: string };
  expect(session.user.isAdmin, 'HOMING_BOOTSTRAP_ADMINS must list the e2e admin').toBe(true);
  return session;
}

/** An admin API call with the session's bearer token. */
export async function adminApi<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

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
