import { expect, test, type Page } from '@playwright/test';
import { PHOTO_MAX_BYTES } from '@homing/shared';
import sharp from 'sharp';
import {
  apiAs,
  assignCode,
  claim,
  createItem,
  newOwner,
  openAs,
  phoneSignedIn,
  printedSet,
  solidPng,
} from './ownerHelpers';

// /create and /items: PRODUCT.md, Screens, States, Validation and Errors.

const card = (page: Page, name: string) =>
  page.locator('article.item-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

const png = (name = 'photo.png') => ({ name, mimeType: 'image/png', buffer: solidPng() });
const notAnImage = {
  name: 'notes.png',
  mimeType: 'image/png',
  buffer: Buffer.from('just some text, not a picture'),
};

test.describe('items', () => {
  test('creates an item with a photo and lands on its edit dialog', async ({ page, request }) => {
    const owner = await newOwner(request);
    await openAs(page, owner, '/create');
    await expect(page.getByRole('heading', { name: 'Create New Item' })).toBeVisible();

    const type = page.getByLabel('Item Type');
    await expect(type).toHaveValue('pets'); // the first type is preselected
    await expect(type.locator('option').first()).toHaveText('🐾 Pets');
    await expect(page.getByText('JPG, PNG up to 5MB')).toBeVisible();

    await page.getByRole('button', { name: 'Create Item' }).click();
    await expect(page.getByText('Item name is required')).toBeVisible();

    await type.selectOption('keys');
    await page.getByLabel('Item Name').fill('House keys');
    await page.getByLabel('Description').fill('Three keys on a red ring');
    await page.getByTestId('photo-input').setInputFiles(png('keys.png'));
    await expect(page.getByAltText('Selected photo preview')).toBeVisible();

    // Hold the request until the busy label has been seen.
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/items', async (route) => {
      await seen;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Item' }).click();
    await expect(page.getByRole('button', { name: 'Creating Item...' })).toBeDisabled();
    release();

    // /items?edit={id}: the dialog opens, then the parameter is removed.
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL('/items');
    await expect(dialog.getByLabel('Item Name')).toHaveValue('House keys');
    await expect(dialog.getByAltText('Selected photo preview')).toHaveAttribute('src', /\/api\/photos\//);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const keys = card(page, 'House keys');
    await expect(keys.getByRole('img', { name: 'Photo of House keys' })).toBeVisible();
    await expect(keys).toContainText('Keys');
    await expect(keys).toContainText('No QR label yet');
  });

  test("a phone's 12 MB photo is made to fit in the browser and kept with the item", async ({
    page,
    request,
  }) => {
    test.slow();
    // A camera-sized JPEG of noise (which compresses badly, as a real photo's detail does).
    const [width, height] = [4032, 3024];
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(12 * 1024 * 1024);
    const owner = await newOwner(request);
    await openAs(page, owner, '/create');
    await page.getByLabel('Item Name').fill('Camera bag');
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    const sent = page.waitForRequest('**/api/items');
    await page.getByRole('button', { name: 'Create Item' }).click();
    const upload = await sent;
    await upload.response();
    expect((await upload.sizes()).requestBodySize).toBeLessThan(PHOTO_MAX_BYTES);
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(dialog.getByLabel('Item Name')).toHaveValue('Camera bag');
    await expect(dialog.getByAltText('Selected photo preview')).toHaveAttribute('src', /\/api\/photos\//);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    const { items } = await apiAs<{ items: { name: string; photoUrl: string }[] }>(
      request,
      owner.sessionToken,
      'GET',
      '/api/items/my-items',
    );
    const stored = await request.get(items.find((i) => i.name === 'Camera bag')!.photoUrl, {
      headers: { Authorization: `Bearer ${owner.sessionToken}` },
    });
    const kept = await sharp(await stored.body()).metadata();
    // Landscape stays landscape, at the stored size.
    expect([kept.width, kept.height]).toEqual([1600, 1200]);
  });

  test('a photo the server refuses never loses the item: created without it, and the reason shown', async ({
    page,
    request,
  }) => {
    const owner = await newOwner(request);
    await openAs(page, owner, '/create');
    await page.getByLabel('Item Name').fill('Umbrella');
    await page.getByTestId('photo-input').setInputFiles(notAnImage);
    await page.getByRole('button', { name: 'Create Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(dialog.getByLabel('Item Name')).toHaveValue('Umbrella');
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText(
      'Your item was created without its photo. You can choose another one here.',
    );
    await expect(alert).toContainText('Photo must be a JPEG, PNG or WebP image');
    await dialog.getByTestId('photo-input').setInputFiles(png('umbrella.png'));
    await expect(dialog.getByAltText('Selected photo preview')).toHaveAttribute('src', /\/api\/photos\//);
    await expect(alert).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Umbrella').getByRole('img', { name: 'Photo of Umbrella' })).toBeVisible();
    await expect(page.locator('article.item-card')).toHaveCount(1);
  });

  test('edits, uploads a photo and deletes', async ({ page, request }) => {
    const owner = await newOwner(request);
    await createItem(request, owner, 'Old wallet', 'wallet');
    await createItem(request, owner, 'Bike');
    await openAs(page, owner, '/items');

    await card(page, 'Old wallet').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await dialog.getByLabel('Item Name').fill('  ');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Item name is required')).toBeVisible();

    await dialog.getByTestId('photo-input').setInputFiles(notAnImage);
    await expect(dialog.getByRole('alert')).toContainText('Failed to upload photo');
    await expect(dialog.getByRole('alert')).toContainText('Photo must be a JPEG, PNG or WebP image');
    await dialog.getByTestId('photo-input').setInputFiles(png('wallet.png'));
    await expect(dialog.getByAltText('Selected photo preview')).toHaveAttribute('src', /\/api\/photos\//);
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    await dialog.getByLabel('Item Name').fill('Brown wallet');
    await dialog.getByLabel('Description').fill('Leather, with a library card');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    const wallet = card(page, 'Brown wallet');
    await expect(wallet).toContainText('Leather, with a library card');
    await expect(wallet.getByRole('img', { name: 'Photo of Brown wallet' })).toBeVisible();

    await card(page, 'Bike').getByRole('button', { name: 'Delete Bike' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Item' });
    await expect(confirm).toContainText('Are you sure you want to delete “Bike”?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, 'Bike')).toHaveCount(0);
    await page.reload();
    await expect(card(page, 'Brown wallet')).toBeVisible();
    await expect(card(page, 'Bike')).toHaveCount(0);
  });

  test('switches a label off and takes it off the item, from the edit dialog', async ({ page, request }) => {
    const { codes } = await printedSet(request);
    const owner = await newOwner(request);
    await claim(request, owner, codes[0]!);
    const keys = await createItem(request, owner, 'Spare keys');
    await assignCode(request, owner, keys.id, codes[0]!);
    await openAs(page, owner, '/items');

    // Off: finders who scan the label are told the item is not active.
    await card(page, 'Spare keys').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    const reachable = dialog.getByRole('checkbox', { name: /Finders can message me through this label/ });
    await expect(reachable).toBeChecked();
    await reachable.uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, 'Spare keys')).toContainText('Inactive');
    const found = await request.get(`/api/found/${codes[0]}`);
    expect(found.status()).toBe(404);
    expect((await found.json()).error).toBe('Item not found or inactive');

    // On again, and then the label comes off; the owner keeps the code for another item.
    await card(page, 'Spare keys').getByRole('button', { name: 'Edit' }).click();
    await reachable.check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, 'Spare keys')).not.toContainText('Inactive');
    expect((await request.get(`/api/found/${codes[0]}`)).status()).toBe(200);

    await card(page, 'Spare keys').getByRole('button', { name: 'Edit' }).click();
    await expect(dialog).toContainText(`This item carries ${codes[0]}`);
    await page.route('**/api/items/*/qr-assignment', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { success: false, data: null, error: 'boom' } })
        : route.continue(),
    );
    await dialog.getByRole('button', { name: 'Remove QR Code' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to remove the QR label');
    await expect(dialog).toContainText(`This item carries ${codes[0]}`);
    await page.unroute('**/api/items/*/qr-assignment');
    await dialog.getByRole('button', { name: 'Remove QR Code' }).click();
    await expect(dialog).toContainText('No QR label on this item yet.');
    await expect(dialog.getByRole('button', { name: 'Remove QR Code' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Spare keys')).toContainText('No QR label yet');
    const available = await request.get('/api/qr-codes/available', {
      headers: { Authorization: `Bearer ${owner.sessionToken}` },
    });
    expect(JSON.stringify(await available.json())).toContain(codes[0]!);
  });

  test('shows the failure texts of updating and deleting', async ({ page, request }) => {
    const owner = await newOwner(request);
    await createItem(request, owner, 'Laptop', 'laptop');
    await openAs(page, owner, '/items');
    await page.route('**/api/items/*', (route) =>
      ['PUT', 'DELETE'].includes(route.request().method())
        ? route.fulfill({ status: 500, json: { success: false, data: null, error: 'boom' } })
        : route.continue(),
    );
    await card(page, 'Laptop').getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to update item');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await card(page, 'Laptop').getByRole('button', { name: 'Delete Laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to delete item');
    await expect(card(page, 'Laptop')).toBeVisible();
  });

  test('Load More Items appends the next page while there is one', async ({ page, request }) => {
    const owner = await newOwner(request);
    for (let n = 1; n <= 23; n++)
      await createItem(request, owner, `Box ${String(n).padStart(2, '0')}`, 'other');
    await openAs(page, owner, '/items');
    const cards = page.locator('article.item-card');
    await expect(cards).toHaveCount(20);
    await page.getByRole('button', { name: 'Load More Items' }).click();
    await expect(cards).toHaveCount(23);
    await expect(page.getByRole('button', { name: 'Load More Items' })).toHaveCount(0);
    const names = await cards.locator('h2').allTextContents();
    expect(new Set(names).size).toBe(23);
  });

  test('assigns a label through a pending assignment completed from a phone', async ({
    page,
    browser,
    request,
  }) => {
    const { codes } = await printedSet(request);
    const owner = await newOwner(request);
    await claim(request, owner, codes[0]!);
    await createItem(request, owner, 'Travel bag', 'luggage');
    await openAs(page, owner, '/items');

    // From the edit dialog: a pending assignment closes it and opens the scan dialog.
    await card(page, 'Travel bag').getByRole('button', { name: 'Edit' }).click();
    await page
      .getByRole('dialog', { name: 'Edit Item' })
      .getByRole('button', { name: 'Assign QR Code' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Edit Item' })).toHaveCount(0);
    const assign = page.getByRole('dialog', { name: 'Assign QR Code' });
    await expect(assign).toContainText('Scan a label with your phone');
    await expect(assign.getByTestId('assign-countdown')).toHaveText(/^(10:00|9:[0-5]\d)$/);

    // The scan's GET says an assignment waits and leaves the label as it was.
    const seen = await apiAs<{ type: string; item: { name: string } }>(
      request,
      owner.sessionToken,
      'GET',
      `/api/qr-code-event/${codes[0]}`,
    );
    expect(seen).toMatchObject({ type: 'assignment_pending', item: { name: 'Travel bag' } });
    await expect(assign).toContainText('Scan a label with your phone');

    // The phone's scan completes it at once: the page posts the completion itself (the GET changed
    // nothing), shows the success message, then opens the item's edit dialog on /items?edit={id}.
    const phone = await phoneSignedIn(browser, owner, '/404-blank-for-storage');
    const posts: string[] = [];
    const urls: string[] = [];
    phone.page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/qr-assignment/')) posts.push(new URL(r.url()).pathname);
    });
    phone.page.on('framenavigated', (f) => {
      if (f === phone.page.mainFrame()) urls.push(new URL(f.url()).pathname + new URL(f.url()).search);
    });
    await phone.page.goto(`/qr/${codes[0]}`);
    await expect(phone.page.getByRole('heading', { name: 'QR Code Assigned' })).toBeVisible();
    await expect(phone.page.getByText('QR code assigned to your item!')).toBeVisible();
    expect(posts).toEqual([expect.stringMatching(/^\/api\/items\/[^/]+\/qr-assignment\/scan$/)]);
    await expect(phone.page.getByRole('dialog', { name: 'Edit Item' })).toBeVisible();
    await expect(phone.page).toHaveURL('/items');
    await expect(phone.page.getByRole('dialog', { name: 'Edit Item' })).toContainText(
      `This item carries ${codes[0]}`,
    );
    // It went through the items page with the edit parameter, which the page then removed.
    expect(urls.some((u) => /^\/items\?edit=[^&]+$/.test(u))).toBe(true);
    expect(posts).toHaveLength(1);
    await phone.context.close();

    // The desktop dialog learns it by itself.
    await expect(assign.getByRole('status')).toContainText(`QR code ${codes[0]} is now on Travel bag.`);
    await assign.getByRole('button', { name: 'Done' }).click();
    await expect(card(page, 'Travel bag')).toContainText(`QR label ${codes[0]}`);
  });

  test('picks one of the available codes directly', async ({ page, request }) => {
    const { codes } = await printedSet(request);
    const owner = await newOwner(request);
    for (const code of codes.slice(0, 3)) await claim(request, owner, code);
    await createItem(request, owner, 'Dog collar', 'pets');
    await createItem(request, owner, 'Cat collar', 'pets');
    await openAs(page, owner, '/items');

    await card(page, 'Dog collar').getByRole('button', { name: 'Assign QR Code' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign QR Code' });
    const list = assign.getByRole('list', { name: 'Available QR codes' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await list.getByRole('button', { name: `Use code ${codes[1]}` }).click();
    await expect(assign.getByRole('status')).toContainText(`QR code ${codes[1]} is now on Dog collar.`);
    await assign.getByRole('button', { name: 'Done' }).click();
    await expect(card(page, 'Dog collar')).toContainText(`QR label ${codes[1]}`);

    await card(page, 'Cat collar').getByRole('button', { name: 'Assign QR Code' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('button', { name: `Use code ${codes[1]}` })).toHaveCount(0);
    await assign.getByRole('button', { name: 'Cancel' }).click();
    await expect(assign).toHaveCount(0);
  });

  test('says so when scanning cannot be prepared, and when nobody is signed in', async ({
    page,
    request,
  }) => {
    const owner = await newOwner(request);
    await createItem(request, owner, 'Keys');
    await openAs(page, owner, '/items');
    await page.route('**/qr-assignment/pending', (route) =>
      route.fulfill({ status: 500, json: { success: false, data: null, error: 'boom' } }),
    );
    await card(page, 'Keys').getByRole('button', { name: 'Assign QR Code' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to prepare QR code scanning. Please try again.');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.unroute('**/qr-assignment/pending');
    await page.route('**/api/items/my-items*', (route) =>
      route.fulfill({ status: 500, json: { success: false, data: null, error: 'boom' } }),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Failed to load items');

    await page.evaluate(() => localStorage.clear());
    await page.goto('/items');
    await expect(page).toHaveURL('/auth?returnUrl=%2Fitems');
  });

  test('an empty list invites the first item, on a phone too', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const owner = await newOwner(request);
    // An id that is not this owner's opens nothing and stays in the address.
    await openAs(page, owner, '/items?edit=not-mine');
    await expect(page.getByText('No items yet')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL('/items?edit=not-mine');
    await page.getByRole('link', { name: 'Add New Item' }).first().click();
    await expect(page).toHaveURL('/create');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
