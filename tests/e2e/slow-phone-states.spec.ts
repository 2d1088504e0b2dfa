import { expect, test } from '@playwright/test';
import { LABEL_URL_TARGET_BYTES } from '../../apps/web/finderBudget';
import { MESSAGES } from '../../apps/web/src/found/messages';
import { LABEL_STATES, labelledItem } from './finderFixtures';
import { median, slowDown, slowPhoneLoad } from './slowPhone';
import { apiAs, claim, createItem, newOwner, phoneSignedIn, printedSet } from './ownerHelpers';

// Each state's next step on a finder's slow phone (slow 4G, 4× slower CPU): in the first response,
// under 40 KiB, and within 1.1× of a found label's time, as bench:label-url measures them.

const STATES = {
  'switched off': { heading: MESSAGES.en.inactiveTitle, next: [MESSAGES.en.handIn] },
  'not printed yet': { heading: MESSAGES.en.notActiveTitle, next: [MESSAGES.en.notActiveBody] },
  unclaimed: { heading: MESSAGES.en.welcomeTitle, next: [MESSAGES.en.unclaimedBody] },
} as const;
const RUNS = 4;

test('switched off, not printed yet, unclaimed: what to do next, as fast and light as a found label', async ({
  browser,
  request,
}) => {
  test.slow();
  const label = await labelledItem(request);
  const codes = Object.fromEntries(
    await Promise.all(
      Object.keys(STATES).map(async (name) => [name, await LABEL_STATES[name]!(request)] as const),
    ),
  );
  const found: number[] = [];
  const times: Record<string, number[]> = {};
  // One unmeasured load of each warms the server (its first look-up of a state), as the bench does.
  for (const url of [`/qr/${label.code}`, ...Object.values(codes).map((c) => `/qr/${c}`)])
    await (await slowPhoneLoad(browser, url, { box: 'h1' })).context.close();
  for (let run = 0; run < RUNS; run++) {
    for (const [name, s] of Object.entries(STATES)) {
      // A found label before each: both loads of a pair meet the same machine.
      const item = await slowPhoneLoad(browser, `/qr/${label.code}`, { box: 'textarea' });
      found.push(item.shownMs);
      await item.context.close();
      const load = await slowPhoneLoad(browser, `/qr/${codes[name]}`, { box: 'main a, main button' });
      const { page } = load;
      await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible();
      for (const text of s.next) await expect(page.getByText(text)).toBeVisible();
      expect(load.html).toContain('<script type="module">');
      expect(load.bytes, `${name}: bytes`).toBeLessThan(LABEL_URL_TARGET_BYTES);
      (times[name] ??= []).push(load.shownMs);
      await load.context.close();
    }
  }
  const foundMs = median(found);
  console.log(`slow phone, median of ${RUNS}: found label ${foundMs} ms; ${JSON.stringify(times)}`);
  for (const name of Object.keys(STATES))
    expect(median(times[name]!) / foundMs, `${name} against a found label`).toBeLessThanOrEqual(1.1);
});

test('on a slow phone, an owner with a pending assignment scans the label: assigned at once, then its edit dialog', async ({
  browser,
  request,
}) => {
  test.slow();
  const { codes } = await printedSet(request);
  const owner = await newOwner(request);
  await claim(request, owner, codes[0]!);
  const item = await createItem(request, owner, 'Travel bag', 'luggage');
  await apiAs(request, owner.sessionToken, 'POST', `/api/items/${item.id}/qr-assignment/pending`);
  const phone = await phoneSignedIn(browser, owner, '/404-blank-for-storage');
  await slowDown(phone.page);
  await phone.page.goto(`/qr/${codes[0]}`);
  await expect(phone.page.getByRole('heading', { name: 'QR Code Assigned' })).toBeVisible();
  await expect(phone.page.getByText('QR code assigned to your item!')).toBeVisible();
  const dialog = phone.page.getByRole('dialog', { name: 'Edit Item' });
  await expect(dialog).toContainText(`This item carries ${codes[0]}`);
  await expect(phone.page).toHaveURL('/items');
  await phone.context.close();
});

test('on a slow phone, an unclaimed label: the claim landing at once, and the claim dialog on the click', async ({
  browser,
  request,
}) => {
  test.slow();
  const code = await LABEL_STATES.unclaimed!(request);
  const load = await slowPhoneLoad(browser, `/qr/${code}`, { box: 'main button' });
  const { page } = load;
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the product!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How does it work?' })).toBeVisible();
  await expect(page.getByText(MESSAGES.en.unclaimedBody)).toBeVisible();
  await page.getByRole('button', { name: 'Click to claim this code!' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await load.context.close();
});
