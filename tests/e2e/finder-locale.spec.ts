import { expect, test } from '@playwright/test';
import { bearer, labelledItem, ok, reportAndTalk } from './finderFixtures';

// Times on the finder's pages are the finder's (PRODUCT.md, Conversations): their browser's locale (Chromium's
// `locale`) says 24-hour (en-GB, es, fr) or 12-hour (en-US), in their time zone; a day other than
// today is the spec's MM-DD-YYYY before the time.

const TIME_ZONE = 'America/Chicago';
const CASES = [
  { locale: 'en-GB', clock: /^\d\d:\d\d$/, language: 'en' },
  { locale: 'en-US', clock: /^\d{1,2}:\d\d\s[AP]M$/, language: 'en' },
  { locale: 'es-ES', clock: /^\d{1,2}:\d\d$/, language: 'es' },
  { locale: 'fr-FR', clock: /^\d\d:\d\d$/, language: 'fr' },
] as const;

const mmddyyyy = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(d)
    .replace(/\//g, '-');

for (const { locale, clock, language } of CASES) {
  test.describe(locale, () => {
    test.use({ locale, timezoneId: TIME_ZONE });

    test(`the conversation's times read as ${locale} reads them, with MM-DD-YYYY on another day`, async ({
      page,
      request,
    }) => {
      const label = await labelledItem(request, { name: 'Red scarf', type: 'other' });
      const { reportId, threadPath } = await reportAndTalk(request, label, '203.0.113.41');
      const thread = await ok<{ data: { messages: { sentAt: string }[] } }>(
        await request.get(`/api/reports/${reportId}/thread`, { headers: bearer(label.owner.token) }),
      );
      const sentAt = new Date(thread.data.messages.at(-1)!.sentAt);
      const expected = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, timeStyle: 'short' }).format(
        sentAt,
      );
      expect(expected).toMatch(clock);

      await page.goto(threadPath);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const times = page.locator('.finder-msg__meta time');
      await expect(times).toHaveCount(3); // the report, the owner's reply, the finder's answer
      await expect(times.last()).toHaveText(expected);
      for (const text of await times.allTextContents()) expect(text).toMatch(clock);

      // Two days later the same messages carry their date, as the spec writes dates.
      await page.clock.setFixedTime(new Date(sentAt.getTime() + 2 * 86_400_000));
      await page.reload();
      await expect(times.last()).toHaveText(`${mmddyyyy(sentAt)} ${expected}`);
    });
  });
}
