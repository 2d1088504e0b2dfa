import { expect, test } from '@playwright/test';
import { seriousFindings } from './axe';
import { bearer, labelledItem, ok } from './finderFixtures';
import { adminSession, openSignedIn } from './helpers';

// Every owner and admin screen passes axe-core with no serious or critical finding, on a
// phone and on a desktop, and the owner's conversation works from the keyboard alone.

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** An owner with a lost item, a finder's report about it (New, Lost and Unread badges on screen). */
async function busyOwner(request: Parameters<typeof labelledItem>[0]) {
  const label = await labelledItem(request, { name: 'Green umbrella', type: 'bag' });
  const headers = bearer(label.owner.token);
  await ok(
    await request.put(`/api/items/${label.itemId}/lost`, {
      headers,
      data: { message: 'Please message me', reward: '', stolen: false },
    }),
  );
  const report = await ok<{ data: { reportId: string } }>(
    await request.post(`/api/found/${label.code}/report`, { data: { foundNotes: 'It was on the tram.' } }),
  );
  const me = await ok<{ user: Parameters<typeof openSignedIn>[1]['user'] }>(
    await request.get('/api/auth/me', { headers }),
  );
  return {
    label,
    reportId: report.data.reportId,
    session: { user: me.user, sessionToken: label.owner.token },
  };
}

test('the axe check names what it finds', async ({ page }) => {
  // A page with a field that has no name and an image without text, as a broken screen would be.
  await page.setContent('<html lang="en"><title>t</title><main><input><img src="x.png"></main></html>');
  const found = await seriousFindings(page);
  expect(found.map((f) => f.split(':')[0]).sort()).toEqual(['image-alt', 'label']);
});

for (const { name, viewport } of VIEWPORTS)
  test(`owner and admin screens on a ${name}: no serious axe finding`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const owner = await busyOwner(request);
    const screens: [string, string][] = [
      ['/dashboard', 'Dashboard'],
      ['/items', 'My Items'],
      ['/reports', 'Found Reports'],
      [`/reports/${owner.reportId}`, 'Green umbrella'],
      ['/events', ''],
      ['/settings', 'Settings'],
      ['/settings/contacts', ''],
    ];
    const found: string[] = [];
    await openSignedIn(page, owner.session, '/dashboard');
    for (const [path, heading] of screens) {
      await page.goto(path);
      const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
      await expect(h1.first()).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      found.push(...(await seriousFindings(page)).map((f) => `${path} ${f}`));
    }
    const admin = await adminSession(request);
    await openSignedIn(page, admin, '/admin');
    for (const path of ['/admin', '/admin/qr-codes', '/admin/qr-sets', '/admin/gift-vouchers']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      found.push(...(await seriousFindings(page)).map((f) => `${path} ${f}`));
    }
    expect(found).toEqual([]);
  });

test('the conversation from the keyboard: focus on the heading, Send first, Ctrl+Enter sends, focus back', async ({
  page,
  request,
}) => {
  const owner = await busyOwner(request);
  await openSignedIn(page, owner.session, '/dashboard');
  const reply = page.getByRole('link', { name: /^Reply: Green umbrella, / });
  await expect(reply).toBeVisible();
  await reply.focus();
  await page.keyboard.press('Enter');
  // The route changed: focus is on the new view's heading, not lost to the page.
  const heading = page.getByRole('heading', { level: 1, name: 'Green umbrella' });
  await expect(heading).toBeFocused();

  const composer = page.getByLabel('Reply to the finder');
  await composer.focus();
  await page.keyboard.type('Thank you! I will pick it up tonight.');
  // The first stop after the composer (and its hints) is Send.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send reply' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(composer).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(
    page.locator('.thread-msg--mine').getByText('Thank you! I will pick it up tonight.'),
  ).toBeVisible();
  // Sent: the composer is empty and has the focus again for the next message.
  await expect(composer).toHaveValue('');
  await expect(composer).toBeFocused();
});
