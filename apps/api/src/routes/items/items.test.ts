import { ITEM_MESSAGES } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCode, makeItem, makeSet } from '../../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface ItemBody {
  id: string;
  name: string;
  description: string;
  photoUrl: string | null;
  status: string;
  itemType: { id: string; icon: string; displayName: string };
  qrCode: string | null;
  createdAt: string;
}
const itemCount = async () => Number((await server.db.knex('items').count({ n: '*' }))[0]!.n);

describe('GET /api/item-types', () => {
  it('lists the item types publicly, in their order', async () => {
    const res = await server.api<{ itemTypes: { id: string; icon: string; displayName: string }[] }>(
      'GET',
      '/api/item-types',
    );
    expect(res.status).toBe(200);
    expect(res.body.itemTypes[0]).toEqual({ id: 'pets', icon: '🐾', displayName: 'Pets' });
    expect(res.body.itemTypes.map((t) => t.id)).toContain('keys');
    expect(res.body.data).toEqual({ itemTypes: res.body.itemTypes });
  });
});

describe('POST /api/items', () => {
  it('creates an item of the caller (JSON or multipart) and answers 201 {item}', async () => {
    const { token } = await signUp(server);
    const res = await server.api<{ item: ItemBody }>('POST', '/api/items', {
      token,
      body: { itemTypeId: 'keys', name: '  House keys ', description: 'Red ring', omitQR: 'true' },
    });
    expect(res.status).toBe(201);
    expect(res.body.item).toEqual({
      id: expect.any(String),
      name: 'House keys',
      description: 'Red ring',
      photoUrl: null,
      status: 'active',
      itemType: { id: 'keys', icon: '🔑', displayName: 'Keys' },
      qrCode: null,
      createdAt: expect.any(String),
      lost: null,
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      itemTypeId: 'bag',
      name: 'Gym bag',
      description: '',
      omitQR: 'true',
    }))
      form.append(k, v);
    const multipart = await fetch(`${server.url}/api/items`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(multipart.status).toBe(201);
    expect(((await multipart.json()) as { item: ItemBody }).item).toMatchObject({
      name: 'Gym bag',
      itemType: { id: 'bag' },
    });
  });

  it.each([
    [{ itemTypeId: 'keys' }, ITEM_MESSAGES.nameRequired],
    [{ itemTypeId: 'keys', name: '   ' }, ITEM_MESSAGES.nameRequired],
    [{ itemTypeId: 'keys', name: 'x'.repeat(101) }, ITEM_MESSAGES.nameTooLong],
    [{ itemTypeId: 'keys', name: 'ok', description: 'x'.repeat(2001) }, ITEM_MESSAGES.descriptionTooLong],
    [{ name: 'ok' }, ITEM_MESSAGES.typeRequired],
    [{ itemTypeId: 'spaceship', name: 'ok' }, ITEM_MESSAGES.unknownType],
    [{ itemTypeId: ['keys'], name: 'ok' }, undefined],
  ])('refuses %j with 400 and creates nothing', async (body, message) => {
    const { token } = await signUp(server);
    const before = await itemCount();
    const res = await server.api('POST', '/api/items', { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: null });
    if (message) expect(res.body.error).toBe(message);
    expect(await itemCount()).toBe(before);
  });
});

describe('GET /api/items/my-items', () => {
  it('pages the caller’s items newest first with hasMore and the item types', async () => {
    const { token } = await signUp(server);
    const other = await signUp(server);
    await makeItem(server, other.token, { name: 'Not mine' });
    for (let i = 1; i <= 23; i++) await makeItem(server, token, { name: `Item ${i}` });
    type Page = { items: ItemBody[]; itemTypes: unknown[]; hasMore: boolean };
    const first = await server.api<Page>('GET', '/api/items/my-items?page=1&limit=20', { token });
    expect(first.status).toBe(200);
    const page1 = first.body.data as Page;
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]!.name).toBe('Item 23');
    expect(page1.hasMore).toBe(true);
    expect(page1.itemTypes.length).toBeGreaterThan(3);
    const page2 = (await server.api<Page>('GET', '/api/items/my-items?page=2&limit=20', { token })).body
      .data as Page;
    expect(page2.items.map((i) => i.name)).toEqual(['Item 3', 'Item 2', 'Item 1']);
    expect(page2.hasMore).toBe(false);
    const byDefault = (await server.api('GET', '/api/items/my-items', { token })).body.data as Page;
    expect(byDefault.items).toHaveLength(20);
    const exact = (await server.api('GET', '/api/items/my-items?page=2&limit=3', { token })).body
      .data as Page;
    expect(exact.items.map((i) => i.name)).toEqual(['Item 20', 'Item 19', 'Item 18']);
    for (const q of ['limit=51', 'limit=0', 'page=0', 'page=abc', 'limit=1.5'])
      expect((await server.api('GET', `/api/items/my-items?${q}`, { token })).status, q).toBe(400);
    expect((await server.api('GET', '/api/items/my-items')).status).toBe(401);
  });
});

describe('one item: GET, PUT, DELETE /api/items/:id', () => {
  it('reads and updates the owner’s item', async () => {
    const { token } = await signUp(server);
    const item = await makeItem(server, token);
    const got = await server.api<{ item: ItemBody }>('GET', `/api/items/${item.id}`, { token });
    expect(got.body.item).toMatchObject({ id: item.id, name: 'House keys' });
    const put = await server.api<{ item: ItemBody }>('PUT', `/api/items/${item.id}`, {
      token,
      body: { name: 'Car keys', description: 'Blue fob', photoUrl: null, itemTypeId: 'other' },
    });
    expect(put.status).toBe(200);
    expect(put.body.item).toMatchObject({
      name: 'Car keys',
      description: 'Blue fob',
      itemType: { id: 'other' },
      status: 'active',
    });
    const keepsDescription = await server.api<{ item: ItemBody }>('PUT', `/api/items/${item.id}`, {
      token,
      body: { name: 'Car keys 2', itemTypeId: 'other' },
    });
    expect(keepsDescription.body.item.description).toBe('Blue fob');
    for (const body of [
      { name: '', itemTypeId: 'keys' },
      { name: 'x', itemTypeId: 'nope' },
      { name: 'x', itemTypeId: 'keys', photoUrl: '/api/photos/someone-elses-photo-key-aaaa.webp' },
      { name: 'x', itemTypeId: 'keys', status: 'recovered' },
    ])
      expect((await server.api('PUT', `/api/items/${item.id}`, { token, body })).status).toBe(400);
    expect(
      (await server.api<{ item: ItemBody }>('GET', `/api/items/${item.id}`, { token })).body.item.name,
    ).toBe('Car keys 2');
  });

  it('answers 404 for another owner’s item or an unknown id, and 401 for a visitor', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const item = await makeItem(server, owner.token);
    const body = { name: 'Stolen', itemTypeId: 'keys' };
    for (const [method, path] of [
      ['GET', `/api/items/${item.id}`],
      ['PUT', `/api/items/${item.id}`],
      ['DELETE', `/api/items/${item.id}`],
      ['POST', `/api/items/${item.id}/qr-assignment/pending`],
      ['GET', `/api/items/not-a-uuid`],
      ['GET', `/api/items/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const res = await server.api(method, path, {
        token: other.token,
        body: method === 'PUT' ? body : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe(ITEM_MESSAGES.notFound);
      expect((await server.api(method, path, { body: method === 'PUT' ? body : undefined })).status).toBe(
        401,
      );
    }
    const row = await server.db.knex('items').where({ id: item.id }).first();
    expect(row.name).toBe('House keys');
  });

  it('deletes the item; its label goes back to the owner’s available codes', async () => {
    const { user, token } = await signUp(server);
    const item = await makeItem(server, token);
    const set = await makeSet(server);
    await giveCode(server, set.codes[0]!.id, user.id, item.id);
    expect(
      (await server.api<{ item: ItemBody }>('GET', `/api/items/${item.id}`, { token })).body.item.qrCode,
    ).toBe(set.codes[0]!.value);
    const del = await server.api('DELETE', `/api/items/${item.id}`, { token });
    expect(del.status).toBe(200);
    expect((await server.api('GET', `/api/items/${item.id}`, { token })).status).toBe(404);
    const code = await server.db.knex('qr_codes').where({ id: set.codes[0]!.id }).first();
    expect(code).toMatchObject({ ownerId: user.id, itemId: null, assignedAt: null });
    expect((await server.api('DELETE', `/api/items/${item.id}`, { token })).status).toBe(404);
  });
});
