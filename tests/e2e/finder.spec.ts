import { expect, test } from '@playwright/test';
import { drawPhoto, form, labelledItem, ownerReports, PHONE, shot } from './finderFixtures';

// The finder page (/found/{code}) on a phone, against the real product: the item, the message with
// and without a phone (the confirmation), the location allowed and refused, Spanish and French.
// The API allows 10 reports per address per 10 minutes: three tests here send a real one.

test.use(PHONE);

test('shows the item; a message with a phone and the location reaches the owner', async ({
  page,
  context,
  request,
}) => {
  const label = await labelledItem(request, {
    name: 'Blue backpack',
    type: 'bag',
    photo: await drawPhoto(page),
  });
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 40.712776, longitude: -74.005974 });
  await page.goto(`/found/${label.code}`);

  await expect(page.getByRole('heading', { level: 1, name: 'You found Blue backpack!' })).toBeVisible();
  await expect(page.getByText('Bag', { exact: true })).toBeVisible();
  await expect(page.getByText('👜')).toBeVisible();
  await expect(page.getByText('Navy, with a lighthouse patch on the front pocket.')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Photo of Blue backpack' });
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const f = form(page);
  await expect(page.getByText('+1', { exact: true })).toBeVisible();
  await expect(f.phone).toHaveAttribute('maxlength', '12');
  await expect(f.location).toBeChecked();
  await shot(page, 'en-item');

  await f.phone.pressSequentially('555abc1234567899');
  await expect(f.phone).toHaveValue('555-123-4567');
  await f.message.fill('Found it on the 5 bus, I gave it to the driver.');
  await f.submit.click();
  await expect(page.getByRole('heading', { name: 'Your message has been sent.' })).toBeVisible();
  await expect(f.dialog).toHaveCount(0);
  await shot(page, 'en-sent');

  const [report] = await ownerReports(request, label);
  expect(report).toMatchObject({
    message: 'Found it on the 5 bus, I gave it to the driver.',
    latitude: '40.7128',
    longitude: '-74.0060',
  });
  // The number tells the finder of the owner's replies; the owner never sees it.
  expect(JSON.stringify(report)).not.toContain('5551234567');
});

test('without a phone: the confirmation, both buttons; location refused is ignored', async ({
  page,
  request,
}) => {
  const label = await labelledItem(request, { name: 'House keys', type: 'keys' });
  await page.goto(`/found/${label.code}`);
  const f = form(page);
  await expect(f.submit).toBeVisible();

  // The message is required; nothing is asked or sent without it.
  await f.submit.click();
  await expect(page.getByText('Please tell the owner something about where you found it')).toBeVisible();
  await expect(f.dialog).toHaveCount(0);

  await f.message.fill('On the bench by the pond.');
  // Not a whole number: said at the field, nothing asked or sent (no number silently dropped).
  await f.phone.fill('555-12');
  await f.submit.click();
  await expect(
    page.getByText('This number looks incomplete. Finish it, or clear the field to send without a number.'),
  ).toBeVisible();
  await expect(f.dialog).toHaveCount(0);
  // Cleared: the confirmation opens, and says the on-screen link still brings replies.
  await f.phone.fill('');
  await f.submit.click();
  await expect(f.dialog).toBeVisible();
  await expect(f.dialog).toHaveAttribute('aria-modal', 'true');
  await expect(f.dialog).toContainText(
    "Without your number we won't be able to provide updates from the owner.",
  );
  const addNumber = f.dialog.getByRole('button', { name: 'Add Number' });
  const withoutNumber = f.dialog.getByRole('button', { name: 'Continue without number' });
  await expect(addNumber).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(withoutNumber).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(addNumber).toBeFocused();
  await shot(page, 'en-dialog', false);
  await page.keyboard.press('Escape');
  await expect(f.dialog).toHaveCount(0);

  await f.submit.click();
  await addNumber.click();
  await expect(f.dialog).toHaveCount(0);
  await expect(f.phone).toBeFocused();

  await f.phone.fill('');
  await f.submit.click();
  await withoutNumber.click();
  await expect(page.getByRole('heading', { name: 'Your message has been sent.' })).toBeVisible();

  const [report] = await ownerReports(request, label);
  expect(report).toMatchObject({
    message: 'On the bench by the pond.',
    latitude: null,
    longitude: null,
  });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('every text is Spanish, through to the sent screen', async ({ page, request }) => {
    const label = await labelledItem(request, { name: 'Max', type: 'pets' });
    await page.goto(`/found/${label.code}`);
    await expect(page.getByRole('heading', { level: 1, name: '¡Has encontrado Max!' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByText('Mascota', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Compartir mi ubicación una vez (recomendado)' }),
    ).toBeVisible();
    await page.getByRole('checkbox').uncheck();
    await page.getByPlaceholder('Cuéntale al dueño...').fill('Estaba en el parque, junto a la fuente.');
    await shot(page, 'es-item');
    await page.getByRole('button', { name: 'Escribir al dueño' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Seguro que quieres continuar?' });
    await expect(dialog.getByRole('button', { name: 'Añadir número' })).toBeVisible();
    await shot(page, 'es-dialog', false);
    await dialog.getByRole('button', { name: 'Continuar sin número' }).click();
    await expect(page.getByRole('heading', { name: 'Tu mensaje se ha enviado.' })).toBeVisible();
    await shot(page, 'es-sent');
    expect((await ownerReports(request, label))[0]?.message).toBe('Estaba en el parque, junto a la fuente.');
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('every text is French', async ({ page, request }) => {
    const label = await labelledItem(request, { name: 'Trousseau', type: 'keys' });
    await page.goto(`/found/${label.code}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vous avez trouvé Trousseau\u202f!' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByText('Clés', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Votre numéro de téléphone')).toBeVisible();
    await page.getByPlaceholder('Écrivez au propriétaire...').fill('Sur un banc.');
    await page.getByRole('button', { name: 'Écrire au propriétaire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vous confirmez\u202f?' });
    await expect(dialog).toContainText(
      'Sans votre numéro, le propriétaire ne pourra pas vous donner de nouvelles.',
    );
    await expect(dialog.getByRole('button', { name: 'Continuer sans numéro' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Ajouter mon numéro' }).click();
    await expect(page.getByLabel('Votre numéro de téléphone')).toBeFocused();

    await page.goto('/found/NOSUCHCODE');
    await expect(page.getByRole('heading', { name: 'Objet introuvable ou inactif' })).toBeVisible();
  });
});
