import { expect, test } from '@playwright/test';
import { authForm, openSignedIn, registerViaApi, uniquePhone, userMenuButton } from './helpers';

test.describe('keyboard and dialogs', () => {
  test('the user menu works from the keyboard', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await openSignedIn(page, session, '/dashboard');
    const button = userMenuButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const settings = page.getByRole('menuitem', { name: 'Settings' });
    const logout = page.getByRole('menuitem', { name: 'Log out' });
    await expect(settings).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(logout).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(settings).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(button).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(settings).toBeFocused();
    await page.keyboard.press('End');
    await expect(logout).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Logout' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  test('the menu closes on an outside click', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await openSignedIn(page, session, '/dashboard');
    await userMenuButton(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('dialogs keep focus inside, close with Escape and give focus back', async ({ page }) => {
    await page.goto('/auth/createAccount');
    const form = authForm(page);
    await form.contact.fill(uniquePhone());
    await form.smsOptIn.focus();
    await page.keyboard.press('Space');
    const dialog = page.getByRole('alertdialog', { name: 'SMS Notifications Recommended' });
    await expect(dialog).toBeVisible();
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const proceed = dialog.getByRole('button', { name: 'Continue without SMS' });
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(proceed).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(proceed).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(form.smsOptIn).toBeFocused();
    await expect(form.smsOptIn).toBeChecked();
  });
});
