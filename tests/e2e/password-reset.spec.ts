import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  registerViaApi,
  uniqueEmail,
  uniquePhone,
  waitForPeer,
  type Mail,
  type Text,
} from './helpers';

const codeIn = (text: Text) => /\b(\d{6})\b/.exec(text.body)![1]!;

test.describe('forgot password', () => {
  test('by e-mail: the link from the received mail sets a new password and signs other devices out', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset');
    const { sessionToken: otherDevice } = await registerViaApi(request, { email });

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/auth/forgot');
    await page.getByLabel('Email or phone number').fill(email);
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await expect(page.getByRole('status')).toContainText('we have sent it a link');

    const mail = await waitForPeer<Mail>(request, '/mails', (mails) =>
      mails.find((m) => m.to.includes(email) && m.text.includes('reset your password')),
    );
    const link = /(http\S+\/auth\/reset\?token=[\w-]+)/.exec(mail.text)![1]!;
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Repeat the new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL('/dashboard');

    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${otherDevice}` } });
    expect(me.status()).toBe(401);
    const login = await request.post('/api/auth/login', {
      data: { identifier: email, password: 'a brand new password' },
    });
    expect(login.status()).toBe(200);

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another password');
    await page.getByLabel('Repeat the new password').fill('yet another password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('invalid, already used or expired');
  });

  test('by SMS: a phone sign-up confirms its number by code, then resets with a texted code', async ({
    page,
    request,
  }) => {
    const digits = uniquePhone();
    const phone = `+1${digits}`;
    await page.goto('/auth/createAccount');
    await page.getByLabel('Email or phone number').fill(digits);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Confirm your phone' })).toBeVisible();
    const confirmText = await waitForPeer<Text>(request, '/texts', (texts) =>
      texts.find((t) => t.to === phone && t.body.includes('confirmation code')),
    );
    await page.getByLabel('6-digit code').fill(codeIn(confirmText));
    await page.getByRole('button', { name: 'Confirm phone' }).click();
    await expect(page.getByText('Your phone number is confirmed.')).toBeVisible();
    await page.evaluate(() => localStorage.clear());

    await page.goto('/auth/forgot');
    await page.getByLabel('Email or phone number').fill(digits);
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await expect(page.getByRole('status')).toContainText('we have texted it a 6-digit code');
    const resetText = await waitForPeer<Text>(request, '/texts', (texts) =>
      texts.find((t) => t.to === phone && t.body.includes('password reset code')),
    );
    await page.getByLabel('6-digit code').fill(codeIn(resetText));
    await page.getByLabel('New password').fill('texted new password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL('/dashboard');
    const login = await request.post('/api/auth/login', {
      data: { identifier: phone, password: 'texted new password' },
    });
    expect(login.status()).toBe(200);
  });
});
