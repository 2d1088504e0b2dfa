import type { QrCodeSetDetail, QrCodeSetSummary } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../../testing/adminServer';

let t: AdminServer;
beforeAll(async () => {
  t = await startAdminServer();
});
afterAll(async () => {
  await t.server.close();
});

const list = async () => {
  const res = await t.api.get<QrCodeSetSummary[]>('/api/admin/qr-sets');
  expect(res.status).toBe(200);
  return res.body.data;
};
const release = (...setIds: string[]) => t.api.post('/api/admin/qr-sets/mark-sets-released', { setIds });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('POST /api/admin/qr-sets/create-with-codes', () => {
  it("creates a top-level set of one sheet of the template's codes", async () => {
    const res = await t.api.post<QrCodeSetDetail>('/api/admin/qr-sets/create-with-codes', {
      templateId: 'avery-4221',
    });
    expect(res.status).toBe(201);
    const set = res.body.data;
    expect(set).toMatchObject({
      name: expect.stringMatching(/^Set \d\d-\d\d-\d{4} #\d+$/),
      parentSetId: null,
      templateId: 'avery-4221',
      rows: 10,
      columns: 8,
      firstRow: 1,
      isPrinted: false,
      isReleased: false,
      codeCount: 80,
      childCount: 0,
      claimedCount: 0,
      assignedCount: 0,
    });
    expect(set.qrCodes).toHaveLength(80);
    expect(set.qrCodes[0]).toEqual({
      id: expect.any(String),
      value: expect.any(String),
      isClaimed: false,
      isAssigned: false,
      row: 1,
      column: 1,
      setId: set.id,
    });
    expect(set.qrCodes[79]).toMatchObject({ row: 10, column: 8 });
  });

  it('makes 32 codes in 8 rows × 4 columns on the 32-label sheet', async () => {
    const set = await t.createSet('round-1in-32');
    expect(set).toMatchObject({ codeCount: 32, rows: 8, columns: 4 });
  });

  it('refuses an unknown or missing template with 400', async () => {
    for (const body of [{ templateId: 'nope' }, {}]) {
      const res = await t.api.post('/api/admin/qr-sets/create-with-codes', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/template/i);
    }
  });
});

describe('GET /api/admin/qr-sets and /api/admin/qr-sets/{id}', () => {
  it('lists sets newest first with code, child, claimed and assigned counts', async () => {
    const parent = await t.printedSet();
    const other = await t.createSet();
    await t.claim([parent.qrCodes[0]!.id, parent.qrCodes[20]!.id]);
    await t.claim([parent.qrCodes[79]!.id], { assign: true });
    await t.split({ setId: parent.id, rowsPerSet: 5 });

    const sets = await list();
    const byId = new Map(sets.map((s) => [s.id, s]));
    expect(byId.get(other.id)).toMatchObject({ codeCount: 80, childCount: 0, isPrinted: false });
    // A split parent counts its children's codes.
    expect(byId.get(parent.id)).toMatchObject({
      codeCount: 80,
      childCount: 2,
      claimedCount: 3,
      assignedCount: 1,
      isPrinted: true,
      parentSetId: null,
    });
    const children = sets.filter((s) => s.parentSetId === parent.id);
    expect(children.map((c) => [c.firstRow, c.codeCount, c.claimedCount, c.assignedCount]).sort()).toEqual([
      [1, 40, 2, 0],
      [6, 40, 1, 1],
    ]);
    const created = sets.map((s) => s.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('shows one set with its codes in grid order, a split parent with its children’s', async () => {
    const parent = await t.printedSet();
    await t.claim([parent.qrCodes[3]!.id], { assign: true });
    await t.split({ setId: parent.id, rowsPerSet: 3 });
    const res = await t.api.get<QrCodeSetDetail>(`/api/admin/qr-sets/${parent.id}`);
    expect(res.status).toBe(200);
    const codes = res.body.data.qrCodes;
    expect(codes.map((c) => c.value)).toEqual(parent.qrCodes.map((c) => c.value));
    expect(codes.map((c) => [c.row, c.column])).toEqual(parent.qrCodes.map((c) => [c.row, c.column]));
    expect(codes[3]).toMatchObject({ isClaimed: true, isAssigned: true });
    expect(new Set(codes.map((c) => c.setId)).size).toBe(4);
    expect(res.body.data).toMatchObject({ childCount: 4, codeCount: 80 });
  });

  it('answers 404 for an unknown set and 400 for a malformed id', async () => {
    const missing = await t.api.get(`/api/admin/qr-sets/${UNKNOWN}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: 'QR code set not found' });
    expect((await t.api.get('/api/admin/qr-sets/not-an-id')).status).toBe(400);
  });
});

describe('POST /api/admin/qr-sets/mark-sets-printed', () => {
  it('marks sets printed and counts only those not printed before', async () => {
    const a = await t.createSet();
    const b = await t.createSet();
    const first = await t.markPrinted(a.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ updatedCount: 1 });
    const second = await t.markPrinted(a.id, b.id, b.id);
    expect(second.body.data).toEqual({ updatedCount: 1 });
    const row = await t.server.db.knex('qr_code_sets').where({ id: b.id }).first();
    expect(row.isPrinted).toBe(true);
    expect(row.printedAt).not.toBeNull();
  });

  it('refuses a child set and a split parent with 409, changing nothing', async () => {
    const parent = await t.printedSet();
    const { children } = (await t.split({ setId: parent.id, rowsPerSet: 5 })).body.data;
    const fresh = await t.createSet();
    const child = await t.markPrinted(fresh.id, children[0]!.id);
    expect(child.status).toBe(409);
    expect(child.body).toMatchObject({ success: false, code: 'print_child_set' });
    const split = await t.markPrinted(parent.id);
    expect(split.status).toBe(409);
    expect(split.body.code).toBe('print_split_set');
    const row = await t.server.db.knex('qr_code_sets').where({ id: fresh.id }).first();
    expect(row.isPrinted).toBe(false);
  });

  it('answers 404 for an unknown set and 400 without sets', async () => {
    expect((await t.markPrinted(UNKNOWN)).status).toBe(404);
    const empty = await t.api.post('/api/admin/qr-sets/mark-sets-printed', { setIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Choose at least one set');
  });
});

describe('POST /api/admin/qr-sets/mark-sets-released', () => {
  it('releases printed child sets', async () => {
    const parent = await t.printedSet();
    const { children } = (await t.split({ setId: parent.id, rowsPerSet: 2 })).body.data;
    const res = await release(children[0]!.id, children[1]!.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: null });
    const rows = await t.server.db.knex('qr_code_sets').where({ parentSetId: parent.id }).orderBy('firstRow');
    expect(rows.map((r) => r.isReleased)).toEqual([true, true, false, false, false]);
    expect(rows[0].releasedAt).not.toBeNull();
  });

  it('refuses a top-level set, an unprinted set and an already released one with 409', async () => {
    const parent = await t.printedSet();
    const { children } = (await t.split({ setId: parent.id, rowsPerSet: 5 })).body.data;
    const unprinted = await t.createSet();

    const top = await release(parent.id);
    expect(top.status).toBe(409);
    expect(top.body).toMatchObject({
      code: 'release_top_level_set',
      error: expect.stringMatching(/child set/),
    });
    expect((await release(unprinted.id)).body.code).toBe('release_top_level_set');

    // A child that is somehow not printed (only the database can make one).
    await t.server.db.knex('qr_code_sets').where({ id: children[1]!.id }).update({ isPrinted: false });
    const notPrinted = await release(children[1]!.id);
    expect(notPrinted.status).toBe(409);
    expect(notPrinted.body.code).toBe('release_unprinted_set');

    expect((await release(children[0]!.id)).status).toBe(200);
    const again = await release(children[0]!.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('set_already_released');
  });

  it('releases all or none', async () => {
    const parent = await t.printedSet();
    const { children } = (await t.split({ setId: parent.id, rowsPerSet: 5 })).body.data;
    expect((await release(children[0]!.id, parent.id)).status).toBe(409);
    const row = await t.server.db.knex('qr_code_sets').where({ id: children[0]!.id }).first();
    expect(row.isReleased).toBe(false);
  });
});
