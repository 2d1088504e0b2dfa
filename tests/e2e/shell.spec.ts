import { expect, test } from '@playwright/test';
import { header, openSignedIn, registerViaApi, userMenuButton } from './helpers';

// `/` typed by hand is the finder's front door (front-door.spec.ts); the owner app's landing is `/?app`.
const OWNER_LANDING = '/?app';

test.describe('app shell and landing page', () => {
  test('landing page shows title, tagline, features, preview and the Create QR Tag link', async ({
    page,
  }) => {
    await page.goto(OWNER_LANDING);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/Smart QR labels for your keys/)).toBeVisible();
    for (const title of ['Smart QR Labels', 'Easy Scanning', 'Privacy First', 'Fast Recovery'])
      await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    await expect(page.getByRole('figure', { name: /QR label preview/ })).toBeVisible();
    await expect(page.getByText(/notified immediately/)).toBeVisible();
    await expect(page.getByText(/free gift/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create QR Tag' })).toHaveAttribute('href', '/create');
    // A new visitor's main button leads to sign-up.
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/auth/createaccount',
    );
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(page).toHaveURL('/auth/createaccount');
    await page.goBack();
    await expect(page.locator('footer .site-footer__copy')).toHaveText('© 2025 Homing Labs');
    await expect(page).toHaveTitle('Homing');
  });

  test('signed-out header: brand, Home and Login only', async ({ page }) => {
    await page.goto('/auth');
    const nav = header(page);
    await expect(nav.getByRole('link', { name: 'Homing home' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'My Items' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Homing home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('Create QR Tag asks a visitor to sign in first', async ({ page }) => {
    await page.goto(OWNER_LANDING);
    await page.getByRole('link', { name: 'Create QR Tag' }).click();
    await expect(page).toHaveURL('/auth?returnUrl=%2Fcreate');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  });

  test('signed-in header: Dashboard, My Items and the user menu', async ({ page, request }) => {
    const session = await registerViaApi(request, { name: 'Grace Hopper' });
    await openSignedIn(page, session, '/');
    const nav = header(page);
    await expect(userMenuButton(page)).toHaveText(/Grace Hopper/);
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'My Items' }).click();
    await expect(page).toHaveURL('/items');
    await expect(page.getByRole('heading', { name: 'My Items', level: 1 })).toBeVisible();
    await userMenuButton(page).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  });

  test('unknown routes get a 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('printing shows only elements marked as print layout', async ({ page }) => {
    await page.goto(OWNER_LANDING);
    await page.evaluate(() => {
      const sheet = document.createElement('div');
      sheet.className = 'print-layout';
      sheet.textContent = 'Label sheet';
      document.querySelector('main section')!.appendChild(sheet);
    });
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.print-layout')).toBeVisible();
    await expect(header(page)).toBeHidden();
    await expect(page.locator('footer')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Create QR Tag' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Smart QR Labels' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(header(page)).toBeVisible();
  });
});

test.describe('mobile (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('header fits and stays usable', async ({ page, request }) => {
    await page.goto(OWNER_LANDING);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeInViewport();

    const session = await registerViaApi(request, { name: 'Katherine Johnson-Goble The Third' });
    await openSignedIn(page, session, '/dashboard');
    for (const name of ['Home', 'Dashboard', 'My Items'])
      await expect(header(page).getByRole('link', { name, exact: true })).toBeInViewport();
    await expect(userMenuButton(page)).toBeInViewport();
    const overflowSignedIn = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflowSignedIn).toBeLessThanOrEqual(0);
    await userMenuButton(page).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeInViewport();
  });
});
