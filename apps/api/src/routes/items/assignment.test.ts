import { ASSIGN_MESSAGES, PENDING_ASSIGNMENT_MINUTES, SCAN_MESSAGES } from '@homing/shared';
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

type Scan = { type: string; message: string; error?: string; item?: { id: string; name?: string } };
const scan = (value: string, token?: string) =>
  server.api<Scan>('GET', `/api/qr-code-event/${value}`, { token });
const complete = (itemId: string, qrCode: string, token: string) =>
  server.api<Scan>('POST', `/api/items/${itemId}/qr-assignment/scan`, { token, body: { qrCode } });
/** The owner's scan page: the GET says an assignment waits, the page's POST completes it. */
const scanAndComplete = async (value: string, token: string) => {
  const seen = await scan(value, token);
  if (seen.body.type !== 'assignment_pending') return seen;
  return complete(seen.body.item!.id, value, token);
};
const pending = (itemId: string, token: string) =>
  server.api<{ id: string; expiresAt: string }>('POST', `/api/items/${itemId}/qr-assignment/pending`, {
    token,
  });
const codeRow = async (id: string) =>
  (await server.db.knex('qr_codes').where({ id }).first()) as {
    ownerId: string | null;
    itemId: string | null;
  };
const itemCode = async (itemId: string, token: string) =>
  (await server.api<{ item: { qrCode: string | null } }>('GET', `/api/items/${itemId}`, { token })).body.item
    .qrCode;

describe('pending assignment and the scan that completes it', () => {
  it('creates a 10-minute pending assignment for the owner only', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const item = await makeItem(server, owner.token);
    const before = Date.now();
    const res = await pending(item.id, owner.token);
    const after = Date.now();
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: expect.any(String), expiresAt: expect.any(String) });
    // Made between the request and its answer, however long that took: it expires that long after.
    const expiresAt = Date.parse((res.body.data as { expiresAt: string }).expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + PENDING_ASSIGNMENT_MINUTES * 60_000 - 1);
    expect(expiresAt).toBeLessThanOrEqual(after + PENDING_ASSIGNMENT_MINUTES * 60_000 + 1);
    expect((await pending(item.id, other.token)).status).toBe(404);
    const status = await server.api('GET', `/api/items/${item.id}/qr-assignment/pending`, {
      token: owner.token,
    });
    expect(status.body.data).toMatchObject({ status: 'pending', qrCode: null });
  });

  it('assigns the owner’s own unassigned code scanned from another device', async () => {
    const owner = await signUp(server);
    const item = await makeItem(server, owner.token);
    const set = await makeSet(server);
    await giveCode(server, set.codes[0]!.id, owner.user.id);
    await pending(item.id, owner.token);
    // "Another device": a second session of the same account.
    const phone = await server.api<{ sessionToken: string }>('POST', '/api/auth/login', {
      body: { identifier: owner.email, password: owner.password },
    });
    const token = phone.body.sessionToken;
    // The scan itself only reads: it says an assignment waits for this label, and changes nothing.
    const seen = await scan(set.codes[0]!.value.toLowerCase(), token);
    expect(seen.body).toMatchObject({
      type: 'assignment_pending',
      message: SCAN_MESSAGES.assignmentPending,
      item: { id: item.id, name: item.name },
    });
    expect(await itemCode(item.id, owner.token)).toBeNull();
    expect((await scan(set.codes[0]!.value, token)).body.type).toBe('assignment_pending');

    const res = await complete(item.id, set.codes[0]!.value.toLowerCase(), token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'assignment_completed',
      message: SCAN_MESSAGES.assignmentCompleted,
      item: { id: item.id, name: item.name },
    });
    expect(await itemCode(item.id, owner.token)).toBe(set.codes[0]!.value);
    const status = await server.api('GET', `/api/items/${item.id}/qr-assignment/pending`, {
      token: owner.token,
    });
    expect(status.body.data).toMatchObject({ status: 'completed', qrCode: set.codes[0]!.value });
    // Completed: scanning again is a found_item, not a second assignment; a repeated POST (a
    // reloaded page) answers the same completion.
    expect((await scan(set.codes[0]!.value, owner.token)).body.type).toBe('found_item');
    expect((await complete(item.id, set.codes[0]!.value, token)).body.type).toBe('assignment_completed');
  });

  it('claims and assigns an unclaimed code in one step; a visitor’s scan of it is unaffected', async () => {
    const owner = await signUp(server);
    const item = await makeItem(server, owner.token);
    const set = await makeSet(server, { count: 2 });
    await pending(item.id, owner.token);
    expect((await scan(set.codes[1]!.value)).body.type).toBe('unclaimed_code');
    expect((await scan(set.codes[0]!.value, owner.token)).body.type).toBe('assignment_pending');
    expect(await codeRow(set.codes[0]!.id)).toMatchObject({ ownerId: null });
    const res = await scanAndComplete(set.codes[0]!.value, owner.token);
    expect(res.body.type).toBe('assignment_completed');
    expect(await codeRow(set.codes[0]!.id)).toMatchObject({ ownerId: owner.user.id, itemId: item.id });
    expect(await codeRow(set.codes[1]!.id)).toMatchObject({ ownerId: null });
  });

  it('replaces the item’s previous label, which stays in the owner’s available codes', async () => {
    const owner = await signUp(server);
    const item = await makeItem(server, owner.token);
    const set = await makeSet(server, { count: 2 });
    await giveCode(server, set.codes[0]!.id, owner.user.id, item.id);
    await pending(item.id, owner.token);
    expect((await scanAndComplete(set.codes[1]!.value, owner.token)).body.type).toBe('assignment_completed');
    expect(await itemCode(item.id, owner.token)).toBe(set.codes[1]!.value);
    expect(await codeRow(set.codes[0]!.id)).toMatchObject({ ownerId: owner.user.id, itemId: null });
  });

  it('reports an expired pending assignment as assignment_failed and changes nothing', async () => {
    const owner = await signUp(server);
    const item = await makeItem(server, owner.token);
    const set = await makeSet(server, { count: 2 });
    await giveCode(server, set.codes[0]!.id, owner.user.id);
    const p = await pending(item.id, owner.token);
    const id = (p.body.data as { id: string }).id;
    await server.db
      .knex('pending_assignments')
      .where({ id })
      .update({ expiresAt: new Date(Date.now() - 60_000) });
    for (const code of set.codes) {
      const res = await scan(code.value, owner.token);
      expect(res.body).toMatchObject({ type: 'assignment_failed', message: SCAN_MESSAGES.assignmentExpired });
      // The top-level `error` is the envelope's (null on success); the scan's reason is data.error.
      expect(res.body.data).toMatchObject({ error: 'The assignment request has expired. Please try again.' });
    }
    // A page that still POSTs after the expiry is told the same and changes nothing.
    const late = await complete(item.id, set.codes[1]!.value, owner.token);
    expect(late.body).toMatchObject({
      type: 'assignment_failed',
      data: { error: SCAN_MESSAGES.assignmentExpired },
    });
    expect(await itemCode(item.id, owner.token)).toBeNull();
    expect(await codeRow(set.codes[1]!.id)).toMatchObject({ ownerId: null });
    const status = await server.api('GET', `/api/items/${item.id}/qr-assignment/pending`, {
      token: owner.token,
    });
    expect(status.body.data).toMatchObject({ status: 'expired' });
    // Long expired: an ordinary scan again.
    await server.db
      .knex('pending_assignments')
      .where({ id })
      .update({ expiresAt: new Date(Date.now() - 3_600_000) });
    expect((await scan(set.codes[0]!.value, owner.token)).body.type).toBe('own_unassigned_code');
  });

  it('does not assign someone else’s code or a label that is not active yet', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const item = await makeItem(server, owner.token);
    const set = await makeSet(server);
    const inactive = await makeSet(server, { printed: false });
    await giveCode(server, set.codes[0]!.id, other.user.id);
    await pending(item.id, owner.token);
    expect((await scan(set.codes[0]!.value, owner.token)).body.type).toBe('other_unassigned_code');
    expect((await scan(inactive.codes[0]!.value, owner.token)).body.type).toBe('inactive_code');
    // Nor when the POST is sent directly.
    const others = await complete(item.id, set.codes[0]!.value, owner.token);
    expect(others.body).toMatchObject({
      type: 'assignment_failed',
      data: { error: SCAN_MESSAGES.assignmentTaken },
    });
    // A label nobody owns that no scan offered is as unknown as a wrong code.
    const notYet = await complete(item.id, inactive.codes[0]!.value, owner.token);
    expect(notYet.status).toBe(404);
    expect(notYet.body.error).toBe(SCAN_MESSAGES.notFound);
    expect(await itemCode(item.id, owner.token)).toBeNull();
    expect(await codeRow(inactive.codes[0]!.id)).toMatchObject({ ownerId: null });
  });

  it('completes only the caller’s own item, for a code that exists', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const item = await makeItem(server, owner.token);
    const set = await makeSet(server);
    await pending(item.id, owner.token);
    const stranger = await complete(item.id, set.codes[0]!.value, other.token);
    expect(stranger.status).toBe(404);
    const unknown = await complete(item.id, 'NOSUCHCODE1', owner.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(SCAN_MESSAGES.notFound);
    expect(
      (await server.api('POST', `/api/items/${item.id}/qr-assignment/scan`, { token: owner.token, body: {} }))
        .status,
    ).toBe(400);
    expect(await itemCode(item.id, owner.token)).toBeNull();
    expect(await codeRow(set.codes[0]!.id)).toMatchObject({ ownerId: null });
  });

  it('takes a code nobody owns only after the owner scanned it for this assignment (no guessing through the completion)', async () => {
    const owner = await signUp(server);
    const item = await makeItem(server, owner.token);
    const set = await makeSet(server, { count: 2 });
    await pending(item.id, owner.token);
    // Straight to the completion with a code of the sheet, never scanned: as unknown as a wrong one.
    const guess = await complete(item.id, set.codes[1]!.value, owner.token);
    expect(guess.status).toBe(404);
    expect(guess.body.error).toBe(SCAN_MESSAGES.notFound);
    expect(await codeRow(set.codes[1]!.id)).toMatchObject({ ownerId: null, itemId: null });
    // The scanned one is put on the item once the page confirms it.
    const seen = await scan(set.codes[0]!.value, owner.token);
    expect(seen.body.type).toBe('assignment_pending');
    expect((await complete(item.id, set.codes[1]!.value, owner.token)).status).toBe(404);
    const done = await complete(item.id, set.codes[0]!.value, owner.token);
    expect(done.body.type).toBe('assignment_completed');
    expect(await codeRow(set.codes[0]!.id)).toMatchObject({ ownerId: owner.user.id, itemId: item.id });
  });

  it('cancels a pending assignment: the next scan is an ordinary one', async () => {
    const owner = await signUp(server);
    const item = await makeItem(server, owner.token);
    const set = await makeSet(server);
    await pending(item.id, owner.token);
    const del = await server.api('DELETE', `/api/items/${item.id}/qr-assignment/pending`, {
      token: owner.token,
    });
    expect(del.status).toBe(200);
    expect((await scan(set.codes[0]!.value, owner.token)).body.type).toBe('unclaimed_code');
  });
});

describe('picking an available code: POST and DELETE /api/items/:id/qr-assignment', () => {
  it('assigns one of the owner’s codes, moves the label on re-pick, and takes it off', async () => {
    const owner = await signUp(server);
    const item = await makeItem(server, owner.token);
    const set = await makeSet(server, { count: 2 });
    await giveCode(server, set.codes[0]!.id, owner.user.id);
    await giveCode(server, set.codes[1]!.id, owner.user.id);
    const assign = (qrCode: string) =>
      server.api<{ item: { qrCode: string | null } }>('POST', `/api/items/${item.id}/qr-assignment`, {
        token: owner.token,
        body: { qrCode },
      });
    const first = await assign(set.codes[0]!.value.toLowerCase());
    expect(first.status).toBe(200);
    expect(first.body.item.qrCode).toBe(set.codes[0]!.value);
    expect((await assign(set.codes[0]!.value)).status).toBe(200);
    expect((await assign(set.codes[1]!.value)).body.item.qrCode).toBe(set.codes[1]!.value);
    expect(await codeRow(set.codes[0]!.id)).toMatchObject({ itemId: null, ownerId: owner.user.id });
    const off = await server.api<{ item: { qrCode: string | null } }>(
      'DELETE',
      `/api/items/${item.id}/qr-assignment`,
      { token: owner.token },
    );
    expect(off.body.item.qrCode).toBeNull();
    expect(await codeRow(set.codes[1]!.id)).toMatchObject({ itemId: null, ownerId: owner.user.id });
  });

  it('refuses a code of someone else (404), unclaimed (404), or on another item (409)', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const item = await makeItem(server, owner.token);
    const second = await makeItem(server, owner.token, { name: 'Wallet', itemTypeId: 'wallet' });
    const set = await makeSet(server, { count: 3 });
    await giveCode(server, set.codes[0]!.id, other.user.id);
    await giveCode(server, set.codes[2]!.id, owner.user.id, second.id);
    const assign = (qrCode: string) =>
      server.api('POST', `/api/items/${item.id}/qr-assignment`, { token: owner.token, body: { qrCode } });
    for (const code of [set.codes[0]!, set.codes[1]!]) {
      const res = await assign(code.value);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(ASSIGN_MESSAGES.codeNotYours);
    }
    const onOther = await assign(set.codes[2]!.value);
    expect(onOther.status).toBe(409);
    expect(onOther.body.error).toBe(ASSIGN_MESSAGES.codeOnOtherItem);
    expect((await assign('')).status).toBe(400);
    expect(await itemCode(item.id, owner.token)).toBeNull();
  });
});
