import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../../testing/adminServer';

let t: AdminServer;
beforeAll(async () => {
  t = await startAdminServer();
});
afterAll(async () => {
  await t.server.close();
});

const codesOf = (setId: string) =>
  t.server.db
    .knex('qr_codes')
    .where({ setId })
    .orderBy(['gridRow', 'gridColumn'])
    .select('value', 'gridRow', 'gridColumn');

describe('POST /api/admin/qr-sets/split', () => {
  it('splits 80 codes 2 rows per set into 5 printed children of 16, codes keeping row and column', async () => {
    const parent = await t.printedSet();
    const res = await t.split({ setId: parent.id, rowsPerSet: 2 });
    expect(res.status).toBe(200);
    const { children, parent: after } = res.body.data;
    expect(after).toMatchObject({ id: parent.id, childCount: 5, codeCount: 80 });
    expect(children.map((c) => [c.name, c.firstRow, c.rows, c.columns, c.codeCount])).toEqual([
      [`${parent.name}, rows 1-2`, 1, 2, 8, 16],
      [`${parent.name}, rows 3-4`, 3, 2, 8, 16],
      [`${parent.name}, rows 5-6`, 5, 2, 8, 16],
      [`${parent.name}, rows 7-8`, 7, 2, 8, 16],
      [`${parent.name}, rows 9-10`, 9, 2, 8, 16],
    ]);
    for (const child of children)
      expect(child).toMatchObject({
        parentSetId: parent.id,
        isPrinted: true,
        isReleased: false,
        childCount: 0,
      });

    expect(await codesOf(parent.id)).toHaveLength(0);
    const moved = (await Promise.all(children.map((c) => codesOf(c.id)))).flat();
    expect(moved.map((c) => c.value)).toEqual(parent.qrCodes.map((c) => c.value));
    expect(moved.map((c) => [c.gridRow + 1, c.gridColumn + 1])).toEqual(
      parent.qrCodes.map((c) => [c.row, c.column]),
    );
    const third = await codesOf(children[2]!.id);
    expect(third.map((c) => c.gridRow)).toEqual([...Array(8).fill(4), ...Array(8).fill(5)]);
  });

  it('splits 3 rows per set into 4 children, the last with 1 row of 8 codes', async () => {
    const parent = await t.printedSet();
    const { children } = (await t.split({ setId: parent.id, rowsPerSet: 3 })).body.data;
    expect(children.map((c) => [c.name.replace(`${parent.name}, `, ''), c.rows, c.codeCount])).toEqual([
      ['rows 1-3', 3, 24],
      ['rows 4-6', 3, 24],
      ['rows 7-9', 3, 24],
      ['row 10', 1, 8],
    ]);
  });

  it('splits a 32-code set (8 rows × 4) 4 rows per set into 2 children of 16', async () => {
    const parent = await t.createSet('round-1in-32');
    await t.markPrinted(parent.id);
    const { children } = (await t.split({ setId: parent.id, rowsPerSet: 4 })).body.data;
    expect(children.map((c) => [c.firstRow, c.rows, c.columns, c.codeCount])).toEqual([
      [1, 4, 4, 16],
      [5, 4, 4, 16],
    ]);
  });

  it('refuses an unprinted set, a child and a set already split with 409', async () => {
    const unprinted = await t.createSet();
    const res = await t.split({ setId: unprinted.id, rowsPerSet: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, data: null, code: 'split_unprinted_set' });
    expect(res.body.error).toMatch(/printed/);

    const parent = await t.printedSet();
    const { children } = (await t.split({ setId: parent.id, rowsPerSet: 5 })).body.data;
    const again = await t.split({ setId: parent.id, rowsPerSet: 2 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('set_already_split');
    const child = await t.split({ setId: children[0]!.id, rowsPerSet: 1 });
    expect(child.status).toBe(409);
    expect(child.body.code).toBe('split_child_set');
    expect(await t.server.db.knex('qr_code_sets').where({ parentSetId: parent.id })).toHaveLength(2);
  });

  it('refuses a released top-level set with 409, making no children', async () => {
    // Sets released whole before sets were split (and the demo data) exist; owners may hold their codes.
    const parent = await t.printedSet();
    await t.server.db.knex('qr_code_sets').where({ id: parent.id }).update({ isReleased: true });
    const res = await t.split({ setId: parent.id, rowsPerSet: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, data: null, code: 'split_released_set' });
    expect(res.body.error).toBe('A released set cannot be split: owners may already hold its codes');
    expect(await t.server.db.knex('qr_code_sets').where({ parentSetId: parent.id })).toHaveLength(0);
    expect(await codesOf(parent.id)).toHaveLength(parent.qrCodes.length);
  });

  it('accepts 1 to half the rows per set, else 400', async () => {
    const parent = await t.printedSet();
    for (const rowsPerSet of [0, 6, 10, 1.5]) {
      const res = await t.split({ setId: parent.id, rowsPerSet });
      expect(res.status, String(rowsPerSet)).toBe(400);
    }
    const res = await t.split({ setId: parent.id, rowsPerSet: 6 });
    expect(res.body.error).toBe('Rows per set must be between 1 and 5');
    expect((await t.split({ setId: parent.id, rowsPerSet: 5 })).status).toBe(200);
  });

  it('answers 404 for an unknown set', async () => {
    const res = await t.split({ setId: '00000000-0000-4000-8000-000000000000', rowsPerSet: 1 });
    expect(res.status).toBe(404);
  });

  it('lets only one of two simultaneous splits of a set through', async () => {
    const parent = await t.printedSet();
    const results = await Promise.all([
      t.split({ setId: parent.id, rowsPerSet: 2 }),
      t.split({ setId: parent.id, rowsPerSet: 5 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const children = await t.server.db.knex('qr_code_sets').where({ parentSetId: parent.id });
    expect([2, 5]).toContain(children.length);
    expect(await codesOf(parent.id)).toHaveLength(0);
  });
});
