import { expect, test, type Page } from '@playwright/test';
import { form, labelledItem, PHONE } from './finderFixtures';
import { openSignedIn, registerViaApi } from './helpers';

// The URL printed on every label, /qr/{code}: answered by the server. A visitor of a found item
// gets the finder page with the item in the first response (no owner app, no look-up call); a
// signed-in browser goes on to the owner app's scan flow.

test.use(PHONE);

/** Every request the page makes, by path (with its query). */
function requests(page: Page) {
  const seen: { path: string; type: string; auth: string | undefined }[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    seen.push({ path: url.pathname + url.search, type: r.resourceType(), auth: r.headers().authorization });
  });
  return seen;
}

test('a visitor gets the item and the message form in the first response, and the scan is recorded', async ({
  page,
  request,
}) => {
  const label = await labelledItem(request, { name: 'Green umbrella', type: 'other' });
  const seen = requests(page);
  const scan = page.waitForRequest(
    (r) => r.url().endsWith('/api/analytics/scan') && r.method() === 'POST' && !!r.postData(),
  );

  const response = await page.goto(`/qr/${label.code}`);
  const html = await response!.text();
  // The item's public view and the finder bundle are in the HTML itself; the owner app is not.
  const data = JSON.parse(
    /<script type="application\/json" id="finder-data">(.*?)<\/script>/s.exec(html)![1]!,
  );
  expect(data).toMatchObject({ qrCode: label.code, item: { name: 'Green umbrella' } });
  expect(data.item).not.toHaveProperty('ownerId');
  expect(html).toContain('<script type="module">');
  expect(html).toContain('Tell the owner...'); // the form's own text, in the inlined bundle
  const mainHtml = await (await request.get('/dashboard')).text();
  const mainScript = /src="(\/assets\/[^"]+\.js)"/.exec(mainHtml)![1]!;
  expect(html).not.toContain(mainScript);

  await expect(page.getByRole('heading', { name: 'You found Green umbrella!' })).toBeVisible();
  await expect(form(page).message).toBeVisible();
  await expect(form(page).submit).toBeVisible();
  expect(JSON.parse((await scan).postData()!)).toMatchObject({ qrCode: label.code });
  // The address bar shows the finder page's address, as when the owner app redirected there.
  await expect(page).toHaveURL(new RegExp(`/found/${label.code}$`));
  const paths = seen.map((r) => r.path);
  expect(paths.filter((p) => p.startsWith('/api/found/') || p.startsWith('/api/qr-code-event'))).toEqual([]);
  expect(seen.filter((r) => r.type === 'script')).toEqual([]);

  // And the form works from this page: the owner gets the message.
  const f = form(page);
  await f.message.fill('It was on the 42 bus.');
  await f.phone.fill('5551234567');
  await f.location.uncheck();
  await f.submit.click();
  await expect(page.getByRole('heading', { name: 'Your message has been sent.' })).toBeVisible();
});

test('a signed-in browser at /qr/{code} of a found item goes through the owner app, as before', async ({
  page,
  request,
}) => {
  const label = await labelledItem(request, { name: 'Red scooter', type: 'other' });
  const someone = await registerViaApi(request);
  const seen = requests(page);
  await openSignedIn(page, someone, `/qr/${label.code}`);
  // The owner app's scan flow asked the server, with the session, then handed over to /found.
  await expect(page).toHaveURL(new RegExp(`/found/${label.code}$`));
  await expect(page.getByRole('heading', { name: 'You found Red scooter!' })).toBeVisible();
  expect(seen.map((r) => r.path)).toContain(`/qr/${label.code}?app`);
  const scan = seen.find((r) => r.path === `/api/qr-code-event/${label.code}`);
  expect(scan?.auth).toBe(`Bearer ${someone.sessionToken}`);
});

test("the owner at their own label's /qr/{code} gets the owner flow and the owner's finder page", async ({
  page,
  request,
}) => {
  const label = await labelledItem(request, { name: 'Grey laptop bag', type: 'bag' });
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${label.owner.token}` } });
  const { user } = (await me.json()) as { user: Parameters<typeof openSignedIn>[1]['user'] };
  const seen = requests(page);
  await openSignedIn(page, { user, sessionToken: label.owner.token }, `/qr/${label.code}`);
  await expect(page).toHaveURL(new RegExp(`/found/${label.code}$`));
  // Their own item, never a form addressed to themselves (PRODUCT.md, Label states).
  await expect(page.getByRole('heading', { name: 'Your item: Grey laptop bag' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Message Owner' })).toHaveCount(0);
  expect(seen.some((r) => r.path === `/api/qr-code-event/${label.code}`)).toBe(true);
  // Nothing was recorded by the label's page while it handed over: the finder page records once.
  expect(seen.filter((r) => r.path === '/api/analytics/scan')).toHaveLength(1);
});

// Every other state a visitor meets (unclaimed, unknown, …): label-states.spec.ts.

test('an item name written to break out of the page is shown as text, never run', async ({
  page,
  request,
}) => {
  const name = `</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2"><!--\u2028`;
  const label = await labelledItem(request, { name, type: 'other' });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const response = await page.goto(`/qr/${label.code}`);
  const html = await response!.text();
  expect(html).not.toContain('<script>window.pwned');
  expect(html).not.toContain('<img src=x');
  expect(html).not.toContain('\u2028');
  const stored = name.trim();
  await expect(page.locator('#finder-title')).toHaveText(`You found ${stored}!`);
  await expect(form(page).message).toBeVisible();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  expect(violations).toEqual([]);
});
