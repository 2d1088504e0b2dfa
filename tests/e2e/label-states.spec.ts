import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LOST_TEXT } from '../../apps/web/src/found/lostText';
import { MESSAGES } from '../../apps/web/src/found/messages';
import { seriousFindings } from './axe';
import { freshCode, LABEL_STATES, labelledItem, PHONE, STATE_ITEM } from './finderFixtures';
import { openSignedIn, registerViaApi } from './helpers';

// Whatever state a printed label is in, a visitor at /qr/{code} gets the light finder
// page with that state in the first response, in their language, and every message they send opens
// a conversation they can come back to. Each of those pages passes axe-core on a phone, in each
// language (and, in English, the form with a number named as wrong and its confirmation open).

type Lang = keyof typeof MESSAGES;
const LANGS: { lang: Lang; locale: string }[] = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'es', locale: 'es-ES' },
  { lang: 'fr', locale: 'fr-FR' },
];
const fill = (text: string, params: Record<string, string> = {}) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? _);

interface State {
  /** `state` in the page's embedded data. */
  state: string;
  make: (request: APIRequestContext) => Promise<string>;
  heading: (lang: Lang) => string;
  /** The message form is offered (else the page says why not). */
  form: boolean;
  /** Texts that say what to do instead of writing, above a Go Home button to the front door. */
  next?: (lang: Lang) => string[];
  status?: number;
}

const ITEM = STATE_ITEM;

const STATES: Record<string, State> = {
  'found item': {
    state: 'item',
    make: LABEL_STATES['found item'],
    heading: (lang) => fill(MESSAGES[lang].youFound, { name: ITEM }),
    form: true,
  },
  'lost item': {
    state: 'item',
    make: LABEL_STATES['lost item'],
    heading: (lang) => fill(MESSAGES[lang].youFound, { name: ITEM }),
    form: true,
  },
  'claimed label on no item': {
    state: 'unattached',
    make: LABEL_STATES['claimed label on no item'],
    heading: (lang) => LOST_TEXT[lang].unattachedTitle,
    form: true,
  },
  'label of a deleted item': {
    state: 'unattached',
    make: LABEL_STATES['label of a deleted item'],
    heading: (lang) => LOST_TEXT[lang].unattachedTitle,
    form: true,
  },
  'switched off': {
    state: 'inactive',
    make: LABEL_STATES['switched off'],
    heading: (lang) => MESSAGES[lang].inactiveTitle,
    form: false,
    next: (lang) => [MESSAGES[lang].inactiveBody, MESSAGES[lang].handIn],
  },
  'not printed yet': {
    state: 'unclaimed',
    make: LABEL_STATES['not printed yet'],
    heading: (lang) => MESSAGES[lang].notActiveTitle,
    form: false,
    next: (lang) => [MESSAGES[lang].notActiveBody],
  },
  unclaimed: {
    state: 'unclaimed',
    make: LABEL_STATES['unclaimed'],
    heading: (lang) => MESSAGES[lang].welcomeTitle,
    form: false,
  },
  'released by a deleted account': {
    state: 'unclaimed',
    make: LABEL_STATES['released by a deleted account'],
    heading: (lang) => MESSAGES[lang].welcomeTitle,
    form: false,
  },
  'unknown code': {
    state: 'unknown',
    make: LABEL_STATES['unknown code'],
    heading: (lang) => MESSAGES[lang].unknownTitle,
    form: false,
    status: 404,
  },
};

test.use(PHONE);

async function phone(browser: Browser, locale: string) {
  const context = await browser.newContext({ ...PHONE, locale });
  return { context, page: await context.newPage() };
}

/** Requests the page makes to look the label up: none, it came with the page. */
function lookUps(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/found/') || path.startsWith('/api/qr-code-event/')) seen.push(path);
  });
  return seen;
}

/**
 * axe's findings on the form in the states only it has: a number named as incomplete, then the
 * confirmation asked for when no number is given (closed again, the form as it was).
 */
async function formFindings(page: Page, t: (typeof MESSAGES)[Lang]) {
  const findings: string[] = [];
  const phoneField = page.getByRole('textbox', { name: t.phoneLabel });
  await page.getByLabel(t.messageLabel).fill('Found it.');
  await phoneField.fill('12');
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(t.phoneIncomplete)).toBeVisible();
  findings.push(...(await seriousFindings(page)).map((f) => `phone named: ${f}`));
  await phoneField.fill('');
  await page.getByRole('button', { name: t.submit }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  findings.push(...(await seriousFindings(page)).map((f) => `confirmation: ${f}`));
  await dialog.getByRole('button', { name: t.addNumber }).click();
  await expect(dialog).toHaveCount(0);
  return findings;
}

for (const [name, s] of Object.entries(STATES)) {
  test(`${name}: the light page in en, es and fr, with what a finder can do; no serious axe finding`, async ({
    browser,
    request,
  }) => {
    const findings: string[] = [];
    for (const { lang, locale } of LANGS) {
      const t = MESSAGES[lang];
      const code = await s.make(request);
      const { context, page } = await phone(browser, locale);
      const seen = lookUps(page);
      const response = await page.goto(`/qr/${code}`);
      expect(response!.status()).toBe(s.status ?? 200);
      const html = await response!.text();
      // The state is in the first response, with the finder bundle inlined; not the owner app.
      const data = JSON.parse(
        /<script type="application\/json" id="finder-data">(.*?)<\/script>/s.exec(html)![1]!,
      );
      expect(data).toMatchObject({ qrCode: code, state: s.state });
      expect(html).toContain('<script type="module">');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: s.heading(lang) })).toBeVisible();
      const message = page.getByLabel(t.messageLabel);
      if (s.form) await expect(message).toBeVisible();
      else await expect(message).toHaveCount(0);
      if (s.state === 'unknown') await expect(page.getByLabel(t.codeLabel)).toBeVisible();
      if (s.next) {
        for (const text of s.next(lang)) await expect(page.getByText(text)).toBeVisible();
        await expect(page.getByRole('link', { name: t.goHome })).toHaveAttribute('href', '/');
      }
      expect(seen).toEqual([]);
      findings.push(...(await seriousFindings(page)).map((f) => `${locale}: ${f}`));
      // The named number and the confirmation are the same elements in every language.
      if (s.form && lang === 'en')
        findings.push(...(await formFindings(page, t)).map((f) => `${locale}, ${f}`));

      if (s.form) {
        // Sending opens a conversation: its link on screen, kept, and found again from the label.
        await message.fill('Found it on a bench by the river.');
        await page.getByRole('checkbox', { name: t.locationLabel }).uncheck();
        await page.getByRole('button', { name: t.submit }).click();
        await page.getByRole('dialog').getByRole('button', { name: t.continueWithout }).click();
        const link = page.getByRole('link', { name: t.threadOpen });
        await expect(link).toHaveAttribute('href', new RegExp(`^/found/${code}/t/`));
        const thread = await link.getAttribute('href');
        await page.goto(`/qr/${code}`);
        const back = page.getByRole('navigation', { name: t.threadYours });
        await expect(back).toBeVisible();
        await expect(back.getByRole('link', { name: t.threadOpen })).toHaveAttribute('href', thread!);
        // And the conversation opens, with the finder's message in it.
        await back.getByRole('link', { name: t.threadOpen }).click();
        await expect(page.getByText('Found it on a bench by the river.')).toBeVisible();
        await expect(page.getByRole('textbox', { name: t.threadReplyLabel })).toBeVisible();
      }
      await context.close();
    }
    expect(findings).toEqual([]);
  });
}

test("an unclaimed label: the spec's claim landing at once, the finder's note beside it, the claim dialog on the click", async ({
  page,
  request,
}) => {
  const code = await freshCode(request);
  // The set's codes nobody owns yet, as the scan counts them (other tests take codes of this set).
  const response = await page.goto(`/qr/${code}`);
  const data = JSON.parse(
    /<script type="application\/json" id="finder-data">(.*?)<\/script>/s.exec(await response!.text())![1]!,
  ) as { setCount: number };
  expect(data.setCount).toBeGreaterThan(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the product!' })).toBeVisible();
  await expect(
    page.getByText(/^You just scanned a Homing label that nobody has claimed yet\./),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How does it work?' })).toBeVisible();
  await expect(
    page.getByText(`This code is part of a set of ${data.setCount} codes. You can claim them all at once!`),
  ).toBeVisible();
  // The finder's note on the same screen: nobody to write to, so hand it in.
  await expect(page.getByText(MESSAGES.en.unclaimedBody)).toBeVisible();
  await expect(page.getByLabel(MESSAGES.en.messageLabel)).toHaveCount(0);

  await page.getByRole('button', { name: 'Click to claim this code!' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  // The address bar keeps the label's own address.
  await expect(page).toHaveURL(`/qr/${code}`);
  await dialog.getByRole('button', { name: 'Login here' }).click();
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('switched off: Go Home leads to the front door, where a code can be typed', async ({
  page,
  request,
}) => {
  const code = await LABEL_STATES['switched off']!(request);
  await page.goto(`/qr/${code}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This item is not active right now.' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('textbox', { name: 'Code on the label' })).toBeVisible();
});

test('an unknown code: typing the right code leads to its label', async ({ page, request }) => {
  const label = await labelledItem(request, { name: ITEM, type: 'keys' });
  await page.goto('/qr/ZZZZZZZZZ2');
  await page.getByLabel('Code on the label').fill(label.code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: `You found ${ITEM}!` })).toBeVisible();
});

test('a signed-in claimer at an unclaimed label still gets the owner app\'s "Ready to Claim"', async ({
  page,
  request,
}) => {
  const code = await freshCode(request);
  const someone = await registerViaApi(request);
  await openSignedIn(page, someone, `/qr/${code}`);
  await expect(page.getByRole('heading', { name: 'Ready to Claim' })).toBeVisible();
});
