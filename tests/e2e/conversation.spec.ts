import { expect, test } from '@playwright/test';
import { bearer, form, labelledItem, ok } from './finderFixtures';
import { openSignedIn, type SessionUser } from './helpers';

// A finder (phone, 390x844) and the owner (desktop) talk through the conversation a report opens,
// each seeing the other's messages arrive live (server-sent events), and the finder seeing what
// happened to their message: the owner notified, then "Read by the owner".

test('finder and owner exchange messages live; the finder sees the owner read it', async ({
  browser,
  request,
}) => {
  const label = await labelledItem(request, { name: 'Green umbrella', type: 'other' });
  const me = await ok<{ user: SessionUser & { email: string } }>(
    await request.get('/api/auth/me', { headers: bearer(label.owner.token) }),
  );

  const finderContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // An en-US finder reads 12-hour times (finder-locale.spec: en-GB, es and fr read 24-hour ones).
    locale: 'en-US',
    // The finder is somewhere else than the owner (the server trusts the e2e proxy header).
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.23' },
  });
  const finder = await finderContext.newPage();
  await finder.goto(`/found/${label.code}`);
  const f = form(finder);
  await f.message.fill('I found your umbrella on the tram <b>line 4</b>.');
  await f.phone.fill('5551239876');
  await f.location.uncheck();
  await f.submit.click();
  await expect(finder.getByRole('heading', { name: 'Your message has been sent.' })).toBeVisible();
  await finder.getByRole('link', { name: 'Open your conversation with the owner' }).click();
  await expect(finder).toHaveURL(/\/found\/[^/]+\/t\/[A-Za-z0-9_-]{43}$/);
  await expect(finder.getByRole('heading', { name: 'Your conversation about Green umbrella' })).toBeVisible();
  // Text stays text.
  await expect(finder.getByText('I found your umbrella on the tram <b>line 4</b>.')).toBeVisible();
  await expect(finder.getByText(/^Owner notified by e-mail at \d{1,2}:\d\d\s[AP]M/)).toBeVisible();
  await expect(finder.getByText(/^Read by the owner/)).toHaveCount(0);
  // Kept on the device: the label's page leads back to it.
  const threadUrl = finder.url();

  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const owner = await ownerContext.newPage();
  await openSignedIn(owner, { user: me.user, sessionToken: label.owner.token }, '/dashboard');
  const entry = owner.locator('section[aria-labelledby="dash-reports"] .activity').first();
  await expect(entry).toContainText('Unread');
  await entry.getByRole('link', { name: /^Reply: Green umbrella, / }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Green umbrella' })).toBeVisible();
  await expect(owner.getByText('I found your umbrella on the tram <b>line 4</b>.')).toBeVisible();

  // Opening it is the finder's receipt, live.
  await expect(finder.getByText(/^Read by the owner at \d{1,2}:\d\d\s[AP]M/)).toBeVisible();

  await owner
    .getByLabel('Reply to the finder')
    .fill('Thank you so much! Could you leave it at the tram depot?');
  await owner.getByRole('button', { name: 'Send reply' }).click();
  await expect(finder.getByText('Thank you so much! Could you leave it at the tram depot?')).toBeVisible();
  await expect(finder.getByText('The owner replied').first()).toBeVisible();

  await finder.getByLabel('Write to the owner').fill('Done, it is at the front desk.');
  await finder.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(owner.getByText('Done, it is at the front desk.')).toBeVisible();

  // Neither side was shown the other's contact details.
  expect(await finder.content()).not.toContain(me.user.email);
  expect(await owner.content()).not.toContain('5551239876');

  // The label's page on the finder's phone leads back to the conversation.
  await finder.goto(`/found/${label.code}`);
  await expect(finder.getByRole('link', { name: 'Open your conversation with the owner' })).toHaveAttribute(
    'href',
    new URL(threadUrl).pathname,
  );
  await finderContext.close();
  await ownerContext.close();
});
