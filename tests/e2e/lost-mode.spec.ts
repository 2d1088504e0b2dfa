import { devices, expect, test, type APIRequestContext } from '@playwright/test';
import { bearer, freshCode, labelledItem, ok, type Label } from './finderFixtures';
import { openSignedIn, registerViaApi } from './helpers';
import { PEER_URL } from './peerPorts';

/** Text messages the SMS provider (tests/e2e/peers.ts) received for a number. */
const textsTo = async (request: APIRequestContext, to: string) =>
  ((await (await request.get(`${PEER_URL}/texts`)).json()) as { to: string }[]).filter((t) => t.to === to);

// Until the item is home (PRODUCT.md, Lost mode): lost mode seen by the owner and by a finder on a phone
// (390 × 844), and a finder messaging the owner of a label that is on no item.

const PHONE_390 = {
  ...devices['Pixel 5'],
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

test('the owner marks an item lost; a finder on a phone sees the banner and reward and writes from abroad', async ({
  page,
  browser,
  request,
}) => {
  // Two browser contexts and the phone rules' chunk on a loaded machine.
  test.slow();
  const label: Label = await labelledItem(request, { name: 'Grey backpack', type: 'bag' });
  const me = await ok<{ user: Parameters<typeof openSignedIn>[1]['user'] }>(
    await request.get('/api/auth/me', { headers: bearer(label.owner.token) }),
  );
  await openSignedIn(page, { user: me.user, sessionToken: label.owner.token }, '/items');
  const card = page.locator(`[data-item-id="${label.itemId}"]`);
  await card.getByRole('button', { name: 'Mark Lost' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark Grey backpack as lost' });
  await dialog.getByLabel('Message to finders').fill('My laptop is inside. Please message me!');
  await dialog.getByLabel('Reward').fill('$50 reward');
  await dialog.getByRole('button', { name: 'Mark as Lost' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Lost', { exact: true })).toBeVisible();
  await expect(card.getByText(/Reward: \$50 reward/)).toBeVisible();

  // A finder in Mexico (es-MX) scans the label.
  const finder = await browser.newContext({ ...PHONE_390, locale: 'es-MX' });
  const phone = await finder.newPage();
  await phone.goto(`/qr/${label.code}`);
  await expect(phone.getByRole('heading', { name: 'Este objeto está perdido' })).toBeVisible();
  await expect(phone.getByText('My laptop is inside. Please message me!')).toBeVisible();
  await expect(phone.getByText('Recompensa: $50 reward')).toBeVisible();
  // The banner comes before the item, within the first screen.
  const banner = await phone.locator('.finder-lost').boundingBox();
  expect(banner!.y).toBeLessThan(844);
  await phone.screenshot({ path: test.info().outputPath('lost-banner-390.png'), fullPage: true });

  // The phone field starts on Mexico (+52) and formats the number as Mexico writes it.
  await expect(phone.getByText('+52', { exact: true })).toBeVisible();
  await phone.getByPlaceholder('Cuéntale al dueño...').fill('Está en la cafetería de la estación.');
  const number = phone.getByLabel('Tu número de teléfono');
  await number.click();
  await number.pressSequentially('5512345678');
  await expect(number).toHaveValue('55 1234 5678');
  await phone.getByRole('checkbox').uncheck();
  await phone.getByRole('button', { name: 'Escribir al dueño' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Ya hemos avisado al dueño' })).toBeVisible();
  await finder.close();

  const data = await ok<{ data: { foundReports: Record<string, unknown>[] } }>(
    await request.get('/api/users/me/data', { headers: bearer(label.owner.token) }),
  );
  expect(data.data.foundReports[0]).toMatchObject({ message: 'Está en la cafetería de la estación.' });
  // The owner never sees the finder's number; the finder gets their conversation link at it, as E.164.
  expect(JSON.stringify(data)).not.toContain('5512345678');
  await expect.poll(() => textsTo(request, '+525512345678')).toHaveLength(1);
});

test('a finder messages the owner of a label that is on no item', async ({ browser, request }) => {
  const owner = await registerViaApi(request);
  const code = await freshCode(request);
  await ok(
    await request.post('/api/qr-codes/claim', {
      headers: bearer(owner.sessionToken),
      data: { qrCode: code, setId: null, claimAll: false },
    }),
  );
  const finder = await browser.newContext({ ...PHONE_390, locale: 'en-US' });
  const page = await finder.newPage();
  await page.goto(`/qr/${code}`);
  await expect(page.getByRole('heading', { name: 'Unassigned QR Code' })).toBeVisible();
  await expect(
    page.getByText('This QR code has been claimed but is not assigned to an item yet.'),
  ).toBeVisible();
  await page.getByLabel('Your message').fill('Found this tag on a park bench.');
  await page.getByLabel('Your phone number').pressSequentially('5551234567');
  await expect(page.getByLabel('Your phone number')).toHaveValue('555-123-4567');
  await page.getByRole('checkbox', { name: 'Share your location once (recommended)' }).uncheck();
  await page.getByRole('button', { name: 'Message Owner' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent.' })).toBeVisible();
  await finder.close();

  const reports = await ok<{
    data: { reports: { item: { id: string | null; name: string }; finderPhone?: string }[] };
  }>(await request.get('/api/users/me/found-reports', { headers: bearer(owner.sessionToken) }));
  expect(reports.data.reports[0]).toMatchObject({ item: { id: null, name: `Label ${code} (not attached)` } });
  expect(reports.data.reports[0]!.finderPhone).toBeUndefined();
});
