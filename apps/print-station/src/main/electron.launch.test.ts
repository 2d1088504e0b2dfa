/**
 * Electron itself: the built app starts, shows the station, exposes the one bridge object and no
 * Node, and a screenshot of its window is kept. Runs only where an Electron binary exists (it is
 * not part of `npm install`: `npm run station:app` fetches it, scripts/electronRuntime.ts), under
 * Xvfb when there is no display; otherwise it is skipped and says why. Without the binary, the
 * built main, preload and renderer are still run by tests/e2e/station-build.spec.ts.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findElectronBinary, NO_ELECTRON } from '../../scripts/electronRuntime';

const appDir = join(import.meta.dirname, '../..');
const binary = findElectronBinary();
const hasXvfb = ['/usr/bin/Xvfb', '/usr/local/bin/Xvfb'].some((path) => existsSync(path));
const why = !binary ? NO_ELECTRON : !process.env.DISPLAY && !hasXvfb ? 'no display and no Xvfb' : null;
const skipNote = why ? ` (skipped: ${why})` : '';

let xvfb: ChildProcess | null = null;
afterAll(() => void xvfb?.kill());

/** A display for Electron: the session's, or a private Xvfb. */
async function display(): Promise<string> {
  if (process.env.DISPLAY) return process.env.DISPLAY;
  const number = `:${90 + (process.pid % 9)}`;
  xvfb = spawn('Xvfb', [number, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 700));
  return number;
}

describe('the Electron app', () => {
  it.skipIf(why !== null)(
    `launches one sandboxed window on the station, with window.homingStation and no Node${skipNote}`,
    async () => {
      const electronVite = join(
        dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')),
        'bin/electron-vite.js',
      );
      execFileSync(process.execPath, [electronVite, 'build', '--logLevel', 'warn'], { cwd: appDir });
      const { _electron } = await import('playwright');
      // Chromium will not start its own sandbox as root (CI containers); the renderer's sandbox
      // setting, checked below, is the app's, and stays on.
      const args = process.getuid?.() === 0 ? ['--no-sandbox', appDir] : [appDir];
      const app = await _electron.launch({
        executablePath: binary!.path,
        args,
        env: { ...process.env, DISPLAY: await display() } as Record<string, string>,
      });
      try {
        const page = await app.firstWindow();
        await page.getByRole('heading', { name: 'Homing Print Station' }).waitFor();
        const shots = join(appDir, '../../test-results');
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: join(shots, 'station-electron.png') });
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
  );
});
