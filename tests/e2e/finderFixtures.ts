import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminSession, registerViaApi } from './helpers';

// Set-up for the finder page's browser tests (finder*.spec.ts): an owner's item wearing a label
// made through the admin API, exactly as in production, and a phone-sized browser.

export const PHONE = {
  ...devices['Pixel 5'],
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
};

export interface Label {
  code: string;
  itemId: string;
  itemName: string;
  owner: { token: string };
}
export interface OwnerReport {
  message: string;
  latitude: string | null;
  longitude: string | null;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

let codes: string[] = [];
/** One printed sheet per worker; each test takes its own code from it. */
export async function freshCode(request: APIRequestContext) {
  if (codes.length === 0) {
    const { sessionToken } = await adminSession(request);
    const headers = bearer(sessionToken);
    const set = await ok<{ data: { id: string; qrCodes: { value: string }[] } }>(
      await request.post('/api/admin/qr-sets/create-with-codes', {
        headers,
        data: { templateId: 'avery-4221' },
      }),
    );
    await ok(
      await request.post('/api/admin/qr-sets/mark-sets-printed', {
        headers,
        data: { setIds: [set.data.id] },
      }),
    );
    const detail = await ok<{ data: { qrCodes: { value: string }[] } }>(
      await request.get(`/api/admin/qr-sets/${set.data.id}`, { headers }),
    );
    codes = detail.data.qrCodes.map((c) => c.value);
  }
  return codes.shift()!;
}

/** An owner (new account) with an item wearing a fresh label. */
export async function labelledItem(
  request: APIRequestContext,
  item: { name: string; type: string; photo?: Buffer } = { name: 'Blue backpack', type: 'bag' },
) {
  const owner = await registerViaApi(request);
  const headers = bearer(owner.sessionToken);
  const code = await freshCode(request);
  await ok(
    await request.post('/api/qr-codes/claim', {
      headers,
      data: { qrCode: code, setId: null, claimAll: false },
    }),
  );
  const created = await ok<{ item: { id: string } }>(
    await request.post('/api/items', {
      headers,
      multipart: {
        itemTypeId: item.type,
        name: item.name,
        description: 'Navy, with a lighthouse patch on the front pocket.',
        omitQR: 'true',
      },
    }),
  );
  await ok(
    await request.post(`/api/items/${created.item.id}/qr-assignment`, { headers, data: { qrCode: code } }),
  );
  if (item.photo)
    await ok(
      await request.post(`/api/items/${created.item.id}/photo`, {
        headers,
        multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer: item.photo } },
      }),
    );
  return {
    code,
    itemId: created.item.id,
    itemName: item.name,
    owner: { token: owner.sessionToken },
  } as Label;
}

export async function ownerReports(request: APIRequestContext, label: Label) {
  const res = await request.get('/api/users/me/data', { headers: bearer(label.owner.token) });
  return (await ok<{ data: { foundReports: OwnerReport[] } }>(res)).data.foundReports;
}

export const form = (page: Page) => ({
  message: page.getByPlaceholder('Tell the owner...'),
  phone: page.getByLabel('Your phone number'),
  location: page.getByRole('checkbox', { name: 'Share your location once (recommended)' }),
  submit: page.getByRole('button', { name: 'Message Owner' }),
  dialog: page.getByRole('dialog', { name: 'Are you sure?' }),
});

/** A stand-in photo, drawn by the browser itself. */
export async function drawPhoto(page: Page) {
  await page.setContent(
    '<div style="width:480px;height:360px;display:grid;place-items:center;font-size:160px;' +
      'background:linear-gradient(135deg,#9cc3e6,#2f5d8a)">🎒</div>',
  );
  return page.locator('div').screenshot();
}

/** Kept with the run's results for review; a dialog is pictured as the phone shows it. */
export const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

/**
 * A finder's report from `address` (another network than the owner's) and, unless `talk` is
 * false, a real conversation on it: the owner replies, then the finder answers. A gift needs both.
 */
export async function reportAndTalk(
  request: APIRequestContext,
  label: { code: string; owner: { token: string } },
  address: string,
  talk = true,
) {
  const headers = { 'X-Forwarded-For': address };
  const { data } = await ok<{ data: { reportId: string; threadPath: string } }>(
    await request.post(`/api/found/${label.code}/report`, {
      headers,
      data: { finderName: '', finderEmail: '', finderPhone: '', foundNotes: 'At the station.' },
    }),
  );
  if (!talk) return data;
  await ok(
    await request.post(`/api/reports/${data.reportId}/messages`, {
      headers: bearer(label.owner.token),
      data: { text: 'Thank you! When can I come by?' },
    }),
  );
  await ok(
    await request.post(`/api${data.threadPath}/messages`, {
      headers,
      data: { text: 'Any time before six.' },
    }),
  );
  return data;
}

/** The item name the label makers below give their items. */
export const STATE_ITEM = 'Brass keys';

async function claimedLabel(request: APIRequestContext) {
  const owner = await registerViaApi(request);
  const code = await freshCode(request);
  await ok(
    await request.post('/api/qr-codes/claim', {
      headers: bearer(owner.sessionToken),
      data: { qrCode: code, setId: null, claimAll: false },
    }),
  );
  return { owner, code };
}

/** Every state a printed label can be in for a visitor at /qr/{code}: each makes one, gives its code. */
export const LABEL_STATES: Record<string, (request: APIRequestContext) => Promise<string>> = {
  'found item': async (request) => (await labelledItem(request, { name: STATE_ITEM, type: 'keys' })).code,
  'lost item': async (request) => {
    const label = await labelledItem(request, { name: STATE_ITEM, type: 'keys' });
    await ok(
      await request.put(`/api/items/${label.itemId}/lost`, {
        headers: bearer(label.owner.token),
        data: { message: 'Lost near the station.' },
      }),
    );
    return label.code;
  },
  'claimed label on no item': async (request) => (await claimedLabel(request)).code,
  'label of a deleted item': async (request) => {
    const label = await labelledItem(request, { name: STATE_ITEM, type: 'keys' });
    await ok(await request.delete(`/api/items/${label.itemId}`, { headers: bearer(label.owner.token) }));
    return label.code;
  },
  'switched off': async (request) => {
    const label = await labelledItem(request, { name: STATE_ITEM, type: 'keys' });
    await ok(
      await request.put(`/api/items/${label.itemId}`, {
        headers: bearer(label.owner.token),
        data: { name: STATE_ITEM, itemTypeId: 'keys', status: 'inactive' },
      }),
    );
    return label.code;
  },
  unclaimed: (request) => freshCode(request),
  'not printed yet': async (request) => {
    // A set made by an admin that has not left the print room: nobody can claim its codes yet.
    const { sessionToken } = await adminSession(request);
    const set = await ok<{ data: { id: string } }>(
      await request.post('/api/admin/qr-sets/create-with-codes', {
        headers: bearer(sessionToken),
        data: { templateId: 'avery-4221' },
      }),
    );
    const detail = await ok<{ data: { qrCodes: { value: string }[] } }>(
      await request.get(`/api/admin/qr-sets/${set.data.id}`, { headers: bearer(sessionToken) }),
    );
    return detail.data.qrCodes[0]!.value;
  },
  'released by a deleted account': async (request) => {
    const { owner, code } = await claimedLabel(request);
    await ok(
      await request.post('/api/users/me/delete', {
        headers: bearer(owner.sessionToken),
        data: { password: owner.password },
      }),
    );
    return code;
  },
  'unknown code': async () => 'ZZZZZZZZZ2',
};
