import { expect, test } from '@playwright/test';
import { adminSession } from './adminHelpers';
import { openSignedIn } from './helpers';

// An admin saves template + printer + offsets + start as a named preset on the print
// page, and picking it later sets the template and the start again.
test('save a preset on the print page, pick it after a reload, delete it', async ({ page, request }) => {
  const admin = await adminSession(request);
  await openSignedIn(page, admin, '/admin/qr-codes/create');
  await page.getByLabel('Template', { exact: true }).selectOption('avery-5160');
  await page.getByLabel('Start column').fill('2');
  await page.getByLabel('Start row').fill('3');
  await page.getByLabel('Start row').blur();
  await page.getByLabel('Preset name').fill('Office 5160');
  await page.getByLabel('Printer').fill('HomingPDF');
  await page.getByLabel('Offset x (mm)').fill('0.5');
  await page.getByRole('button', { name: 'Save as preset' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved preset Office 5160.');

  await page.reload();
  await expect(page.getByLabel('Template', { exact: true })).toHaveValue('avery-4221');
  await page
    .getByLabel('Preset', { exact: true })
    .selectOption({ label: 'Office 5160 - avery-5160 on HomingPDF' });
  await expect(page.getByLabel('Template', { exact: true })).toHaveValue('avery-5160');
  await expect(page.getByLabel('Start column')).toHaveValue('2');
  await expect(page.getByLabel('Start row')).toHaveValue('3');

  await page.getByRole('button', { name: 'Delete preset' }).click();
  await expect(page.getByRole('status')).toHaveText('Deleted preset Office 5160.');
  await expect(page.getByLabel('Preset', { exact: true }).locator('option')).toHaveText(['No preset']);
});
