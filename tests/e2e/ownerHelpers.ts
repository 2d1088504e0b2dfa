import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newSet } from './adminHelpers';
import { adminSession, apiAs, openSignedIn, registerViaApi, uniqueEmail, type SessionUser } from './helpers';

export interface Session {
  user: SessionUser;
  sessionToken: string;
}

export { apiAs };

/** The run's admin token (see helpers.adminSession). */
export const adminToken = async (request: APIRequestContext): Promise<string> =>
  (await adminSession(request)).sessionToken;

export interface PrintedSet {
  setId: string;
  /** Code values in sheet order (80 for Avery 4221). */
  codes: string[];
}

/** A fresh Avery 4221 set, marked printed: every code in it can be claimed. */
export async function printedSet(request: APIRequestContext): Promise<PrintedSet> {
  const token = await adminToken(request);
  const set = await newSet(request, token);
  await apiAs(request, token, 'POST', '/api/admin/qr-sets/mark-sets-printed', { setIds: [set.id] });
  return { setId: set.id, codes: set.qrCodes.map((c) => c.value) };
}

/** A new owner (unique e-mail) registered through the API. */
export const newOwner = async (request: APIRequestContext, name = 'Olive Owner'): Promise<Session> =>
  registerViaApi(request, { email: uniqueEmail('owner'), name });

export const claim = (request: APIRequestContext, owner: Session, qrCode: string, claimAll = false) =>
  apiAs<{ claimedCount: number }>(request, owner.sessionToken, 'POST', '/api/qr-codes/claim', {
    qrCode,
    setId: null,
    claimAll,
  });

export interface ItemDto {
  id: string;
  name: string;
  qrCode: string | null;
  photoUrl: string | null;
}

/** Creates an item the way the /create form does (multipart). */
export async function createItem(
  request: APIRequestContext,
  owner: Session,
  name: string,
  itemTypeId = 'keys',
): Promise<ItemDto> {
  const res = await request.post('/api/items', {
    headers: { Authorization: `Bearer ${owner.sessionToken}` },
    multipart: { itemTypeId, name, description: `${name}, described`, omitQR: 'true' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { item: ItemDto }).item;
}

export const assignCode = (request: APIRequestContext, owner: Session, itemId: string, qrCode: string) =>
  apiAs(request, owner.sessionToken, 'POST', `/api/items/${itemId}/qr-assignment`, { qrCode });

/** A second browser context on a phone (375 × 740), signed in as the owner, at `path`. */
export async function phoneSignedIn(browser: Browser, owner: Session, path: string) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await openSignedIn(page, owner, path);
  return { context, page };
}

export const openAs = (page: Page, owner: Session, path: string) => openSignedIn(page, owner, path);

// A real PNG built here (solid colour), so the server's content check and re-encoding accept it.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height PNG of one colour. */
export function solidPng(width = 64, height = 48, [r, g, b] = [31, 95, 91]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
