import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PASSWORD, openSignedIn, registerViaApi, uniqueEmail, userMenuButton } from './helpers';

// The owner's settings on a phone: reached from the user menu; name, quiet hours, sessions,
// export and deletion, each proved by what the server then holds.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
// One long journey through every section.

test('settings on a phone: name, quiet hours, sessions, export, then delete the account', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('settings');
  const owner = await registerViaApi(request, { email });
  // A second sign-in elsewhere, to sign out from here.
  const elsewhere = await request.post('/api/auth/login', {
    data: { identifier: email, password: PASSWORD },
  });
  const otherToken = ((await elsewhere.json()) as { sessionToken: string }).sessionToken;

  await openSignedIn(page, owner, '/dashboard');
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change e-mail or phone' })).toHaveAttribute(
    'href',
    '/settings/contacts',
  );

  // Profile: the menu shows the new name at once.
  await page.getByLabel('Name').fill('Nadia Settings');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name saved.')).toBeVisible();
  await expect(userMenuButton(page)).toHaveText(/Nadia Settings/);

  // Quiet hours, kept after a reload.
  await page.getByLabel(/Hold notifications at night/).check();
  await page.getByLabel('From', { exact: true }).fill('23:15');
  await page.getByLabel('Time zone').selectOption('Europe/Lisbon');
  await page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Hold notifications at night/)).toBeChecked();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('23:15');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Lisbon');

  // Sessions: this one marked; the other signed out.
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out 1 other session.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  const gone = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(gone.status()).toBe(401);

  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Export: a JSON file with the account in it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await (await download).path();
  const data = JSON.parse(await fs.readFile(file, 'utf8')) as { account: { email: string; name: string }[] };
  expect(data.account[0]).toMatchObject({ email, name: 'Nadia Settings' });

  // Deletion: the password is required, then the account is gone and the visitor is signed out.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(/anyone who scans one later may claim it/)).toBeVisible();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is not correct')).toBeVisible();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenuButton(page)).toHaveCount(0);
  const login = await request.post('/api/auth/login', { data: { identifier: email, password: PASSWORD } });
  expect(login.status()).toBe(401);
});

test('backup contacts: a list that failed to load retries, then one is added, waits for confirmation and is removed', async ({
  page,
  request,
}) => {
  const owner = await registerViaApi(request, { email: uniqueEmail('backup') });
  // The first load of the list fails (the server is briefly unreachable); the retry reaches it.
  let failOnce = true;
  await page.route('**/api/users/me/backup-contacts', (route) => {
    if (route.request().method() !== 'GET' || !failOnce) return route.fallback();
    failOnce = false;
    return route.fulfill({ status: 503, json: { success: false, data: null, error: 'Unavailable' } });
  });
  await openSignedIn(page, owner, '/settings');
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Backup contacts' }) });
  await expect(card.getByRole('alert')).toContainText('Could not load your backup contacts.');
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByText('No backup contacts yet.')).toBeVisible();

  const friend = uniqueEmail('friend');
  await card.getByLabel('E-mail address or phone number').fill(friend);
  await card.getByRole('button', { name: 'Add backup contact' }).click();
  await expect(card.getByText(`We sent ${friend} a link to confirm.`, { exact: false })).toBeVisible();
  const list = card.getByRole('list', { name: 'Backup contacts' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(friend);
  await expect(list.getByText('Waiting for confirmation')).toBeVisible();
  const contacts = async () => {
    const res = await request.get('/api/users/me/backup-contacts', {
      headers: { Authorization: `Bearer ${owner.sessionToken}` },
    });
    return ((await res.json()) as { data: { contacts: { value: string; confirmed: boolean }[] } }).data
      .contacts;
  };
  expect(await contacts()).toMatchObject([{ value: friend, confirmed: false }]);

  await list.getByRole('button', { name: `Remove ${friend}` }).click();
  await expect(card.getByText(`Removed ${friend}.`)).toBeVisible();
  await expect(card.getByText('No backup contacts yet.')).toBeVisible();
  expect(await contacts()).toEqual([]);
});
