import { expect, test } from '@playwright/test';
import { MESSAGES } from '../../apps/web/src/found/messages';
import { LABEL_URL_TARGET_BYTES } from '../../apps/web/finderBudget';
import { seriousFindings } from './axe';
import { labelledItem, PHONE } from './finderFixtures';
import { header, openSignedIn, registerViaApi } from './helpers';
import { median, slowPhoneLoad } from './slowPhone';

// The address printed on every label, typed by a finder whose camera failed: `/` is the finder's
// light page, asking "Found something with a Homing label?" over the form to type the code, in the
// finder's language, in the first response, as fast as a label's own page on a slow phone. The
// owner landing is one tap away (`/?app`); the owner app's header and footer lead back to the form.

test.use(PHONE);

const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'es', locale: 'es-ES' },
  { lang: 'fr', locale: 'fr-FR' },
] as const;
const RUNS = 4;

test('on a slow phone, in en, es and fr: the code form in the first HTML, under 40 KiB, as fast as a found label', async ({
  browser,
  request,
}) => {
  test.slow();
  const label = await labelledItem(request);
  const found: number[] = [];
  const door: Record<string, number[]> = { en: [], es: [], fr: [] };
  const findings: string[] = [];
  // One unmeasured load of each warms the server, as the bench does; then interleaved, so
  // whatever else the machine does weighs on both alike.
  for (const url of [`/qr/${label.code}`, '/'])
    await (await slowPhoneLoad(browser, url, { box: 'h1' })).context.close();
  for (let run = 0; run < RUNS; run++) {
    for (const { lang, locale } of LANGS) {
      // A found label before each: both loads of a pair meet the same machine.
      const item = await slowPhoneLoad(browser, `/qr/${label.code}`, { box: 'textarea' });
      found.push(item.shownMs);
      await item.context.close();
      const t = MESSAGES[lang];
      const load = await slowPhoneLoad(browser, '/', { locale });
      const { page, html } = load;
      expect(load.status).toBe(200);
      // The state and the finder bundle are in the first response: nothing else to wait for.
      expect(html).toContain('"state":"home"');
      expect(html).toContain('<script type="module">');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const title = t.codeTitle.replace('{brand}', 'Homing');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.codeLabel })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Homing`);
      await expect(
        page.getByRole('link', { name: t.ownerDoorLink.replace('{brand}', 'Homing') }),
      ).toHaveAttribute('href', '/?app');
      expect(load.bytes, `${lang}: bytes of /`).toBeLessThan(LABEL_URL_TARGET_BYTES);
      door[lang]!.push(load.shownMs);
      if (run === 0) findings.push(...(await seriousFindings(page)).map((f) => `${locale}: ${f}`));
      await load.context.close();
    }
  }
  expect(findings).toEqual([]);
  const foundMs = median(found);
  console.log(`slow phone, median of ${RUNS}: found label ${foundMs} ms; / ${JSON.stringify(door)}`);
  for (const { lang } of LANGS) {
    const ms = median(door[lang]!);
    expect(ms / foundMs, `${lang}: / in ${ms} ms, a found label in ${foundMs} ms`).toBeLessThanOrEqual(1.1);
  }
});

test("typing a label's code at / reaches that label's page", async ({ page, request }) => {
  const label = await labelledItem(request);
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Code on the label' }).fill(label.code.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/found/${label.code}$`));
  await expect(page.getByRole('heading', { name: 'You found Blue backpack!' })).toBeVisible();
});

test('the owner landing is one tap away, with its texts; its header and footer lead back to the code form', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'How Homing works' }).click();
  await expect(page).toHaveURL('/?app');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lost things find their way home' }),
  ).toBeVisible();
  for (const title of ['Smart QR Labels', 'Easy Scanning', 'Privacy First', 'Fast Recovery'])
    await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create QR Tag' })).toHaveAttribute('href', '/create');

  const footerLink = page
    .locator('footer')
    .getByRole('link', { name: 'Found something with a Homing label? Type its code' });
  await expect(footerLink).toHaveAttribute('href', '/found');
  await header(page).getByRole('link', { name: 'Found something?' }).click();
  await expect(page).toHaveURL('/found');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Found something with a Homing label?' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code on the label' })).toBeFocused();
  // And the light page's brand leads to the front door.
  await page.getByRole('link', { name: 'Homing' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
});

test('a signed-in owner who types the address goes on to the owner app', async ({ page, request }) => {
  const owner = await registerViaApi(request, { name: 'Ada Owner' });
  await openSignedIn(page, owner, '/');
  await expect(page).toHaveURL('/?app');
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Found something?' })).toHaveAttribute(
    'href',
    '/found',
  );
});
