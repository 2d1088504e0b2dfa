import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  authForm,
  header,
  openSignedIn,
  registerViaApi,
  uniquePhone,
  userMenuButton,
} from './helpers';

test.describe('login', () => {
  test('by e-mail, then to the dashboard', async ({ page, request }) => {
    const account = await registerViaApi(request, { name: 'Alan Turing' });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    const form = authForm(page);
    await form.contact.fill(account.email!);
    await form.password.fill(PASSWORD);
    await form.submit.click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
    await expect(userMenuButton(page)).toHaveText(/Alan Turing/);
  });

  test('by phone number in any format', async ({ page, request }) => {
    const phone = uniquePhone();
    await registerViaApi(request, { phoneNumber: phone, smsOptIn: true });
    await page.goto('/auth');
    const form = authForm(page);
    await form.contact.fill(`1-${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`);
    await form.password.fill(PASSWORD);
    await form.submit.click();
    await expect(page).toHaveURL('/dashboard');
    await expect(userMenuButton(page)).toHaveText(
      new RegExp(`\\(${phone.slice(0, 3)}\\) ${phone.slice(3, 6)}`),
    );
  });

  test('locked out after wrong passwords, the message points to "Forgot password?"', async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await page.goto('/auth');
    const form = authForm(page);
    await form.contact.fill(account.email!);
    const alert = page.getByRole('alert');
    // Five wrong passwords from this address; the next attempt is refused for 15 minutes.
    for (let i = 0; i < 6; i++) {
      await form.password.fill(`wrong-password-${i}`);
      await form.submit.click();
      await expect(alert).toBeVisible();
      if (/Too many failed login attempts/.test((await alert.textContent()) ?? '')) break;
      await expect(form.submit).toBeEnabled();
    }
    await expect(alert).toContainText(
      'Too many failed login attempts. Please wait 15 minutes and try again.',
    );
    await alert.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/auth/forgot');
  });

  test('a wrong password shows the server error', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto('/auth');
    const form = authForm(page);
    await form.contact.fill(account.email!);
    await form.password.fill('wrong-password');
    await form.submit.click();
    await expect(form.alert).toHaveText('Invalid email/phone or password');
    await expect(page).toHaveURL('/auth');
    await expect(form.submit).toHaveText('Login');
  });

  test('a failed request says so', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.abort());
    await page.goto('/auth');
    const form = authForm(page);
    await form.contact.fill('someone@example.com');
    await form.password.fill(PASSWORD);
    await form.submit.click();
    await expect(form.alert).toHaveText('Network error during login');
  });

  test('after login the visitor lands where they were going', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto('/items?edit=5');
    await expect(page).toHaveURL('/auth?returnUrl=%2Fitems%3Fedit%3D5');
    const form = authForm(page);
    await form.contact.fill(account.email!);
    await form.password.fill(PASSWORD);
    await form.submit.click();
    await expect(page).toHaveURL('/items?edit=5');
    await expect(page.getByRole('heading', { name: 'My Items', level: 1 })).toBeVisible();
  });

  test('a foreign returnUrl is ignored', async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto('/auth?returnUrl=%2F%2Fevil.example%2F');
    const form = authForm(page);
    await form.contact.fill(account.email!);
    await form.password.fill(PASSWORD);
    await form.submit.click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('an authenticated visit to /auth goes to the dashboard', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await openSignedIn(page, session, '/auth');
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/auth/createAccount');
    await expect(page).toHaveURL('/dashboard');
    await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  });
});
