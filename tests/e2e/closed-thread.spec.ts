import { expect, test } from '@playwright/test';
import { bearer, labelledItem, ok } from './finderFixtures';

// A closed conversation is closed. On a phone, in the finder's language: the
// page is read-only (no form) and says why; a message sent from a page that had not heard of the
// closing yet is refused with a 409, and the page then shows the reason instead of the form.

const CASES = [
  {
    locale: 'en-US',
    how: 'block',
    send: 'Send',
    reason: 'The owner closed this conversation.',
  },
  {
    locale: 'es-ES',
    how: 'recover',
    send: 'Enviar',
    reason: 'El dueño ya recuperó su objeto. ¡Gracias!',
  },
  {
    locale: 'fr-FR',
    how: 'close',
    send: 'Envoyer',
    reason: 'Le propriétaire a clos cette conversation.',
  },
] as const;

for (const c of CASES)
  test(`a closed conversation is read-only and says why (${c.locale}, ${c.how})`, async ({
    browser,
    request,
  }) => {
    const label = await labelledItem(request, { name: 'Grey scarf', type: 'other' });
    const { data } = await ok<{ data: { reportId: string; threadPath: string } }>(
      await request.post(`/api/found/${label.code}/report`, {
        data: { foundNotes: 'On the bench by the river', locale: c.locale.slice(0, 2) },
        headers: { 'X-Forwarded-For': '198.51.100.77' },
      }),
    );

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: c.locale,
      extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.77' },
    });
    const page = await context.newPage();
    // No live updates: this page learns of the closing only from its own message's answer.
    await page.route('**/events', (route) => route.abort());
    await page.goto(data.threadPath);
    const sendButton = page.getByRole('button', { name: c.send, exact: true });
    await expect(sendButton).toBeVisible();
    await expect(page.getByText(c.reason)).toHaveCount(0);

    // The owner closes it (blocking the sender, or marking the item recovered).
    const headers = bearer(label.owner.token);
    if (c.how === 'recover') await ok(await request.post(`/api/items/${label.itemId}/recover`, { headers }));
    else
      await ok(
        await request.post(`/api/reports/${data.reportId}/close`, {
          headers,
          data: { block: c.how === 'block' },
        }),
      );

    // The API refuses a message with a clear 409...
    const refused = await request.post(`/api${data.threadPath}/messages`, { data: { text: 'Still there?' } });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ success: false, error: 'This conversation is closed.' });

    // ...and the page that sends one shows why, in its language, with the form gone.
    await page.locator('textarea').fill('Still there?');
    await sendButton.click();
    await expect(page.getByRole('status').filter({ hasText: c.reason })).toBeVisible();
    await expect(page.locator('form.finder-thread__form')).toBeHidden();
    await expect(page.locator('textarea')).toBeHidden();

    // Opened again, it is read-only from the start.
    await page.reload();
    await expect(page.getByText(c.reason)).toBeVisible();
    await expect(page.locator('textarea')).toBeHidden();
    await expect(page.getByRole('button', { name: c.send, exact: true })).toBeHidden();
    await expect(page.getByText('On the bench by the river')).toBeVisible();
    await context.close();
  });
