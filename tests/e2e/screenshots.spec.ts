import { expect, test } from '@playwright/test';

// Pictures of the main screens at desktop and phone width, kept with the run's results for review.
for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 375, height: 740 }],
] as const) {
  test.describe(`screenshots (${name})`, () => {
    test.use({ viewport });

    for (const [slug, path, heading] of [
      ['landing', '/?app', 'Lost things find their way home'],
      ['login', '/auth', 'Login'],
      ['register', '/auth/createAccount', 'Create Account'],
    ] as const) {
      test(slug, async ({ page }, testInfo) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`${slug}-${name}.png`), fullPage: true });
      });
    }
  });
}
