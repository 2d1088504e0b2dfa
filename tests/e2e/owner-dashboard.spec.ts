import { expect, test } from '@playwright/test';
import { reportAndTalk } from './finderFixtures';
import { adminSession } from './helpers';
import { assignCode, claim, createItem, newOwner, openAs, printedSet } from './ownerHelpers';

// /dashboard, /events and /reports: PRODUCT.md, Screens; live updates over server-sent events.

test.describe('dashboard', () => {
  test('shows the right counts, and a found report arrives live without a reload', async ({
    page,
    request,
  }) => {
    const { codes } = await printedSet(request);
    const owner = await newOwner(request, 'Dana Owner');
    for (const code of codes.slice(0, 3)) await claim(request, owner, code);
    const keys = await createItem(request, owner, 'Car keys');
    await createItem(request, owner, 'Gym bag', 'bag');
    await assignCode(request, owner, keys.id, codes[0]!);

    await openAs(page, owner, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The first visit says "Welcome"; a later one "Welcome back".
    await expect(page.getByRole('heading', { name: 'Welcome, Dana Owner!' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back, Dana Owner!' })).toBeVisible();
    await expect(page.getByTestId('unallocated-count')).toHaveText('2');
    await expect(page.getByTestId('items-count')).toHaveText('2');
    await expect(page.getByText('Nobody has scanned your labels yet.')).toBeVisible();
    await expect(page.getByText('No finder has written to you yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Item' })).toHaveAttribute('href', '/create');
    await expect(page.getByRole('link', { name: 'View Items' })).toHaveAttribute('href', '/items');
    await expect(page.getByRole('link', { name: 'View All' })).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();

    // Marks this very document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // From the finder's own address (the server trusts the proxy header here): a gift is earned.
    const report = await request.post(`/api/found/${codes[0]}/report`, {
      headers: { 'X-Forwarded-For': '203.0.113.21' },
      data: { foundNotes: 'Found your keys by the fountain in the park' },
    });
    expect(report.status(), await report.text()).toBe(201);
    const reports = page.getByRole('region', { name: /Items Reported Found/ });
    await expect(reports.getByRole('listitem')).toHaveCount(1);
    await expect(reports).toContainText('Car keys reported found');
    await expect(reports).toContainText('Found your keys by the fountain in the park');
    await expect(reports).toContainText('New');

    // A stranger's scan of the label is a found event, live too.
    const scan = await request.post('/api/analytics/scan', { data: { qrCode: codes[0] } });
    expect(scan.status(), await scan.text()).toBe(201);
    const events = page.getByRole('region', { name: /Recent Found Events/ });
    await expect(events).toContainText('Car keys was scanned');

    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    // After a reload the server's lists agree.
    await page.reload();
    await expect(reports.getByRole('listitem')).toHaveCount(1);
    await expect(reports).not.toContainText('New');
  });

  test('a gift earned by recovering a reported item is listed, explained as the admin set it, and shows void once voided', async ({
    page,
    browser,
    request,
  }) => {
    const { codes } = await printedSet(request);
    const owner = await newOwner(request, 'Gift Owner');
    await claim(request, owner, codes[0]!);
    const keys = await createItem(request, owner, 'Car keys');
    await assignCode(request, owner, keys.id, codes[0]!);
    // A finder elsewhere, and a real conversation (the owner replies, the finder answers).
    await reportAndTalk(request, { code: codes[0]!, owner: { token: owner.sessionToken } }, '203.0.113.22');
    await openAs(page, owner, '/dashboard');
    await expect(page.getByRole('region', { name: /Items Reported Found/ })).toContainText(
      'Car keys reported found',
    );

    // An admin says what the gift is, how and where to redeem it, and how long it lasts.
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await openAs(adminPage, await adminSession(request), '/admin');
    await adminPage.getByRole('link', { name: 'Gift vouchers' }).click();
    await expect(adminPage.getByRole('heading', { name: 'Gift Vouchers' })).toBeVisible();
    const settings = adminPage.getByRole('region', { name: 'The gift, as owners read it' });
    const what = settings.getByLabel('What the gift is');
    await expect(what).not.toHaveValue('');
    const before = {
      what: await what.inputValue(),
      how: await settings.getByLabel('How to redeem it').inputValue(),
      link: await settings.getByLabel('Redemption link').inputValue(),
      days: await settings.getByLabel('Vouchers last (days)').inputValue(),
    };
    await settings.getByLabel('Redemption link').fill('not a link');
    await settings.getByRole('button', { name: 'Save gift settings' }).click();
    await expect(settings.getByRole('alert')).toHaveText(
      'The redemption link must be an https:// or http:// address',
    );
    await what.fill('A €10 voucher for the Homing shop.');
    await settings.getByLabel('How to redeem it').fill('Enter the code at checkout.');
    await settings.getByLabel('Redemption link').fill('https://shop.example/redeem');
    await settings.getByLabel('Vouchers last (days)').fill('30');
    await settings.getByRole('button', { name: 'Save gift settings' }).click();
    await expect(settings.getByRole('status')).toHaveText(
      'Gift settings saved. Vouchers issued from now on follow them.',
    );

    try {
      // Marking the item recovered earns a gift voucher, listed and explained under Your gifts.
      await expect(page.getByRole('heading', { name: 'Your gifts' })).toHaveCount(0);
      const recovered = await request.post(`/api/items/${keys.id}/recover`, {
        headers: { Authorization: `Bearer ${owner.sessionToken}` },
      });
      expect(recovered.status(), await recovered.text()).toBe(201);
      const { voucher } = ((await recovered.json()) as { data: { voucher: { code: string } } }).data;
      await page.reload();
      const gifts = page.getByRole('region', { name: 'Your gifts' });
      await expect(gifts).toContainText(voucher.code);
      await expect(gifts).toContainText('For Car keys');
      await expect(gifts).toContainText('A €10 voucher for the Homing shop.');
      await expect(gifts).toContainText('How to redeem: Enter the code at checkout.');
      await expect(gifts.getByRole('link', { name: 'Redeem a gift' })).toHaveAttribute(
        'href',
        'https://shop.example/redeem',
      );
      const expires = new Date(Date.now() + 30 * 86_400_000);
      const mmddyyyy = `${String(expires.getMonth() + 1).padStart(2, '0')}-${String(expires.getDate()).padStart(2, '0')}-${expires.getFullYear()}`;
      await expect(gifts).toContainText(`valid until ${mmddyyyy}`);

      // The admin list shows its expiry; voiding it, the owner then sees it as void.
      await adminPage.reload();
      const row = adminPage.getByRole('row').filter({ hasText: voucher.code });
      await expect(row).toContainText('Valid');
      await expect(row).toContainText(mmddyyyy);
      await row.getByRole('button', { name: `Void voucher ${voucher.code}` }).click();
      await expect(adminPage.getByRole('status')).toHaveText(`Voucher ${voucher.code} is void.`);
      await expect(row).toContainText('Void');
      await expect(row.getByRole('button')).toHaveCount(0);
      await page.reload();
      await expect(gifts).toContainText(/void since .*: this voucher cannot be used/);
    } finally {
      // The instance's settings as they were, for the other tests.
      await settings.getByLabel('What the gift is').fill(before.what);
      await settings.getByLabel('How to redeem it').fill(before.how);
      await settings.getByLabel('Redemption link').fill(before.link);
      await settings.getByLabel('Vouchers last (days)').fill(before.days);
      await settings.getByRole('button', { name: 'Save gift settings' }).click();
      await expect(settings.getByRole('status')).toHaveText(
        'Gift settings saved. Vouchers issued from now on follow them.',
      );
      await admin.close();
    }
  });

  test('lists at most 5 entries, with View All leading to the full, paged list', async ({
    page,
    request,
  }) => {
    const { codes } = await printedSet(request);
    const owner = await newOwner(request);
    await claim(request, owner, codes[0]!);
    const bag = await createItem(request, owner, 'Camera bag', 'bag');
    await assignCode(request, owner, bag.id, codes[0]!);
    for (let n = 0; n < 7; n++) {
      const scan = await request.post('/api/analytics/scan', { data: { qrCode: codes[0] } });
      expect(scan.status()).toBe(201);
    }

    await openAs(page, owner, '/dashboard');
    const events = page.getByRole('region', { name: /Recent Found Events/ });
    await expect(events.getByRole('listitem')).toHaveCount(5);
    await events.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL('/events');
    await expect(page.getByRole('heading', { name: 'Found Events' })).toBeVisible();
    await expect(page.locator('.activity')).toHaveCount(7);

    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Found Reports' })).toBeVisible();
    await expect(page.getByText('No finder has written to you yet.')).toBeVisible();
  });

  test('the full lists update live too: a report with its contact, a scan', async ({ page, request }) => {
    const { codes } = await printedSet(request);
    const owner = await newOwner(request);
    await claim(request, owner, codes[0]!);
    const bag = await createItem(request, owner, 'Camera bag', 'bag');
    await assignCode(request, owner, bag.id, codes[0]!);

    await openAs(page, owner, '/reports');
    await expect(page.getByText('No finder has written to you yet.')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
    const report = await request.post(`/api/found/${codes[0]}/report`, {
      data: { foundNotes: 'Your camera bag is at the cafe counter', finderPhone: '+15551234567' },
    });
    expect(report.status(), await report.text()).toBe(201);
    const entry = page.locator('.activity');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Camera bag reported found');
    await expect(entry).toContainText('Your camera bag is at the cafe counter');
    await expect(entry).toContainText('New');
    // The finder's number only tells the finder of replies: the owner answers in the conversation.
    await expect(entry).not.toContainText('5551234567');
    await expect(entry.getByRole('link', { name: /^Reply: Camera bag, / })).toHaveAttribute(
      'href',
      /^\/reports\/[0-9a-f-]{36}$/,
    );
    await expect(page.locator('.dash-card__count')).toHaveText('1');

    await page.getByRole('link', { name: '← Dashboard' }).click();
    await page.goto('/events');
    await expect(page.getByText('Nobody has scanned your labels yet.')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
    const scan = await request.post('/api/analytics/scan', { data: { qrCode: codes[0] } });
    expect(scan.status(), await scan.text()).toBe(201);
    await expect(page.locator('.activity')).toHaveCount(1);
    await expect(page.locator('.activity')).toContainText('Camera bag was scanned');
    await expect(page.locator('.dash-card__count')).toHaveText('1');
  });

  test('says so when the dashboard cannot be loaded', async ({ page, request }) => {
    const owner = await newOwner(request);
    await page.route('**/api/users/me/data', (route) =>
      route.fulfill({ status: 500, json: { success: false, data: null, error: 'boom' } }),
    );
    await openAs(page, owner, '/dashboard');
    await expect(page.getByRole('alert').locator('p')).toHaveText('Failed to load dashboard data');
    await page.route('**/api/users/me/data', (route) => route.abort());
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert').locator('p')).toHaveText('Failed to load dashboard');
  });
});
