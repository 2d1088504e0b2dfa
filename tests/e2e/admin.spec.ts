import { expect, test, type Page } from '@playwright/test';
import type { QrCodeSetDetail, QrCodeSetSummary } from '@homing/shared';
import { adminApi, adminSession, newSet, printCalls, readQrCodes, stubPrinting } from './adminHelpers';
import { seriousFindings } from './axe';
import { openSignedIn, registerViaApi } from './helpers';

const row = (page: Page, setId: string) => page.locator(`.set-row[data-set-id="${setId}"]`);
const bar = (page: Page, setId: string, name: string) =>
  row(page, setId).locator(':scope > .set-progress').getByRole('progressbar', { name });

test.describe('admin: QR code sets', () => {
  test('create a set, print it (page 1 printed), split it 2 rows per set, release a child; an owner claims from it', async ({
    page,
    request,
  }) => {
    const admin = await adminSession(request);
    await stubPrinting(page);
    await openSignedIn(page, admin, '/admin/qr-sets');
    await expect(page.getByRole('heading', { name: 'QR Code Sets', level: 1 })).toBeVisible();

    // Create Set dialog: the default template, its preview, then a new set of 80 codes.
    await page.getByRole('button', { name: 'Create Set' }).click();
    const create = page.getByRole('dialog', { name: 'Create QR Code Set' });
    const template = create.getByLabel('Template');
    await expect(template).toHaveValue('avery-4221');
    await expect(template.locator('option:checked')).toHaveText(/^3\/4" Round - .+ \(80 labels\)$/);
    await expect(create.getByText('QR codes per set')).toBeVisible();
    const created = page.waitForResponse('**/api/admin/qr-sets/create-with-codes');
    await create.getByRole('button', { name: 'Create Set' }).click();
    const set = ((await (await created).json()) as { data: QrCodeSetDetail }).data;
    await expect(create).toBeHidden();
    const setRow = row(page, set.id);
    await expect(setRow.getByRole('heading', { name: set.name })).toBeVisible();
    await expect(setRow).toContainText('80 codes');
    await expect(setRow).toContainText(/Created: \d\d-\d\d-\d{4}/);
    await expect(setRow).toContainText('0 child sets');
    await expect(setRow.getByRole('button', { name: 'Split...' })).toHaveCount(0);
    await expect(setRow.getByRole('button', { name: 'Release' })).toHaveCount(0);

    // Print: the print layout holds one exact Letter sheet; then confirm that page 1 printed.
    await setRow.getByRole('button', { name: 'Print', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Which pages printed?' });
    await expect(confirm).toBeVisible();
    expect(await printCalls(page)).toBe(1);
    const sheet = page.locator('.label-print .label-sheet');
    await expect(sheet).toHaveCount(1);
    await expect(sheet.locator('.print-label')).toHaveCount(80);
    await confirm.getByLabel('Some pages printed').check();
    await confirm.getByLabel(/Page numbers/).fill('1');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(setRow.locator('.badge')).toHaveText('Printed');
    await expect(bar(page, set.id, 'Printed')).toHaveAttribute('aria-valuenow', '100');
    await expect(setRow.getByRole('button', { name: 'Print', exact: true })).toHaveCount(0);

    // Split, 2 rows per set: five children of 16 codes.
    await setRow.getByRole('button', { name: 'Split...' }).click();
    const split = page.getByRole('dialog', { name: 'Split QR Code Set' });
    await expect(split.getByText('80 codes in 10 rows × 8 columns')).toBeVisible();
    await expect(split.getByLabel('Rows per set').locator('option')).toHaveText(
      [1, 2, 3, 4, 5].map((n) => `${n} row(s) per set`),
    );
    await split.getByLabel('Rows per set').selectOption('2');
    await expect(split.getByText('Preview (5 sets will be created)')).toBeVisible();
    await expect(split.locator('li').first()).toContainText(`${set.name}, rows 1-2`);
    await expect(split.locator('li').first()).toContainText('16 codes');
    await split.getByRole('button', { name: 'Split Set' }).click();
    await expect(split).toBeHidden();
    await expect(setRow).toContainText('5 child sets');
    const children = setRow.locator('.set-children > .set-row');
    await expect(children).toHaveCount(5);
    await expect(children.first()).toContainText(`${set.name}, rows 1-2 (from ${set.name})`);
    await setRow.getByRole('button', { name: 'Hide 5 child sets' }).click();
    await expect(children).toHaveCount(0);
    await setRow.getByRole('button', { name: 'View 5 child sets' }).click();
    await expect(children).toHaveCount(5);
    // The split set no longer offers Split; the page reads h1, then each set's h2, its children's h3.
    await expect(setRow.getByRole('button', { name: 'Split...' })).toHaveCount(0);
    await expect(setRow.getByRole('heading', { level: 2, name: set.name })).toBeVisible();
    await expect(children.first().getByRole('heading', { level: 3 })).toBeVisible();

    // The child list scrolls beyond 200 px, from the keyboard too: it takes focus, End scrolls it.
    const list = setRow.getByRole('region', { name: `Child sets of ${set.name}` });
    const scrollTop = () => list.evaluate((el) => el.scrollTop);
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await list.focus();
    await expect(list).toBeFocused();
    await page.keyboard.press('End');
    await expect.poll(scrollTop).toBeGreaterThan(0);
    await page.keyboard.press('Home');
    await expect.poll(scrollTop).toBe(0);
    expect(await seriousFindings(page)).toEqual([]);

    // Release the first child; the parent's Released bar is the share of released children.
    const first = children.first();
    const firstId = (await first.getAttribute('data-set-id'))!;
    // Release asks first; Cancel changes nothing.
    const childName = `${set.name}, rows 1-2`;
    await first.getByRole('button', { name: 'Release' }).click();
    const ask = page.getByRole('alertdialog', { name: `Release ${childName}?` });
    await expect(ask).toContainText('Owners can then claim its 16 codes.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(row(page, firstId).locator('.badge')).toHaveText('Printed');
    await first.getByRole('button', { name: 'Release' }).click();
    await ask.getByRole('button', { name: 'Release' }).click();
    await expect(ask).toBeHidden();
    await expect(row(page, firstId).locator('.badge')).toHaveText('Released');
    await expect(row(page, firstId).getByRole('button', { name: 'Release' })).toHaveCount(0);
    await expect(bar(page, set.id, 'Released')).toHaveAttribute('aria-valuenow', '20');

    // An owner claims a code of the released child; a code of an unreleased child is not active yet.
    const released = await adminApi<QrCodeSetDetail>(
      request,
      admin.sessionToken,
      'GET',
      `/api/admin/qr-sets/${firstId}`,
    );
    const owner = await registerViaApi(request);
    const claim = (qrCode: string) =>
      request.post('/api/qr-codes/claim', {
        data: { qrCode, setId: null, claimAll: false },
        headers: { Authorization: `Bearer ${owner.sessionToken}` },
      });
    expect((await claim(released.qrCodes[0]!.value)).status()).toBe(200);
    const secondId = (await children.nth(1).getAttribute('data-set-id'))!;
    const unreleased = await adminApi<QrCodeSetDetail>(
      request,
      admin.sessionToken,
      'GET',
      `/api/admin/qr-sets/${secondId}`,
    );
    expect((await claim(unreleased.qrCodes[0]!.value)).status()).toBe(409);

    await page.reload();
    await row(page, set.id).getByRole('button', { name: 'View 5 child sets' }).click();
    await expect(bar(page, firstId, 'Claimed')).toHaveAttribute('aria-valuenow', '6'); // 1 of 16
    await expect(bar(page, set.id, 'Claimed')).toHaveAttribute('aria-valuenow', '1'); // 1 of 80
    await row(page, firstId).getByRole('button', { name: 'Show codes' }).click();
    await expect(row(page, firstId).locator('.badge--associated')).toHaveCount(1);
  });

  test('the list keeps its scroll position after a change', async ({ page, request }) => {
    const admin = await adminSession(request);
    const { setIds } = await adminApi<{ setIds: string[] }>(
      request,
      admin.sessionToken,
      'POST',
      '/api/admin/qr-codes/bulk',
      { count: 800, codesPerPage: 80 },
    );
    const sets = await adminApi<QrCodeSetSummary[]>(request, admin.sessionToken, 'GET', '/api/admin/qr-sets');
    // The lowest of this test's own ten sets (other tests' sets are theirs to mark), in a window
    // short enough that reaching it scrolls the page.
    const target = sets.filter((s) => setIds.includes(s.id)).at(-1)!;
    await page.setViewportSize({ width: 1280, height: 420 });
    await adminApi(request, admin.sessionToken, 'POST', '/api/admin/qr-sets/mark-sets-printed', {
      setIds: [target.id],
    });
    await openSignedIn(page, admin, '/admin/qr-sets');
    const targetRow = row(page, target.id);
    await targetRow.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(200);
    await targetRow.getByRole('button', { name: 'Split...' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Split Set' }).click();
    await expect(targetRow).toContainText('10 child sets'); // 1 row per set, the default
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(5);
  });
});

test.describe('admin: analytics and printing', () => {
  test('the analytics screen shows the five counters and leads to printing', async ({ page, request }) => {
    const admin = await adminSession(request);
    await openSignedIn(page, admin, '/admin');
    await expect(page.getByRole('link', { name: /Manage QR Codes/ })).toBeVisible();
    await expect(page.getByText('Coming Soon')).toHaveCount(2);
    await page.getByRole('link', { name: /Manage QR Codes/ }).click();
    await expect(page).toHaveURL('/admin/qr-codes');
    for (const label of ['Total', 'Printed', 'Claimed', 'Assigned', 'Unclaimed'])
      await expect(page.locator('.qr-counter__label', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
    await page.getByRole('link', { name: 'Print QR Codes' }).click();
    await expect(page).toHaveURL('/admin/qr-codes/create');
  });

  test('bulk print: 2 pages, only page 2 printed marks only its set', async ({ page, request }) => {
    const admin = await adminSession(request);
    await stubPrinting(page);
    await openSignedIn(page, admin, '/admin/qr-codes/create');
    await expect(page.getByLabel('Template')).toHaveValue('avery-4221');
    const pages = page.getByLabel('Pages to print');
    await expect(pages).toHaveValue('1');
    await pages.fill('42');
    await pages.blur();
    await expect(pages).toHaveValue('10');
    await pages.fill('2');
    const bulk = page.waitForResponse('**/api/admin/qr-codes/bulk');
    await page.getByRole('button', { name: 'Create Codes and Print' }).click();
    const batch = ((await (await bulk).json()) as { data: { setIds: string[] } }).data;
    expect(batch.setIds).toHaveLength(2);
    const confirm = page.getByRole('dialog', { name: 'Which pages printed?' });
    await expect(confirm.getByText('All 2 sets of this batch are marked printed.')).toBeVisible();
    await expect(page.locator('.label-print .label-sheet')).toHaveCount(2);
    await confirm.getByLabel('Some pages printed').check();
    await confirm.getByLabel(/Page numbers/).fill('2, 7, x');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('1 of 2 sets marked printed.')).toBeVisible();
    const sets = await adminApi<QrCodeSetSummary[]>(request, admin.sessionToken, 'GET', '/api/admin/qr-sets');
    const printed = (id: string) => sets.find((s) => s.id === id)!.isPrinted;
    expect(batch.setIds.map(printed)).toEqual([false, true]);
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });
});

test.describe('admin: browser print layout', () => {
  test.use({ deviceScaleFactor: 3 });

  test('label sheets print at template size in inches', async ({ page, request }) => {
    const admin = await adminSession(request);
    const set = await newSet(request, admin.sessionToken);
    await stubPrinting(page);
    await openSignedIn(page, admin, '/admin/qr-sets');
    await row(page, set.id).getByRole('button', { name: 'Print', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Which pages printed?' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('.label-print .label-sheet').first();
    const box = (await sheet.boundingBox())!;
    expect([box.width, box.height]).toEqual([816, 1056]); // 8.5 × 11 in at 96 px per inch
    const label = (await sheet.locator('.print-label').nth(9).boundingBox())!; // column 2, row 2
    expect(label.width).toBeCloseTo(72, 1); // 0.75 in
    expect(label.x - box.x).toBeCloseTo(36 + 96, 1); // 0.375 in margin + 1 in pitch
    expect(label.y - box.y).toBeCloseTo(60 + 96, 1); // 0.625 in margin + 1 in pitch
    await expect(page.locator('header.site-header')).toBeHidden();
    // Every symbol of the browser's sheet reads back its label's URL (upper-cased, as encoded).
    const png = await sheet.screenshot();
    const read = await readQrCodes(png);
    const domain = new URL(page.url()).host.toUpperCase();
    expect(read.sort()).toEqual(set.qrCodes.map((c) => `HTTPS://${domain}/QR/${c.value}`).sort());
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('dialog').getByLabel('Nothing printed').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(row(page, set.id).locator('.badge')).toHaveText('Not printed');
  });
});

test.describe('admin: guards', () => {
  test('a non-admin is sent home from every admin route', async ({ page, request }) => {
    const session = await registerViaApi(request);
    for (const path of ['/admin', '/admin/qr-codes', '/admin/qr-sets', '/admin/qr-codes/create']) {
      await openSignedIn(page, session, path);
      await expect(page, path).toHaveURL('/');
    }
  });

  test('/admin/qr-bulk needs only sign-in; the server still refuses a non-admin', async ({
    page,
    request,
  }) => {
    await page.goto('/admin/qr-bulk');
    await expect(page).toHaveURL('/auth?returnUrl=%2Fadmin%2Fqr-bulk');
    const session = await registerViaApi(request);
    await openSignedIn(page, session, '/admin/qr-bulk');
    await expect(page.getByRole('heading', { name: 'Print QR Codes', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Create Codes and Print' }).click();
    await expect(page.getByRole('alert')).toHaveText('Admin access required');
  });
});

test.describe('bulk print test page', () => {
  test('clamps its inputs, previews the grid, prints made-up codes and resets', async ({ page }) => {
    await stubPrinting(page);
    await page.goto('/test-bulk-print');
    await expect(page.getByRole('heading', { name: 'Bulk Print Test', level: 1 })).toBeVisible();
    const count = page.getByLabel('Number of QR codes');
    const column = page.getByLabel('Start column');
    const rowField = page.getByLabel('Start row');
    await count.fill('999');
    await count.blur();
    await expect(count).toHaveValue('240');
    await column.fill('abc');
    await column.blur();
    await expect(column).toHaveValue('1');
    await column.fill('5');
    await rowField.fill('12');
    await rowField.blur();
    await expect(rowField).toHaveValue('10');
    await page.getByRole('button', { name: 'Preview Grid Layout' }).click();
    // 240 labels from column 5, row 10 (76 skipped): 4 on page 1, 80 on pages 2 and 3, 76 on page 4.
    await expect(page.locator('.sheet-preview__page')).toHaveCount(4);
    await expect(page.getByText(/240 labels on 4 pages/)).toBeVisible();
    await page.getByLabel('Dummy placeholder image').check();
    await page.getByRole('button', { name: 'Test Print' }).click();
    await expect.poll(() => printCalls(page)).toBe(1);
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expect(count).toHaveValue('80');
    await expect(column).toHaveValue('1');
    await expect(rowField).toHaveValue('1');
    await expect(page.getByLabel('Domain name')).toHaveValue('your-domain.example');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe('bulk-print-test.pdf');
  });
});
