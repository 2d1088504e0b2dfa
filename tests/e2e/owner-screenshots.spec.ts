import { expect, test, type Page } from '@playwright/test';
import { assignCode, claim, createItem, newOwner, openAs, printedSet, solidPng } from './ownerHelpers';

// Pictures of the owner screens at desktop and phone width, kept with the run's results for review.

async function ownerWithData(request: Parameters<typeof newOwner>[0]) {
  const { codes } = await printedSet(request);
  const owner = await newOwner(request, 'Sam Rivera');
  for (const code of codes.slice(0, 4)) await claim(request, owner, code);
  const keys = await createItem(request, owner, 'House keys', 'keys');
  await createItem(request, owner, 'Rex the dog', 'pets');
  await createItem(request, owner, 'Work laptop with a rather long name that wraps', 'laptop');
  await assignCode(request, owner, keys.id, codes[0]!);
  const photo = await request.post(`/api/items/${keys.id}/photo`, {
    headers: { Authorization: `Bearer ${owner.sessionToken}` },
    multipart: {
      photo: { name: 'keys.png', mimeType: 'image/png', buffer: solidPng(320, 240, [200, 129, 30]) },
    },
  });
  expect(photo.ok()).toBe(true);
  await request.post(`/api/found/${codes[0]}/report`, {
    data: {
      foundNotes: 'Found these keys on the bench outside the library. Call me!',
      finderPhone: '+15551234567',
    },
  });
  await request.post('/api/analytics/scan', { data: { qrCode: codes[0] } });
  return { owner, codes };
}

/** A full-page picture once every photo (lazy ones included) has loaded. */
async function shot(page: Page, file: string) {
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) => {
        img.loading = 'eager';
        return img.complete
          ? null
          : new Promise((done) => img.addEventListener('load', done, { once: true }));
      }),
    ),
  );
  await page.screenshot({ path: file, fullPage: true });
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 375, height: 740 }],
] as const) {
  test.describe(`owner screenshots (${name})`, () => {
    test.use({ viewport });

    test('owner screens', async ({ page, request }, testInfo) => {
      // One journey through eight screens, each with a full-page picture: three times the budget.
      test.slow();
      const out = (slug: string) => testInfo.outputPath(`${slug}-${name}.png`);
      const { owner, codes } = await ownerWithData(request);
      await openAs(page, owner, '/dashboard');
      await expect(page.getByText('Found these keys')).toBeVisible();
      await shot(page, out('dashboard'));

      await page.goto('/items');
      await expect(page.locator('article.item-card')).toHaveCount(3);
      await shot(page, out('items'));
      await page.locator('article.item-card').first().getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, out('edit-dialog'));
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Assign QR Code' }).first().click();
      await expect(page.getByRole('list', { name: 'Available QR codes' })).toBeVisible();
      await shot(page, out('assign-dialog'));
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/create');
      await page.getByLabel('Item Name').fill('Blue backpack');
      await page.getByTestId('photo-input').setInputFiles({
        name: 'bag.png',
        mimeType: 'image/png',
        buffer: solidPng(300, 200, [43, 125, 233]),
      });
      await shot(page, out('create'));

      await page.goto('/reports');
      await expect(page.getByText('Found these keys')).toBeVisible();
      await shot(page, out('reports'));

      await page.goto(`/qr/${codes[1]}`);
      await expect(page.getByRole('heading', { name: 'Your QR Code' })).toBeVisible();
      await shot(page, out('scan-own'));
      await scanScreens(page, request, out);
    });
  });
}

async function scanScreens(
  page: Page,
  request: Parameters<typeof newOwner>[0],
  out: (slug: string) => string,
) {
  const { codes } = await printedSet(request);
  await page.goto(`/qr/${codes[0]}`);
  await expect(page.getByRole('heading', { name: 'Ready to Claim' })).toBeVisible();
  await shot(page, out('scan-ready'));
  await page.getByRole('button', { name: 'Claim Now' }).click();
  await shot(page, out('claim-set-dialog'));

  await page.evaluate(() => localStorage.clear());
  // A visitor: the claim landing at once, with the finder's note.
  await page.goto(`/qr/${codes[0]}`);
  await expect(page.getByRole('heading', { name: 'Welcome to the product!' })).toBeVisible();
  await shot(page, out('scan-welcome'));
  await page.getByRole('button', { name: 'Click to claim this code!' }).click();
  await shot(page, out('claim-signup-dialog'));
}
