import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES } from '../../apps/web/src/found/messages';
import { labelledItem, PHONE } from './finderFixtures';

// A number the finder typed is never dropped on the way (named in its field until
// fixed or cleared). The axe check of every label state, with this form's named number and its
// confirmation, is in label-states.spec.ts.

type Lang = keyof typeof MESSAGES;
const ITEM = 'Brass keys';

async function onPhone(browser: Browser, locale: string) {
  const context = await browser.newContext({ ...PHONE, locale });
  return { context, page: await context.newPage() };
}

/** The phone number the report carries when Send is pressed (what the finder will be texted at). */
function reportedPhone(page: Page) {
  return page
    .waitForRequest((r) => r.method() === 'POST' && /\/api\/found\/[^/]+\/report$/.test(r.url()))
    .then((r) => (r.postDataJSON() as { finderPhone: string }).finderPhone);
}

const COUNTRIES: {
  country: string;
  locale: string;
  lang: Lang;
  partial: string;
  invalid: string;
  valid: string;
  e164: string;
}[] = [
  // The US: the spec's 555-123-4567 field; 900 numbers are premium lines the server never texts.
  {
    country: 'US',
    locale: 'en-US',
    lang: 'en',
    partial: '555-12',
    invalid: '900-555-0123',
    valid: '415-555-0132',
    e164: '+14155550132',
  },
  // Great Britain: the issue's own numbers ("07700 900123" is in a range no phone has).
  {
    country: 'GB',
    locale: 'en-GB',
    lang: 'en',
    partial: '07911 12',
    invalid: '07700 900123',
    valid: '07911 123456',
    e164: '+447911123456',
  },
  {
    country: 'FR',
    locale: 'fr-FR',
    lang: 'fr',
    partial: '06 12 34',
    invalid: '01 23 45 67 89 01',
    valid: '06 12 34 56 78',
    e164: '+33612345678',
  },
  {
    country: 'ES',
    locale: 'es-ES',
    lang: 'es',
    partial: '612 34 56',
    invalid: '012 345 678',
    valid: '612 345 678',
    e164: '+34612345678',
  },
];

for (const c of COUNTRIES)
  test(`phone field in ${c.country}: partial and invalid numbers are named and block sending, a valid one is sent`, async ({
    browser,
    request,
  }) => {
    const t = MESSAGES[c.lang];
    const { code } = await labelledItem(request, { name: ITEM, type: 'keys' });
    const { context, page } = await onPhone(browser, c.locale);
    await page.goto(`/qr/${code}`);
    await page.getByLabel(t.messageLabel).fill('Found it on a bench by the river.');
    await page.getByRole('checkbox', { name: t.locationLabel }).uncheck();
    await expect(page.getByRole('combobox')).toHaveValue(c.country);
    const phone = page.getByRole('textbox', { name: t.phoneLabel });
    const send = page.getByRole('button', { name: t.submit });
    const sent = page.getByRole('link', { name: t.threadOpen });
    let reports = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/report')) reports++;
    });

    // Partly typed: named in the field, no "Are you sure?", nothing sent.
    await phone.fill(c.partial);
    await send.click();
    await expect(phone).toHaveAccessibleDescription(new RegExp(escape(t.phoneIncomplete)));
    await expect(page.getByText(t.phoneIncomplete)).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Not a number: named too, and still blocking.
    await phone.fill(c.invalid);
    await expect(page.getByText(t.phoneInvalid)).toBeVisible();
    await send.click();
    await expect(page.getByText(t.phoneInvalid)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(reports).toBe(0);

    // Cleared: the message goes away, and only now the confirmation asks, saying what is true.
    await phone.fill('');
    await expect(page.getByText(t.phoneInvalid)).toBeHidden();
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    await send.click();
    const dialog = page.getByRole('dialog', { name: t.confirmTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t.confirmBody);
    await expect(dialog).toContainText(t.confirmLinkStays);
    await dialog.getByRole('button', { name: t.addNumber }).click();
    await expect(phone).toBeFocused();
    expect(reports).toBe(0);

    // Valid: sent as it will be texted, without asking.
    await phone.fill(c.valid);
    const carried = reportedPhone(page);
    await send.click();
    expect(await carried).toBe(c.e164);
    await expect(sent).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
