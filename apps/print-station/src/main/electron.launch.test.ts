/**
 * Electron itself: the built app starts, shows the station, exposes the one bridge object and no
 * Node. Runs only where an Electron binary is installed; `npm install` fetches it, and this
 * machine cannot download it, so here it is skipped, and says so.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const appDir = join(import.meta.dirname, '../..');

function electronBinary(): string | null {
  try {
    // In Node, `require('electron')` is the path of the binary (and throws if it was never installed).
    const path: unknown = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const hasElectronBinary = binary !== null;
const skipNote = hasElectronBinary
  ? ''
  : ' (skipped: no Electron binary on this machine; it cannot be downloaded here)';

describe('the Electron app', () => {
  it.skipIf(!hasElectronBinary)(
    `launches one sandboxed window on the station, with window.homingStation and no Node${skipNote}`,
    async () => {
      if (!existsSync(join(appDir, 'out/main/index.js'))) {
        const { build } = await import('electron-vite');
        await build({ root: appDir, configFile: join(appDir, 'electron.vite.config.ts') });
      }
      const { _electron } = await import('playwright');
      // Chromium will not start its own sandbox as root (CI containers); the renderer's sandbox
      // setting, checked below, is the app's, and stays on.
      const args = process.getuid?.() === 0 ? ['--no-sandbox', appDir] : [appDir];
      const app = await _electron.launch({ executablePath: binary!, args });
      try {
        const page = await app.firstWindow();
        await page.getByRole('heading', { name: 'Homing Print Station' }).waitFor();
        expect(await page.evaluate(() => Object.keys(window.homingStation ?? {}).sort())).toContain(
          'printSet',
        );
        expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
          'undefined',
        );
        expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
          'undefined',
        );
        // One window, on the built page (security.test.ts checks the preferences it is made with).
        const windows = await app.evaluate(({ BrowserWindow }) =>
          BrowserWindow.getAllWindows().map((window) => window.webContents.getURL()),
        );
        expect(windows).toEqual([expect.stringMatching(/^file:.*\/out\/renderer\/index\.html/)]);
        // Navigation away from the app is blocked.
        const before = page.url();
        await page.evaluate(() => void (window.location.href = 'https://example.com/'));
        await page.waitForTimeout(500);
        expect(page.url()).toBe(before);
      } finally {
        await app.close();
      }
    },
    120_000,
  );
});
