import { expect, test } from '@playwright/test';
import { bearer, labelledItem, ok } from './finderFixtures';
import { openSignedIn } from './helpers';

// A scan of an item in lost mode reaches the owner's open app at once: a toast with a
// map link when the finder shared where, a count in the title, and the place in the scan list.

test('a lost item’s scan shows a toast with the map, counts in the title and lists where', async ({
  page,
  request,
}) => {
  const label = await labelledItem(request, { name: 'Grey backpack', type: 'bag' });
  const headers = bearer(label.owner.token);
  const me = await ok<{ user: Parameters<typeof openSignedIn>[1]['user'] }>(
    await request.get('/api/auth/me', { headers }),
  );
  expect(
    (
      await request.put(`/api/items/${label.itemId}/lost`, {
        headers,
        data: { message: 'Please message me', reward: '', stolen: false },
      })
    ).status(),
  ).toBe(200);
  // The dashboard's stream is live, and so is the app's (both open as the app starts); then the
  // owner moves on to their items, where news counts in the title.
  await openSignedIn(page, { user: me.user, sessionToken: label.owner.token }, '/dashboard');
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  await page.locator('header.site-header').getByRole('link', { name: 'My Items', exact: true }).click();
  await expect(page).toHaveURL(/\/items$/);
  const title = await page.title();

  // A finder scans and shares where they are (again from a new phone should the app's own stream
  // not have been open yet: each scan is its own alert).
  const toast = page.locator('.owner-toast');
  let n = 0;
  await expect(async () => {
    const scan = await request.post('/api/analytics/scan', {
      data: { qrCode: label.code, deviceId: `finder-e2e-${++n}`, latitude: '48.85837', longitude: '2.2945' },
    });
    expect(scan.status()).toBe(201);
    await expect(toast.getByText('Your lost Grey backpack was just scanned')).toBeVisible({
      timeout: 10_000,
    });
  }).toPass();
  await expect(toast.getByRole('link', { name: 'See where on a map' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=17/48.8584/2.2945',
  );
  await expect(page).toHaveTitle(`(${n}) ${title}`);

  // The dashboard's scan list: where it was scanned.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Where it was scanned' }).first()).toHaveAttribute(
    'href',
    /mlat=48\.8584&mlon=2\.2945/,
  );
});
