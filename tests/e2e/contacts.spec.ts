import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openSignedIn, PASSWORD, registerViaApi, uniqueEmail, waitForPeer, type Mail } from './helpers';

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
