/**
 * The print station's renderer in Chromium, with the browser twin of its bridge instead of
 * Electron's preload (same screens, same interface). The renderer is built for the browser
 * (apps/print-station/vite.twin.config.ts) and served by `vite preview`, which proxies /api to the
 * e2e server, so the twin talks to the real API. Its "printer" records jobs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { QrCodeSetDetail } from '@homing/shared';
import sharp from 'sharp';
import { build, preview, type PreviewServer } from 'vite';
import { avery4221, labelCentre } from '../../packages/label-layout/src/templates';
import { rasterise } from '../../packages/label-layout/test/rasterDecode';
import { adminApi, adminSession, E2E_ADMIN_EMAIL, newSet } from './adminHelpers';
import { PASSWORD } from './helpers';

const configFile = fileURLToPath(new URL('../../apps/print-station/vite.twin.config.ts', import.meta.url));
const TWIN_PRINTER = 'Twin-Recorder';
const TWIN_LABEL_PRINTER = 'Twin-Label-Printer';

interface TwinJob {
  kind: string;
  printer: string;
  pages: number;
  labels: number;
  bytes: number;
  setIds: string[];
  marked: boolean;
}
const twinJobs = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { homingStationTwin: { jobs: TwinJob[] } }).homingStationTwin.jobs,
  );

test.describe('print station (browser twin)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: PreviewServer;
  let stationUrl: string;
  let outDir: string | undefined;

  // The e2e server's URL is the project's baseURL; beforeAll gets no test-scoped fixtures.
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    const api = testInfo.project.use.baseURL!;
    // Built into a folder of this worker's own: a run beside this one may be serving its build.
    outDir = mkdtempSync(path.join(tmpdir(), 'homing-station-twin-'));
    await build({ configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = await preview({
      configFile,
      logLevel: 'warn',
      build: { outDir },
      preview: {
        host: '127.0.0.1',
        // A port the kernel picks free: another run's station may be serving beside this one.
        port: 0,
        proxy: { '/api': { target: api, changeOrigin: true } },
      },
    });
    stationUrl = server.resolvedUrls!.local[0]!;
  });
  test.afterAll(async () => {
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  test('signs in an admin, chooses a printer, prints a set from the sets list, and shows it in the history', async ({
    page,
    request,
  }) => {
    const admin = await adminSession(request);
    const set = await newSet(request, admin.sessionToken);

    // One owner of "mark printed": the station's pipeline marks; the hosted screen does not again.
    const marks: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/admin/qr-sets/mark-sets-printed'))
        marks.push(req.postData() ?? '');
    });
    await page.goto(stationUrl);
    await expect(page.getByRole('heading', { name: 'Homing Print Station' })).toBeVisible();
    await expect(page.getByLabel('Server URL')).toHaveValue(new URL(stationUrl).origin);
    await page.getByLabel('Email or phone number').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // No printer chosen yet: the station opens on its printer screen.
    await expect(page.getByRole('heading', { name: 'Printer', level: 1 })).toBeVisible();
    await page.getByRole('radio', { name: new RegExp(TWIN_PRINTER) }).check();
    await page.getByLabel('Start column').fill('1');
    await expect(page.locator('.station-status')).toContainText(`Printer: ${TWIN_PRINTER}`);

    // The web app's own sets screen, hosted by the station.
    await page
      .getByRole('navigation', { name: 'Station' })
      .getByRole('link', { name: 'QR Code Sets' })
      .click();
    await expect(page.getByRole('heading', { name: 'QR Code Sets', level: 1 })).toBeVisible();
    const row = page.locator(`.set-row[data-set-id="${set.id}"]`);
    await expect(row).toContainText('80 codes');
    await row.getByRole('button', { name: 'Print', exact: true }).click();

    // No print dialog and no "which pages printed?": the station knows the job completed.
    await expect(page.getByRole('status').filter({ hasText: 'is marked printed.' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Print progress')).toContainText(
      /Submitted job Twin-Recorder-1 .*Job Twin-Recorder-1 completed.*Marked the set printed/s,
    );
    await expect(row.locator('.badge')).toHaveText('Printed');
    expect(await twinJobs(page)).toEqual([
      expect.objectContaining({
        kind: 'labels',
        printer: TWIN_PRINTER,
        pages: 1,
        labels: 80,
        setIds: [set.id],
        marked: true,
      }),
    ]);
    const after = await adminApi<QrCodeSetDetail>(
      request,
      admin.sessionToken,
      'GET',
      `/api/admin/qr-sets/${set.id}`,
    );
    expect(after.isPrinted).toBe(true);
    expect(marks).toEqual([JSON.stringify({ setIds: [set.id] })]);

    await page.getByRole('link', { name: 'Job History' }).click();
    const history = page.getByRole('table');
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history.getByRole('row').nth(1)).toContainText(
      /completed.*Twin-Recorder-1.*Twin-Recorder.*Set .*Marked printed/,
    );
  });

  test('a preset picked in the station switches its printer and start, never its calibration; saved and deleted there', async ({
    page,
    request,
  }) => {
    const admin = await adminSession(request);
    const name = `Label desk ${Date.now()}`;
    const status = (text: string) => page.getByRole('status').filter({ hasText: text });
    const stationStatus = page.locator('.station-status');
    const nav = (label: string) =>
      page.getByRole('navigation', { name: 'Station' }).getByRole('link', { name: label, exact: true });

    await page.goto(stationUrl);
    await page.getByLabel('Email or phone number').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('radio', { name: new RegExp(TWIN_LABEL_PRINTER) }).check();
    await page.getByLabel('Start column').fill('3');
    await page.getByLabel('Start row').fill('2');
    await expect(stationStatus).toContainText(`Printer: ${TWIN_LABEL_PRINTER} · start column 3, row 2`);
    await nav('Calibration').click();
    await page.getByLabel('x offset (mm)').fill('1.5');
    await page.getByLabel('y offset (mm)').fill('-0.5');
    await page.getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByText(`Saved: ${TWIN_LABEL_PRINTER} x 1.5 mm, y -0.5 mm.`)).toBeVisible();

    // Saved on the station: its printer and its start go into the preset; the printer's
    // calibration is shown beside it, not saved with it.
    await nav('Print QR Codes').click();
    await page.getByLabel('Template', { exact: true }).selectOption('avery-5160');
    await expect(page.getByLabel('Printer', { exact: true })).toHaveValue(TWIN_LABEL_PRINTER);
    await expect(page.getByLabel('Offset x (mm)')).toHaveCount(0);
    const calibrationNote = page.getByTestId('preset-calibration');
    await expect(calibrationNote).toHaveText(
      `Calibration of ${TWIN_LABEL_PRINTER} on this station: x +1.50 mm, y -0.50 mm (the printer's own; a preset never changes it)`,
    );
    await page.getByLabel('Preset name').fill(name);
    await page.getByRole('button', { name: 'Save as preset' }).click();
    await expect(status(`Saved preset ${name}.`)).toBeVisible();
    const { presets } = await adminApi<{ presets: Record<string, unknown>[] }>(
      request,
      admin.sessionToken,
      'GET',
      '/api/admin/print-presets',
    );
    const saved = presets.find((p) => p.name === name);
    expect(saved).toMatchObject({
      templateId: 'avery-5160',
      printer: TWIN_LABEL_PRINTER,
      startColumn: 3,
      startRow: 2,
      copies: 1,
    });
    expect(saved).not.toHaveProperty('xMm');

    // Another admin saves a preset for this printer from an older screen that still sends offsets.
    await adminApi(request, admin.sessionToken, 'POST', '/api/admin/print-presets', {
      name: `${name} old screen`,
      templateId: 'avery-5160',
      printer: TWIN_LABEL_PRINTER,
      xMm: 0.3,
      yMm: -0.2,
      startColumn: 3,
      startRow: 2,
    });

    // Back to the other printer, no offsets, from label 1.
    await nav('Printer').click();
    await page.getByRole('radio', { name: new RegExp(TWIN_PRINTER) }).check();
    await page.getByLabel('Start column').fill('1');
    await page.getByLabel('Start row').fill('1');
    await expect(stationStatus).toContainText(`Printer: ${TWIN_PRINTER} · start column 1, row 1`);

    // Picking the preset switches the station: printer, start, template; the printer's
    // calibration stays as it was calibrated (both presets, the old screen's too).
    await nav('Print QR Codes').click();
    await expect(page.getByLabel('Template', { exact: true })).toHaveValue('avery-4221');
    await page
      .getByLabel('Preset', { exact: true })
      .selectOption({ label: `${name} old screen - avery-5160 on ${TWIN_LABEL_PRINTER}` });
    await expect(status(`Printing on ${TWIN_LABEL_PRINTER} with preset ${name} old screen.`)).toBeVisible();
    await expect(calibrationNote).toContainText('x +1.50 mm, y -0.50 mm');
    await page
      .getByLabel('Preset', { exact: true })
      .selectOption({ label: `${name} - avery-5160 on ${TWIN_LABEL_PRINTER}` });
    await expect(status(`Printing on ${TWIN_LABEL_PRINTER} with preset ${name}.`)).toBeVisible();
    await expect(stationStatus).toContainText(`Printer: ${TWIN_LABEL_PRINTER} · start column 3, row 2`);
    await expect(page.getByLabel('Template', { exact: true })).toHaveValue('avery-5160');
    await expect(calibrationNote).toContainText('x +1.50 mm, y -0.50 mm');
    await page.getByLabel('Pages to print').fill('1');
    await page.getByRole('button', { name: 'Create Codes and Print' }).click();
    await expect(page.getByRole('status').filter({ hasText: /sets? marked printed\./ })).toBeVisible();
    expect((await twinJobs(page)).at(-1)).toMatchObject({
      kind: 'labels',
      printer: TWIN_LABEL_PRINTER,
      labels: 30,
    });
    await nav('Calibration').click();
    await expect(page.getByRole('heading', { name: `Calibration: ${TWIN_LABEL_PRINTER}` })).toBeVisible();
    await expect(page.getByLabel('x offset (mm)')).toHaveValue('1.5');
    await expect(page.getByLabel('y offset (mm)')).toHaveValue('-0.5');

    // Deleted on the station.
    await nav('Print QR Codes').click();
    const option = page.getByLabel('Preset', { exact: true }).locator('option', { hasText: name });
    await page
      .getByLabel('Preset', { exact: true })
      .selectOption({ label: `${name} - avery-5160 on ${TWIN_LABEL_PRINTER}` });
    await page.getByRole('button', { name: 'Delete preset' }).click();
    await expect(status(`Deleted preset ${name}.`)).toBeVisible();
    await expect(option.filter({ hasNotText: 'old screen' })).toHaveCount(0);

    // A preset for a printer this station does not have changes nothing and says why.
    await adminApi(request, admin.sessionToken, 'POST', '/api/admin/print-presets', {
      name: `${name} elsewhere`,
      templateId: 'avery-4221',
      printer: 'HomingPDF-elsewhere',
      startColumn: 5,
      startRow: 5,
    });
    await nav('Printer').click();
    await nav('Print QR Codes').click();
    await page
      .getByLabel('Preset', { exact: true })
      .selectOption({ label: `${name} elsewhere - avery-4221 on HomingPDF-elsewhere` });
    await expect(page.getByRole('alert')).toContainText(
      'This station has no printer named HomingPDF-elsewhere',
    );
    await expect(stationStatus).toContainText(`Printer: ${TWIN_LABEL_PRINTER} · start column 3, row 2`);
  });

  test('reads a scan of the sheet it printed back, in a small window: exactly the blank cell reported, then reprinted', async ({
    page,
    request,
  }) => {
    const admin = await adminSession(request);
    const set = await newSet(request, admin.sessionToken);
    const codes = set.qrCodes.map((code) => code.value);
    // The sheet as the server renders it from column 3, row 2, scanned at 200 dpi, with column 5,
    // row 3 (the set's 11th label) left blank.
    const dpi = 200;
    const pdf = await request.get(`/api/admin/qr-sets/${set.id}/labels.pdf?startCol=3&startRow=2`, {
      headers: { Authorization: `Bearer ${admin.sessionToken}` },
    });
    expect(pdf.status()).toBe(200);
    const [scan] = rasterise(await pdf.body(), dpi);
    const blank = labelCentre(avery4221, 4, 2);
    const half = Math.round(((avery4221.pitchX * dpi) / 72) * 0.47);
    for (let dy = -half; dy < half; dy++)
      for (let dx = -half; dx < half; dx++)
        scan.gray[
          (Math.round((blank.y * dpi) / 72) + dy) * scan.width + Math.round((blank.x * dpi) / 72) + dx
        ] = 255;
    const png = await sharp(Buffer.from(scan.gray), {
      raw: { width: scan.width, height: scan.height, channels: 1 },
    })
      .png()
      .toBuffer();
    const nav = (label: string) =>
      page.getByRole('navigation', { name: 'Station' }).getByRole('link', { name: label, exact: true });

    await page.setViewportSize({ width: 480, height: 900 });
    await page.goto(stationUrl);
    await page.getByLabel('Email or phone number').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('radio', { name: new RegExp(TWIN_PRINTER) }).check();
    await page.getByLabel('Start column').fill('3');
    await page.getByLabel('Start row').fill('2');
    await nav('QR Code Sets').click();
    await page
      .locator(`.set-row[data-set-id="${set.id}"]`)
      .getByRole('button', { name: 'Print', exact: true })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'is marked printed.' })).toBeVisible();

    // The set just printed, from where it started, is what the screen offers to read.
    await nav('Read back').click();
    await expect(page.getByRole('heading', { name: 'Read back a sheet', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Set', { exact: true })).toHaveValue(set.id);
    await expect(page.getByLabel('Printed from column')).toHaveValue('3');
    await expect(page.getByLabel('Printed from row')).toHaveValue('2');

    // Not a picture: said plainly, nothing read.
    const file = page.getByLabel('Scan or photo of the sheet');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Read back' }).click();
    await expect(page.getByRole('alert')).toHaveText(/This file is not a picture the station can read/);

    await file.setInputFiles({ name: 'sheet.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Read back' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Reading every label' })).toBeVisible();
    // 70 of the 80 labels are on the first sheet.
    await expect(page.getByText('69 of 70 labels read back fine; 1 problem.')).toBeVisible();
    const problems = page.getByRole('table', { name: 'Problems found' }).getByRole('row');
    await expect(problems).toHaveCount(2);
    await expect(problems.nth(1).getByRole('cell')).toHaveText([
      'Missing',
      'column 5, row 3',
      codes[10],
      'Nothing printed',
    ]);

    // Queued from the first free label: the set's last 10 took row 1 and two of row 2 of sheet two.
    await expect(page.getByRole('listitem').filter({ hasText: codes[10] })).toHaveText(
      `1 label of ${set.name} (${codes[10]}), from column 3, row 2`,
    );
    await page.getByRole('button', { name: 'Reprint failed labels (1)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reprinted' })).toHaveText(
      `Reprinted 1 label of ${set.name} as job ${TWIN_PRINTER}-2 on ${TWIN_PRINTER}.`,
    );
    await expect(page.getByRole('button', { name: /Reprint failed labels/ })).toHaveCount(0);
    expect((await twinJobs(page)).at(-1)).toEqual(
      expect.objectContaining({ printer: TWIN_PRINTER, labels: 1, setIds: [], marked: false }),
    );
    // Nothing in the window is wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(480);
  });

  test('refuses a non-admin with the server’s reason', async ({ page, request }) => {
    const email = `station-owner-${Date.now()}@example.com`;
    const res = await request.post('/api/auth/register', { data: { email, password: PASSWORD } });
    expect(res.status()).toBe(201);
    await page.goto(stationUrl);
    await page.getByLabel('Email or phone number').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('This account is not an admin');
  });
});
