import { expect, test } from '@playwright/test';
import { header, openSignedIn, registerViaApi, storedSession, userMenuButton } from './helpers';

test.describe('session', () => {
  test('logout asks for confirmation, then signs out and goes home', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await openSignedIn(page, session, '/dashboard');

    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Logout' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Are you sure you want to logout?');

    // Cancel keeps the session; Escape too, and focus comes back to the menu button.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/dashboard');
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(userMenuButton(page)).toBeFocused();

    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const logoutCall = page.waitForResponse('**/api/auth/logout');
    await dialog.getByRole('button', { name: 'Logout' }).click();
    expect((await logoutCall).status()).toBe(200);
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await storedSession(page)).toEqual({ sessionToken: null, currentUser: null });

    // The token is revoked on the server.
    const me = await request.get('/api/auth/me', {
      headers: { Authorization: `Bearer ${session.sessionToken}` },
    });
    expect(me.status()).toBe(401);
  });

  test('logout still signs out when the server call fails', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await openSignedIn(page, session, '/items');
    await page.route('**/api/auth/logout', (route) => route.abort());
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await storedSession(page)).toEqual({ sessionToken: null, currentUser: null });
  });

  test('a stored session the server rejects is cleared on start', async ({ page }) => {
    await page.goto('/?app');
    await page.evaluate(() => {
      localStorage.setItem('sessionToken', 'bogus-token');
      localStorage.setItem(
        'currentUser',
        JSON.stringify({
          id: 'x',
          name: 'Ghost',
          email: 'ghost@example.com',
          phoneNumber: null,
          isAdmin: true,
          createdAt: '2025-01-01T00:00:00.000Z',
        }),
      );
    });
    const check = page.waitForResponse('**/api/auth/me');
    await page.reload();
    expect((await check).status()).toBe(401);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByText('Ghost')).toHaveCount(0);
    await expect.poll(() => storedSession(page)).toEqual({ sessionToken: null, currentUser: null });
  });

  test('a rejected session on a signed-in route leads to login with the returnUrl', async ({ page }) => {
    await page.goto('/?app');
    await page.evaluate(() => localStorage.setItem('sessionToken', 'bogus-token'));
    await page.goto('/items?edit=7');
    await expect(page).toHaveURL('/auth?returnUrl=%2Fitems%3Fedit%3D7');
  });

  test('while the stored session is checked a calm loading state shows, not a redirect', async ({
    page,
    request,
  }) => {
    const session = await registerViaApi(request, { name: 'Patient User' });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await gate;
      await route.continue();
    });
    await openSignedIn(page, session, '/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your session...' })).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
    release();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(userMenuButton(page)).toHaveText(/Patient User/);
  });

  test('a session revoked elsewhere is cleared on the next start', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await openSignedIn(page, session, '/dashboard');
    await expect(userMenuButton(page)).toBeVisible();
    // The token dies on the server (e.g. logged out elsewhere); the next check answers 401.
    await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${session.sessionToken}` } });
    await page.reload();
    await expect(page).toHaveURL('/auth?returnUrl=%2Fdashboard');
    expect(await storedSession(page)).toEqual({ sessionToken: null, currentUser: null });
  });
});
