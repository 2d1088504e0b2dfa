import { expect, test } from '@playwright/test';
import type { QrCodeSetDetail } from '@homing/shared';
import { adminSession } from './adminHelpers';
import { openSignedIn } from './helpers';

// A set made from a roll template holds the number of labels the admin asks for.
test('an admin makes a set of 12 labels on a Brother DK-11218 roll', async ({ page, request }) => {
  const admin = await adminSession(request);
  await openSignedIn(page, admin, '/admin/qr-sets');
  await page.getByRole('button', { name: 'Create Set' }).click();
  const create = page.getByRole('dialog', { name: 'Create QR Code Set' });
  await expect(create.getByLabel('Number of labels')).toHaveCount(0); // a sheet: one sheet of labels

  await create.getByLabel('Template').selectOption('brother-dk-11218');
  const count = create.getByLabel('Number of labels');
  await expect(count).toHaveValue('80');
  await count.fill('0');
  await expect(create.getByText('Enter a whole number from 1 to 500')).toBeVisible();
  await expect(create.getByRole('button', { name: 'Create Set' })).toBeDisabled();
  await count.fill('12');
  await expect(create.locator('.create-set__preview')).toContainText('QR codes per set12');

  const created = page.waitForResponse('**/api/admin/qr-sets/create-with-codes');
  await create.getByRole('button', { name: 'Create Set' }).click();
  const set = ((await (await created).json()) as { data: QrCodeSetDetail }).data;
  expect(set).toMatchObject({ templateId: 'brother-dk-11218', codeCount: 12 });
  await expect(create).toBeHidden();
  await expect(page.locator(`.set-row[data-set-id="${set.id}"]`)).toContainText('12 codes');
});
