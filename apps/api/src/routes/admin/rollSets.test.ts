/**
 * Sets made from a roll template (PRODUCT.md, Printing): N labels, the admin's choice; a sheet template still
 * makes one sheet. The roll set keeps the spec's grid (setGrid), so its "pages" for splitting are
 * runs of labels in print order.
 */
import type { QrCodeSetDetail } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../../testing/adminServer';

let t: AdminServer;
beforeAll(async () => {
  t = await startAdminServer();
});
afterAll(async () => {
  await t.server.close();
});

const create = (body: unknown) => t.api.post<QrCodeSetDetail>('/api/admin/qr-sets/create-with-codes', body);
const NUMBER_ERROR = 'The number of labels must be a whole number from 1 to 500';

describe('POST /api/admin/qr-sets/create-with-codes on a roll template', () => {
  it('makes a set of the number of labels asked for, in print order on the spec’s grid', async () => {
    const res = await create({ templateId: 'brother-dk-11218', count: 12 });
    expect(res.status).toBe(201);
    const set = res.body.data;
    expect(set).toMatchObject({
      templateId: 'brother-dk-11218',
      codeCount: 12,
      rows: 3,
      columns: 4,
      isPrinted: false,
    });
    expect(set.qrCodes).toHaveLength(12);
    expect(set.qrCodes.map((code) => [code.row, code.column])).toEqual(
      Array.from({ length: 12 }, (_, i) => [Math.floor(i / 4) + 1, (i % 4) + 1]),
    );
  });

  it('makes 80 labels when no number is given', async () => {
    const res = await create({ templateId: 'dymo-30332' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ codeCount: 80, rows: 10, columns: 8 });
  });

  it.each([[0], [501], [1.5], ['12']])('refuses %j labels with 400 and says why', async (count) => {
    const res = await create({ templateId: 'brother-dk-11221', count });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: null, error: NUMBER_ERROR });
  });

  it('refuses a number of labels on a sheet template: a sheet set is one sheet', async () => {
    const res = await create({ templateId: 'avery-4221', count: 12 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'A sheet template makes one sheet of labels; the number of labels is for rolls',
    );
    const sheet = await create({ templateId: 'avery-5160' });
    expect(sheet.body.data).toMatchObject({ codeCount: 30, rows: 5, columns: 6 });
  });

  it('keeps the lifecycle: printed, then split into runs of labels in print order, then a run released', async () => {
    const set = (await create({ templateId: 'brother-dk-11218', count: 10 })).body.data; // 3 rows of 4, 2 in the last
    expect((await t.markPrinted(set.id)).body.data).toEqual({ updatedCount: 1 });
    const res = await t.split({ setId: set.id, rowsPerSet: 1 });
    expect(res.status).toBe(200);
    const { children } = res.body.data;
    expect(children.map((child) => [child.name, child.codeCount])).toEqual([
      [`${set.name}, row 1`, 4],
      [`${set.name}, row 2`, 4],
      [`${set.name}, row 3`, 2],
    ]);
    const released = await t.api.post('/api/admin/qr-sets/mark-sets-released', { setIds: [children[0].id] });
    expect(released.status).toBe(200);
  });
});
