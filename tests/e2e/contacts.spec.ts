import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  openSignedIn,
  PASSWORD,
  registerViaApi,
  uniqueEmail,
  waitForPeer,
  type Mail,
  type Text,
} from './helpers';

// Settings → Contact details on a phone: changing the e-mail address needs the current password,
// the new address confirms by its link, and the old one is told with a way to undo (PRODUCT.md, Privacy).

test.use({ viewport: { width: 390, height: 844 } });

/** Opens the confirmation link that reached `address` and confirms it, as its owner would. */
async function confirmFromInbox(page: Page, request: APIRequestContext, address: string) {
  const mail = await waitForPeer<Mail>(request, '/mails', (mails) =>
    mails.find((m) => m.to.includes(address) && m.text.includes('/auth/confirm-email?token=')),
  );
  const link = new URL(/(http\S+\/auth\/confirm-email\?token=[\w-]+)/.exec(mail.text)![1]!);
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Confirm this address' }).click();
  await expect(page.getByRole('status')).toHaveText(`${address} is confirmed and now used for your account.`);
  await page.getByRole('link', { name: 'Your contact details' }).click();
  await expect(page).toHaveURL('/settings/contacts');
}

test('a new e-mail address: the current password first, then the link from the new inbox; the old inbox is told', async ({
  page,
  request,
}) => {
  const oldEmail = uniqueEmail('contacts-old');
  const newEmail = uniqueEmail('contacts-new');
  const session = await registerViaApi(request, { email: oldEmail });
  await openSignedIn(page, session, '/settings/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
  const section = page.locator('.contacts-page__section').filter({ hasText: 'E-mail address' });
  const current = section.locator('.contacts-page__current');
  await expect(current).toHaveText(`${oldEmail} Not confirmed`);

  // The address signed up with is confirmed first (only a confirmed address is told of a change).
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Send a confirmation link' }).click();
  await expect(section.getByRole('status')).toHaveText(
    `We sent a confirmation link to ${oldEmail}. It works for 30 minutes.`,
  );
  await confirmFromInbox(page, request, oldEmail);
  await expect(current).toHaveText(`${oldEmail} Confirmed`);

  // No password: said at the field, nothing sent.
  await section.getByLabel('New e-mail address').fill(newEmail);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByLabel('Current password')).toHaveAccessibleDescription(
    /Enter your current password to change your contact details/,
  );
  // A wrong one: the server's answer at the same field.
  await section.getByLabel('Current password').fill('not my password');
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByLabel('Current password')).toHaveAccessibleDescription(
    /Your current password is not correct/,
  );

  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByRole('status')).toHaveText(
    `We sent a confirmation link to ${newEmail}. It works for 30 minutes.`,
  );
  await expect(page.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
  // Until confirmed, the account keeps its address.
  await expect(current).toHaveText(`${oldEmail} Confirmed`);

  await confirmFromInbox(page, request, newEmail);
  await expect(current).toHaveText(`${newEmail} Confirmed`);
  await expect(page.getByText('Waiting for confirmation')).toHaveCount(0);

  // The old inbox is told, with the undo link, and the new address only half shown.
  const told = await waitForPeer<Mail>(request, '/mails', (mails) =>
    mails.find((m) => m.to.includes(oldEmail) && m.text.includes('This was not me: undo the change')),
  );
  expect(told.text).toContain('/auth/undo-change?token=');
  expect(told.text).not.toContain(newEmail);
});

test('a UK owner adds a UK mobile: texted a code at it, confirmed, shown one way in Contacts and Settings', async ({
  page,
  request,
}) => {
  const session = await registerViaApi(request, { email: uniqueEmail('contacts-uk') });
  const uk = `+447400${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  await openSignedIn(page, session, '/settings/contacts');
  const section = page.locator('.contacts-page__section').filter({ hasText: 'Phone number' });
  await section.getByLabel('Phone number').fill(`${uk.slice(0, 3)} ${uk.slice(3, 7)} ${uk.slice(7)}`);
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Send code' }).click();
  await expect(section.getByText(`We texted a 6-digit code to ${uk}.`)).toBeVisible();
  const text = await waitForPeer<Text>(request, '/texts', (texts) => texts.find((t) => t.to === uk));
  await section.getByLabel('6-digit code').fill(/\b(\d{6})\b/.exec(text.body)![1]!);
  await section.getByRole('button', { name: 'Confirm phone' }).click();
  await expect(section.locator('.contacts-page__current')).toHaveText(`${uk} ConfirmedText alerts on.`);
  await page.goto('/settings');
  await expect(page.getByText(uk, { exact: true })).toBeVisible();
});
