import { expect, test } from '@playwright/test';
import { form, labelledItem, PHONE, reportAndTalk, shot } from './finderFixtures';

// The finder page's edges: unknown codes, failures, its own bundle, any-case URLs, and the owner
// on their own label marking the item recovered (the gift). One real report (the owner's test).

test.use(PHONE);

test('an unknown code says "Item not found or inactive"; no answer at all is a load failure', async ({
  page,
}) => {
  await page.goto('/found/NOSUCHCODE');
  await expect(page.getByRole('heading', { name: 'Item not found or inactive' })).toBeVisible();
  await page.route('**/api/found/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Failed to load item information' })).toBeVisible();
});

test("a refused report shows the page's error, and the server's words for too many", async ({
  page,
  request,
}) => {
  const label = await labelledItem(request);
  let status = 500;
  const error =
    'This owner has just received several messages about this item. Please try again in a few minutes.';
  await page.route('**/api/found/*/report', (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, data: null, error }),
    }),
  );
  await page.goto(`/found/${label.code}`);
  const f = form(page);
  await f.message.fill('Found it.');
  await f.phone.fill('5551234567');
  await f.location.uncheck();
  await f.submit.click();
  await expect(page.getByRole('alert')).toHaveText('Failed to submit found report. Please try again.');
  await expect(f.submit).toBeEnabled();
  status = 429;
  await f.submit.click();
  await expect(page.getByRole('alert')).toHaveText(error);
});

test("loads its own bundle, none of the main app's scripts", async ({ page, request }) => {
  const label = await labelledItem(request);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/found/${label.code}`);
  await expect(page.getByRole('heading', { name: 'You found Blue backpack!' })).toBeVisible();
  const mainHtml = await (await request.get('/dashboard')).text();
  const mainScripts = [...mainHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(mainScripts.length).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => mainScripts.includes(s))).toEqual([]);
  expect(scripts.every((s) => /^\/assets\/found-[\w-]+\.js$/.test(s))).toBe(true);
});

test('any case of /FOUND/ reaches the finder page (the SPA hands over)', async ({ page, request }) => {
  const label = await labelledItem(request);
  await page.goto(`/FOUND/${label.code}`);
  await expect(page.getByRole('heading', { name: 'You found Blue backpack!' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/found/${label.code}$`, 'i'));
});

test('the owner, back on their label after a report, marks it recovered and gets the gift explained', async ({
  page,
  request,
}) => {
  const label = await labelledItem(request);
  // A finder elsewhere (a report from the owner's own address would earn no gift), but no
  // conversation yet: recovered, no gift, and the page says why.
  await reportAndTalk(request, label, '203.0.113.22', false);
  await page.addInitScript((token) => localStorage.setItem('sessionToken', token), label.owner.token);
  await page.goto(`/found/${label.code}`);
  const panel = page.getByRole('region', { name: 'This is your item' });
  await panel.getByRole('button', { name: 'Mark as recovered' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Welcome home! The item is marked recovered. This recovery does not come with a gift.',
  );
  await expect(panel).toContainText(
    'A gift needs a real conversation with the finder: a reply from you, then a reply from the finder.',
  );

  // Found again; the owner replies and the finder answers: the gift, what it is, how, until when.
  await reportAndTalk(request, label, '203.0.113.23');
  await page.reload();
  await panel.getByRole('button', { name: 'Mark as recovered' }).click();
  await expect(panel.getByRole('status')).toHaveText(/^Welcome home! Here is your free gift: GIFT-\w+$/);
  // The admins' words (owner-dashboard.spec sets its own while it runs): what it is and how.
  await expect(panel.locator('.finder-owner__gift p').first()).not.toBeEmpty();
  await expect(panel).toContainText('How to redeem:');
  const inAYear = new Date(Date.now() + 365 * 86_400_000);
  const mmddyyyy = [inAYear.getMonth() + 1, inAYear.getDate()].map((n) => String(n).padStart(2, '0'));
  await expect(panel).toContainText(`Valid until ${mmddyyyy.join('-')}-${inAYear.getFullYear()}.`);
  await shot(page, 'en-owner-voucher');

  // Back on the label with nothing open: their item and their messages, never a form to themselves
  // (PRODUCT.md, Label states), whether they open the finder page or scan the printed label.
  for (const path of [`/found/${label.code}`, `/qr/${label.code}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Your item: Blue backpack' })).toBeVisible();
    await expect(
      page.getByText('This is your item. A finder who scans its label sees its name and can write to you.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as recovered' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Message Owner' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText('You found Blue backpack!')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Your messages' }).click();
  await expect(page).toHaveURL('/reports');
});

test('the owner with a report open: their item, "Mark as recovered" and their messages, no form', async ({
  page,
  request,
}) => {
  const label = await labelledItem(request);
  await reportAndTalk(request, label, '203.0.113.24', false);
  await page.addInitScript((token) => localStorage.setItem('sessionToken', token), label.owner.token);
  await page.goto(`/qr/${label.code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your item: Blue backpack' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'This is your item' });
  await expect(panel.getByRole('button', { name: 'Mark as recovered' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Your messages' })).toHaveAttribute('href', '/reports');
  await expect(page.getByRole('button', { name: 'Message Owner' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});
