import { expect, test } from '@playwright/test';
import type { QrCodeSetSummary } from '@homing/shared';
import { checkSymbol } from '@homing/shared/codes';
import { adminApi, adminSession, newSet, readQrCodes, stubPrinting } from './adminHelpers';
import { openSignedIn } from './helpers';

// The admin print page on a part-used sheet: a start column and row, the preview showing where the
// labels go, and the printed sheets (CSS inches) starting there, each label with its code in
// people's characters under the symbol.

test.use({ deviceScaleFactor: 3 });

test('bulk print from column 3, row 4: preview, printed layout and codes start there', async ({
  page,
  request,
}) => {
  const admin = await adminSession(request);
  await stubPrinting(page);
  await openSignedIn(page, admin, '/admin/qr-codes/create');
  await expect(page.getByLabel('Template')).toHaveValue('avery-4221');
  await page.getByLabel('Pages to print').fill('2');
  const column = page.getByLabel('Start column');
  const startRow = page.getByLabel('Start row');
  await column.fill('12');
  await column.blur();
  await expect(column).toHaveValue('8'); // clamped to the sheet's 8 columns
  await column.fill('3');
  await startRow.fill('4');
  await startRow.blur();

  // 3 rows and 2 labels used: 54 labels left on sheet 1, then a full sheet.
  await expect(page.getByText('2 × 80 − 26 used = 134 new codes, one set per page')).toBeVisible();
  const preview = page.getByLabel('Grid layout preview');
  await expect(
    preview.getByText('134 labels on 2 pages, starting at column 3, row 4 (26 skipped on page 1)'),
  ).toBeVisible();
  const firstPage = preview.locator('.sheet-preview__page[data-page="1"] .sheet-preview__slot');
  await expect(firstPage).toHaveCount(80);
  await expect(firstPage.nth(25)).not.toHaveClass(/--used/); // column 2, row 4: used before
  await expect(firstPage.nth(26)).toHaveClass(/--used/);
  await expect(firstPage.nth(26)).toHaveText('1');
  await expect(preview.locator('.sheet-preview__slot--used')).toHaveCount(134);

  const bulk = page.waitForResponse('**/api/admin/qr-codes/bulk');
  await page.getByRole('button', { name: 'Create Codes and Print' }).click();
  const batch = (
    (await (await bulk).json()) as {
      data: { setIds: string[]; qrCodes: { value: string; setId: string }[] };
    }
  ).data;
  expect(batch.qrCodes).toHaveLength(134);
  expect(batch.setIds).toHaveLength(2);
  // The short set (the batch's last page) is the one on the part-used sheet.
  const codesOf = (setId: string) => batch.qrCodes.filter((c) => c.setId === setId).map((c) => c.value);
  const [fullSet, shortSet] = batch.setIds.map(codesOf);
  expect(shortSet).toHaveLength(54);

  const confirm = page.getByRole('dialog', { name: 'Which pages printed?' });
  await expect(confirm).toBeVisible();
  const sheets = page.locator('.label-print .label-sheet');
  await expect(sheets).toHaveCount(2);
  await expect(sheets.nth(0).locator('.print-label')).toHaveCount(54);
  await expect(sheets.nth(1).locator('.print-label')).toHaveCount(80);

  await page.emulateMedia({ media: 'print' });
  const sheet = sheets.nth(0);
  const box = (await sheet.boundingBox())!;
  const first = (await sheet.locator('.print-label').first().boundingBox())!;
  // Column 3, row 4 of Avery 4221: 0.375 in margin + 2 in across, 0.625 in margin + 3 in down.
  expect(first.x - box.x).toBeCloseTo(36 + 2 * 96, 1);
  expect(first.y - box.y).toBeCloseTo(60 + 3 * 96, 1);
  // Each label shows its code, grouped as printed with its check symbol, under its own symbol.
  const asPrinted = (code: string) => `${code.slice(0, 5)} ${code.slice(5)}-${checkSymbol(code)}`;
  const printedCodes = await sheet.locator('.print-label__code').allTextContents();
  expect(printedCodes).toEqual(shortSet!.map(asPrinted));
  const domain = new URL(page.url()).host.toUpperCase();
  const read = await readQrCodes(await sheet.screenshot());
  expect(read.sort()).toEqual(shortSet!.map((code) => `HTTPS://${domain}/QR/${code}`).sort());
  await expect(sheets.nth(1).locator('.print-label__code').first()).toHaveText(asPrinted(fullSet![0]!));
  await page.emulateMedia({ media: 'screen' });

  await confirm.getByLabel('Some pages printed').check();
  await confirm.getByLabel(/Page numbers/).fill('1');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('1 of 2 sets marked printed.')).toBeVisible();
  const sets = await adminApi<QrCodeSetSummary[]>(request, admin.sessionToken, 'GET', '/api/admin/qr-sets');
  const printed = (id: string) => sets.find((s) => s.id === id)!.isPrinted;
  // Page 1 held the short set.
  expect(batch.setIds.map(printed)).toEqual([false, true]);
});

test('an existing set from the Sets screen, from column 3, row 4: printed there, the PDF too', async ({
  page,
  request,
}) => {
  const admin = await adminSession(request);
  const set = await newSet(request, admin.sessionToken);
  await stubPrinting(page);
  await openSignedIn(page, admin, '/admin/qr-sets');
  await page.getByLabel('Start column').fill('3');
  await page.getByLabel('Start row').fill('4');
  const row = page.locator(`.set-row[data-set-id="${set.id}"]`);

  // Download PDF asks the API for the same start.
  const pdf = page.waitForRequest(`**/api/admin/qr-sets/${set.id}/labels.pdf*`);
  await row.getByRole('button', { name: 'Download PDF' }).click();
  const query = new URL((await pdf).url()).searchParams;
  expect([query.get('startCol'), query.get('startRow')]).toEqual(['3', '4']);

  await row.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Which pages printed?' })).toBeVisible();
  const sheets = page.locator('.label-print .label-sheet');
  // 80 codes from label 27: 54 on the first sheet, 26 on the second.
  await expect(sheets).toHaveCount(2);
  await expect(sheets.nth(0).locator('.print-label')).toHaveCount(54);
  await page.emulateMedia({ media: 'print' });
  const box = (await sheets.nth(0).boundingBox())!;
  const first = (await sheets.nth(0).locator('.print-label').first().boundingBox())!;
  expect(first.x - box.x).toBeCloseTo(36 + 2 * 96, 1);
  expect(first.y - box.y).toBeCloseTo(60 + 3 * 96, 1);
  const value = set.qrCodes[0]!.value;
  // Printed with its check symbol (PRODUCT.md, Finders who text).
  await expect(sheets.nth(0).locator('.print-label__code').first()).toHaveText(
    `${value.slice(0, 5)} ${value.slice(5)}-${checkSymbol(value)}`,
  );
  await page.emulateMedia({ media: 'screen' });
});
