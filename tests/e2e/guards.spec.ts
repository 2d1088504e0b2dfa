import { expect, test } from '@playwright/test';
import { openSignedIn, registerViaApi, userMenuButton } from './helpers';

test.describe('route guards', () => {
  test('visitors are sent to /auth with the encoded path and query', async ({ page }) => {
    for (const [path, returnUrl] of [
      ['/dashboard', '%2Fdashboard'],
      ['/items?edit=5', '%2Fitems%3Fedit%3D5'],
      ['/create', '%2Fcreate'],
      ['/events', '%2Fevents'],
      ['/reports', '%2Freports'],
      ['/settings', '%2Fsettings'],
      ['/admin/qr-bulk', '%2Fadmin%2Fqr-bulk'],
      ['/admin', '%2Fadmin'],
      ['/admin/qr-sets', '%2Fadmin%2Fqr-sets'],
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`/auth?returnUrl=${returnUrl}`);
    }
    await expect(page.getByRole('heading', { name: 'Login', level: 2 })).toBeVisible();
  });

  test('a signed-in non-admin is sent home from admin screens', async ({ page, request }) => {
    const session = await registerViaApi(request);
    for (const path of ['/admin', '/admin/qr-sets', '/admin/qr-codes', '/admin/qr-codes/create']) {
      await openSignedIn(page, session, path);
      await expect(page, path).toHaveURL('/');
    }
  });

  test('/admin/qr-bulk needs sign-in only', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await openSignedIn(page, session, '/admin/qr-bulk');
    await expect(page).toHaveURL('/admin/qr-bulk');
    await expect(page.getByRole('heading', { name: 'Print QR Codes', level: 1 })).toBeVisible();
  });

  test('signed-in placeholders for later screens', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await openSignedIn(page, session, '/create');
    await expect(page.getByRole('heading', { name: 'Create New Item', level: 1 })).toBeVisible();
    for (const [path, title] of [
      ['/events', 'Found Events'],
      ['/reports', 'Found Reports'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    }
  });

  // Real admin accounts come from the admin CLI, which cannot open the running server's locked
  // data folder; the server's answer for an admin is stood in for, the UI under test is real.
  test('an admin sees the Admin entry and the admin screens', async ({ page, request }) => {
    const session = await registerViaApi(request, { name: 'Admin Person' });
    const admin = { ...session.user, isAdmin: true };
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ json: { success: true, user: admin, data: { user: admin }, error: null } }),
    );
    await openSignedIn(page, { ...session, user: admin }, '/');
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    for (const [path, title] of [
      ['/admin/qr-codes', 'Manage QR Codes'],
      ['/admin/qr-sets', 'QR Code Sets'],
      ['/admin/qr-codes/create', 'Print QR Codes'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    }
  });
});
