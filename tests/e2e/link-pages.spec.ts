import { expect, test } from '@playwright/test';

// The pages a link in an e-mail or text opens: nothing happens until the button is pressed, a link
// without its token says so, and a token the server refuses shows the server's reason.

const pages = [
  { path: '/auth/confirm-email', title: 'Confirm your e-mail address', action: 'Confirm this address' },
  { path: '/auth/undo-change', title: 'Undo a change to your account', action: 'Undo the change' },
  { path: '/backup/confirm', title: 'Become a backup contact', action: 'Yes, I agree' },
];

for (const { path, title, action } of pages) {
  test(`${path}: an incomplete link says so; a refused token shows why, and the button stays`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This link is incomplete.');
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);

    await page.goto(`${path}?token=not-a-real-token-0123456789`);
    await expect(page).toHaveTitle(new RegExp(title));
    const button = page.getByRole('button', { name: action });
    await button.click();
    await expect(page.getByRole('alert')).not.toHaveText('');
    await expect(page.getByRole('alert')).not.toHaveText('This link is incomplete.');
    await expect(button).toBeEnabled();
    await expect(page.getByRole('status')).toHaveCount(0);
  });
}
