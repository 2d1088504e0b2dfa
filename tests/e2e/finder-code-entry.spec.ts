import { expect, test } from '@playwright/test';
import { labelledItem, PHONE } from './finderFixtures';
import { LOOK_ALIKES, checkSymbol, checkedCodeFix } from '@homing/shared/codes';
import { printedCode } from '@homing/label-layout/codeText';

// `/found` with no code: a finder whose camera fails types the code printed under the symbol.
// On a phone, with the keyboard only.

test.use(PHONE);

test("typing a label's code (as printed, in lower case, with its space) reaches that label's page", async ({
  page,
  request,
}) => {
  const label = await labelledItem(request);
  await page.goto('/found');
  await expect(page).toHaveTitle(/Found something with a Homing label\?/);
  const code = page.getByRole('textbox', { name: 'Code on the label' });
  // The field has focus from the start: type, then Enter.
  await expect(code).toBeFocused();
  const printed = `${label.code.slice(0, 5)} ${label.code.slice(5)}`.toLowerCase();
  await page.keyboard.type(printed);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/found/${label.code}$`));
  await expect(page.getByRole('heading', { name: 'You found Blue backpack!' })).toBeVisible();
});

test('bad input gets a clear message, kept on the form; fixing it goes on', async ({ page, request }) => {
  const label = await labelledItem(request);
  await page.goto('/found/');
  const code = page.getByRole('textbox', { name: 'Code on the label' });
  const error = page.getByRole('alert');

  await page.keyboard.press('Enter');
  await expect(error).toHaveText('Please type the code printed on the label.');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toBeFocused();

  await code.fill('K0M2P 1QX4O');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(error).toHaveText(
    'Codes use the digits 2-9 and the letters A-Z except I and O. Please check: 0 1 O',
  );
  await expect(page).toHaveURL(/\/found\/$/);

  await code.fill(label.code.slice(0, 8));
  await page.keyboard.press('Enter');
  await expect(error).toHaveText(
    'A code has 10 letters and digits, then its check symbol; this has 8. Please check it.',
  );
  // The message is tied to the field, so a screen reader reads it with the field.
  const describedBy = (await code.getAttribute('aria-describedby')) ?? '';
  expect(describedBy.split(' ')).toContain(await error.getAttribute('id'));

  // Typing again clears the message; a pasted label address works too.
  await code.fill(`https://example.test/qr/${label.code}`);
  await expect(error).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'You found Blue backpack!' })).toBeVisible();
});

test('a well-formed code no label has says so, and offers the form again', async ({ page }) => {
  await page.goto('/found');
  await page.getByRole('textbox', { name: 'Code on the label' }).fill('ZZZZZ ZZZZZ');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Item not found or inactive' })).toBeVisible();
  await page.getByRole('link', { name: 'Type the code instead' }).click();
  await expect(page.getByRole('textbox', { name: 'Code on the label' })).toBeFocused();
  // Nothing on the phone's screen runs off its side.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the check symbol printed after the code: typed right it goes on, a slip is caught before any look-up', async ({
  page,
  request,
}) => {
  const label = await labelledItem(request);
  const printed = `${label.code.slice(0, 5)} ${label.code.slice(5)} ${checkSymbol(label.code)}`;
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/found/')) lookups.push(r.url());
  });
  await page.goto('/found');
  const code = page.getByRole('textbox', { name: 'Code on the label' });
  // The hint shows the code as printed, check symbol included, and asks for it.
  await expect(
    page.getByText('As printed, for example K7M2P 9QX4T-D: type the last symbol too'),
  ).toBeVisible();
  // Two different neighbours swapped: the check symbol no longer fits, and nothing is looked up.
  const i = [...label.code].findIndex((c, at) => at < 4 && c !== label.code[at + 1]);
  const swapped = printed.slice(0, i) + printed[i + 1] + printed[i] + printed.slice(i + 2);
  await code.fill(swapped);
  await page.keyboard.press('Enter');
  // Named when that swap alone explains it (checkedCodeFix, unit-tested in packages/shared), else
  // the plain refusal.
  const compact = swapped.replace(/ /g, '');
  const fix = checkedCodeFix(compact);
  await expect(page.getByRole('alert')).toHaveText(
    fix
      ? `One symbol is not right: “${fix.typed}” may be “${fix.meant}”. Did you mean ${printedCode(label.code)}?`
      : 'One of these symbols is not right: please check the code and type it again.',
  );
  await expect(page).toHaveURL(/\/found$/);
  expect(lookups).toEqual([]);

  await code.fill(printed.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/found/${label.code}$`));
  await expect(page.getByRole('heading', { name: 'You found Blue backpack!' })).toBeVisible();
});

test('a wrong check symbol: the slip is named, and typing the code it names goes on', async ({
  page,
  request,
}) => {
  const label = await labelledItem(request);
  const right = label.code + checkSymbol(label.code);
  // A slip the page can name: two neighbours swapped, or a symbol typed for its look-alike, which
  // no other single slip explains.
  const slips: string[] = [];
  for (let at = 0; at + 1 < right.length; at++)
    slips.push(right.slice(0, at) + right[at + 1] + right[at] + right.slice(at + 2));
  for (const [a, b] of LOOK_ALIKES)
    for (let at = 0; at < right.length; at++)
      if (right[at] === a || right[at] === b)
        slips.push(right.slice(0, at) + (right[at] === a ? b : a) + right.slice(at + 1));
  const typed = slips.find((slip) => checkedCodeFix(slip)?.fixed === right);
  expect(typed, 'a nameable slip of this code').toBeDefined();
  const fix = checkedCodeFix(typed!)!;
  await page.goto('/found');
  const code = page.getByRole('textbox', { name: 'Code on the label' });
  await code.fill(`${typed!.slice(0, 5)} ${typed!.slice(5, 10)}-${typed!.slice(10)}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    `One symbol is not right: “${fix.typed}” may be “${fix.meant}”. Did you mean ${printedCode(label.code)}?`,
  );
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill(printedCode(label.code));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'You found Blue backpack!' })).toBeVisible();
});
