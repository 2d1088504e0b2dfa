import { expect, test } from '@playwright/test';
import { adminSession } from './adminHelpers';
import { openSignedIn } from './helpers';

// An admin saves template + printer + start + copies as a named preset on the print page, and
// picking it later sets the template and the start again. A preset has no offsets: calibration
// is the printer's own, on its station.
test('save a preset on the print page, pick it after a reload, delete it', async ({ page, request }) => {
  const admin = await adminSession(request);
  await openSignedIn(page, admin, '/admin/qr-codes/create');
  await page.getByLabel('Template', { exact: true }).selectOption('avery-5160');
  await page.getByLabel('Start column').fill('2');
  await page.getByLabel('Start row').fill('3');
  await page.getByLabel('Start row').blur();
  await page.getByLabel('Preset name').fill('Office 5160');
  await page.getByLabel('Printer').fill('HomingPDF');
  await expect(page.getByLabel('Offset x (mm)')).toHaveCount(0);
  await page.getByLabel('Copies').fill('2');
  await page.getByRole('button', { name: 'Save as preset' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved preset Office 5160.');

  await page.reload();
  await expect(page.getByLabel('Template', { exact: true })).toHaveValue('avery-4221');
  await page
    .getByLabel('Preset', { exact: true })
    .selectOption({ label: 'Office 5160 - avery-5160 on HomingPDF, 2 copies' });
  await expect(page.getByLabel('Template', { exact: true })).toHaveValue('avery-5160');
  await expect(page.getByLabel('Start column')).toHaveValue('2');
  await expect(page.getByLabel('Start row')).toHaveValue('3');
  await expect(page.getByLabel('Copies')).toHaveValue('2');
  // The browser has no calibration of its own to show: its print dialog picks the printer.
  await expect(page.getByTestId('preset-calibration')).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete preset' }).click();
  await expect(page.getByRole('status')).toHaveText('Deleted preset Office 5160.');
  await expect(page.getByLabel('Preset', { exact: true }).locator('option')).toHaveText(['No preset']);
});
