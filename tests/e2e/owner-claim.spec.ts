import { expect, test } from '@playwright/test';
import { newSet } from './adminHelpers';
import { PASSWORD, authForm, uniqueEmail } from './helpers';
import { adminToken, apiAs, claim, newOwner, openAs, printedSet } from './ownerHelpers';

// Scanning a label (/qr/{code}) and claiming it: PRODUCT.md, Screens, States and Label states.

test.describe('claiming labels', () => {
  test('a visitor opens a label URL, signs up inside the claim dialog and ends on /items owning the code', async ({
    page,
    request,
  }) => {
    const { codes } = await printedSet(request);
    const code = codes[0]!;
    await page.goto(`/qr/${code}`);
    // The claim landing at once, on the label's light page (label-states.spec.ts); the claim opens
    // the owner app's dialog.
    await expect(page.getByRole('heading', { name: 'Welcome to the product!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How does it work?' })).toBeVisible();
    await expect(
      page.getByText('This code is part of a set of 80 codes. You can claim them all at once!'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Click to claim this code!' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Login here' }).click();
    await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create one' }).click();
    await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();

    const email = uniqueEmail('visitor');
    const form = authForm(page);
    await form.contact.fill(email);
    await form.password.fill(PASSWORD);
    await form.submit.click();

    // Signed in: the same dialog now asks which codes to claim.
    const confirm = page.getByRole('alertdialog', { name: 'Claim QR Code Set' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('There are other codes in the set. Claim all 80 codes now?');
    await expect(confirm.getByRole('button', { name: 'Claim 80 Codes' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Claim 1 QR Code' }).click();

    await expect(page).toHaveURL('/items');
    await expect(
      page.getByRole('status').filter({ hasText: 'Successfully claimed your QR code!' }),
    ).toBeVisible();
    await expect(page.getByText('No items yet')).toBeVisible();

    const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
    const available = await apiAs<{ codes: { value: string }[] }>(
      request,
      token!,
      'GET',
      '/api/qr-codes/available',
    );
    expect(available.codes.map((c) => c.value)).toEqual([code]);

    // The message is shown once: a reload does not bring it back.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Items' })).toBeVisible();
    await expect(page.getByText('Successfully claimed your QR code!')).toHaveCount(0);
  });

  test('a signed-in owner claims a whole set', async ({ page, request }) => {
    const { codes } = await printedSet(request);
    const owner = await newOwner(request);
    await openAs(page, owner, `/qr/${codes[5]}`);

    await expect(page.getByRole('heading', { name: 'Ready to Claim' })).toBeVisible();
    await expect(page.getByText("You're about to claim 80 QR codes from this set.")).toBeVisible();
    await page.getByRole('button', { name: 'Claim Now' }).click();

    const confirm = page.getByRole('alertdialog', { name: 'Claim QR Code Set' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: 'Claim Now' }).click();
    await confirm.getByRole('button', { name: 'Claim 80 Codes' }).click();

    await expect(page).toHaveURL('/items');
    await expect(
      page.getByRole('status').filter({ hasText: 'Successfully claimed 80 QR codes!' }),
    ).toBeVisible();
    const available = await apiAs<{ codes: unknown[] }>(
      request,
      owner.sessionToken,
      'GET',
      '/api/qr-codes/available',
    );
    expect(available.codes).toHaveLength(80);
  });

  test('the last free code of a set is claimed alone; the scan outcomes of owned codes', async ({
    page,
    request,
  }) => {
    const { codes } = await printedSet(request);
    const other = await newOwner(request, 'Other Owner');
    for (const code of codes.slice(1)) await claim(request, other, code);
    const owner = await newOwner(request);

    await openAs(page, owner, `/qr/${codes[0]}`);
    await expect(page.getByText("You're about to claim this QR code.")).toBeVisible();
    await page.getByRole('button', { name: 'Claim Now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Claim QR Code' });
    await expect(confirm).toContainText('You are claiming a single QR code.');
    await confirm.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Successfully claimed your QR code!' }),
    ).toBeVisible();

    // Mine, on no item yet.
    await page.goto(`/qr/${codes[0]}`);
    await expect(page.getByRole('heading', { name: 'Your QR Code' })).toBeVisible();
    await expect(page.getByText('This QR code is yours but is not assigned to an item yet.')).toBeVisible();
    await page.getByRole('link', { name: 'My Items' }).last().click();
    await expect(page).toHaveURL('/items');

    // Someone else's, on no item yet.
    await page.goto(`/qr/${codes[1]}`);
    await expect(page.getByRole('heading', { name: 'Unassigned QR Code' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a failed claim is only logged', async ({ page, request }) => {
    const { codes } = await printedSet(request);
    const owner = await newOwner(request);
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    await openAs(page, owner, `/qr/${codes[0]}`);
    await page.getByRole('button', { name: 'Claim Now' }).click();
    // Someone else is quicker.
    await claim(request, await newOwner(request, 'Quick Owner'), codes[0]!);
    const confirm = page.getByRole('alertdialog', { name: 'Claim QR Code Set' });
    await confirm.getByRole('button', { name: 'Claim 1 QR Code' }).click();
    await expect(confirm.getByRole('button', { name: 'Claim 1 QR Code' })).toBeEnabled();
    await expect(page).toHaveURL(`/qr/${codes[0]}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(errors.join('\n')).toContain('Failed to claim QR code');
  });

  test('labels that are unknown, not active yet, missing, or on an item', async ({ page, request }) => {
    // A visitor gets the finder page's words for these (label-states.spec.ts); `?app` is the owner
    // app's scan flow, which a signed-in browser gets.
    await page.goto('/qr/NOSUCHCODE1?app');
    await expect(page.getByRole('alert')).toHaveText('QR code not found');

    const token = await adminToken(request);
    const unprinted = await newSet(request, token);
    await page.goto(`/qr/${unprinted.qrCodes[0]!.value}?app`);
    await expect(page.getByRole('heading', { name: 'Label Not Active Yet' })).toBeVisible();
    await expect(page.getByText('This label is not active yet.')).toBeVisible();

    await page.goto('/qr');
    await expect(page.getByRole('alert')).toHaveText('No QR code provided');

    // A label on an active item sends the scanner to the finder page.
    const { codes } = await printedSet(request);
    const owner = await newOwner(request);
    await claim(request, owner, codes[0]!);
    const res = await request.post('/api/items', {
      headers: { Authorization: `Bearer ${owner.sessionToken}` },
      multipart: { itemTypeId: 'bag', name: 'Blue bag', description: '', omitQR: 'true' },
    });
    const { item } = (await res.json()) as { item: { id: string } };
    await apiAs(request, owner.sessionToken, 'POST', `/api/items/${item.id}/qr-assignment`, {
      qrCode: codes[0],
    });
    await page.goto(`/qr/${codes[0]!.toLowerCase()}`);
    await expect(page).toHaveURL(`/found/${codes[0]!.toLowerCase()}`);
    await expect(page.getByRole('heading', { name: 'You found Blue bag!' })).toBeVisible();

    // The owner switches the item off: the label says so.
    await apiAs(request, owner.sessionToken, 'PUT', `/api/items/${item.id}`, {
      name: 'Blue bag',
      itemTypeId: 'bag',
      status: 'inactive',
    });
    await page.goto(`/qr/${codes[0]}?app`);
    await expect(page.getByRole('heading', { name: 'Item Not Active' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();
  });

  test('outcomes the server rarely gives: a failed assignment, an unknown type, failures', async ({
    page,
  }) => {
    const answer = { status: 200, body: {} as object };
    await page.route('**/api/qr-code-event/*', (route) =>
      route.fulfill({ status: answer.status, json: answer.body }),
    );
    const scan = async (status: number, body: object) => {
      answer.status = status;
      answer.body = body;
      await page.goto('/qr/ANYCODE234?app');
    };

    const failed = 'The assignment request has expired. Please try again.';
    await scan(200, {
      success: true,
      data: { type: 'assignment_failed', message: failed, error: failed },
      error: null,
    });
    await expect(page.getByRole('heading', { name: 'Assignment Failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(failed);
    await expect(page.getByRole('link', { name: 'My Items' }).last()).toHaveAttribute('href', '/items');

    await scan(200, { success: true, data: { type: 'label_on_the_moon', message: '' }, error: null });
    await expect(page.getByRole('heading', { name: 'Unknown Result' })).toBeVisible();
    await expect(page.getByText('label_on_the_moon')).toBeVisible();

    await scan(500, { success: false, data: null, error: 'Database is taking a nap' });
    await expect(page.getByRole('alert')).toHaveText('Database is taking a nap');
    await scan(500, { success: false, data: null, error: '' });
    await expect(page.getByRole('alert')).toHaveText('Failed to process QR code');
    await scan(200, { success: true, data: null, error: null });
    await expect(page.getByRole('alert')).toHaveText('No result from QR code scan');
  });
});
