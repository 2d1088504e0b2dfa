import type { BulkCreateCodesResult, PrintTemplate, QrAnalytics } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../../testing/adminServer';

let t: AdminServer;
beforeAll(async () => {
  t = await startAdminServer();
});
afterAll(async () => {
  await t.server.close();
});

const bulk = (body: unknown) => t.api.post<BulkCreateCodesResult>('/api/admin/qr-codes/bulk', body);
const today = () => {
  const d = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}-${d.getUTCFullYear()}`;
};

describe('GET /api/templates', () => {
  it('lists the print templates publicly, the 3/4" Round first', async () => {
    const res = await t.server.api<{ data: PrintTemplate[] }>('GET', '/api/templates');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data[0]).toEqual({
      id: 'avery-4221',
      name: '3/4" Round',
      description: expect.any(String),
      labelsPerSheet: 80,
      // No SMS number configured here: nothing to leave off (labels.sms.test.ts has one).
      noSmsLine: null,
      // Avery 4221 meets bench:label-read's acceptance.
      qrReadNote: null,
    });
    expect(res.body.data.map((tpl) => tpl.labelsPerSheet)).toContain(32);
    for (const tpl of res.body.data)
      expect(Object.keys(tpl).sort()).toEqual([
        'description',
        'id',
        'labelsPerSheet',
        'name',
        'noSmsLine',
        'qrReadNote',
      ]);
    // The Brother DK-11221 roll misses it, and says so with its figures.
    expect(res.body.data.find((tpl) => tpl.id === 'brother-dk-11221')?.qrReadNote).toMatch(
      /zxing-wasm reads \d+ %/,
    );
  });
});

describe('POST /api/admin/qr-codes/bulk', () => {
  it('creates one top-level set per page, the last page shorter, with batch names', async () => {
    const res = await bulk({ count: 200, codesPerPage: 80 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, error: null });
    const { qrCodes, setIds, setNames } = res.body.data;
    expect(qrCodes).toHaveLength(200);
    expect(setIds).toHaveLength(3);
    expect(setNames[0]).toMatch(new RegExp(`^Batch ${today()} #\\d+, page 1$`));
    expect(setNames.map((n) => n.replace(/.*, /, ''))).toEqual(['page 1', 'page 2', 'page 3']);
    expect(new Set(qrCodes.map((c) => c.value)).size).toBe(200);
    for (const code of qrCodes) expect(code.value).toMatch(/^[23456789A-HJ-NP-Z]{10}$/);
    // Codes come in page order: page n is set n.
    expect(qrCodes.slice(0, 80).every((c) => c.setId === setIds[0] && c.setName === setNames[0])).toBe(true);
    expect(qrCodes.slice(160).every((c) => c.setId === setIds[2])).toBe(true);

    const sets = await t.server.db.knex('qr_code_sets').whereIn('id', setIds);
    const byId = new Map(sets.map((s) => [s.id, s]));
    // 40 codes on the last page: ceil(sqrt 40) = 7 columns, ceil(40 / 7) = 6 rows.
    expect(setIds.map((id) => [byId.get(id).rows, byId.get(id).columns])).toEqual([
      [10, 8],
      [10, 8],
      [6, 7],
    ]);
    expect(sets.every((s) => s.parentSetId === null && !s.isPrinted && s.templateId === 'avery-4221')).toBe(
      true,
    );
    const positions = await t.server.db
      .knex('qr_codes')
      .where({ setId: setIds[0] })
      .orderBy(['gridRow', 'gridColumn'])
      .select('gridRow', 'gridColumn', 'value');
    expect(positions[0]).toMatchObject({ gridRow: 0, gridColumn: 0, value: qrCodes[0]!.value });
    expect(positions[79]).toMatchObject({ gridRow: 9, gridColumn: 7, value: qrCodes[79]!.value });
  });

  it('numbers the batches of a day', async () => {
    const a = await bulk({ count: 1, codesPerPage: 80 });
    const b = await bulk({ count: 1, codesPerPage: 80 });
    const n = (name: string) => Number(/#(\d+),/.exec(name)![1]);
    expect(n(b.body.data.setNames[0]!)).toBe(n(a.body.data.setNames[0]!) + 1);
  });

  it('uses the 32-label sheet for pages of 32', async () => {
    const res = await bulk({ count: 64, codesPerPage: 32 });
    const sets = await t.server.db.knex('qr_code_sets').whereIn('id', res.body.data.setIds);
    expect(sets.map((s) => [s.templateId, s.rows, s.columns])).toEqual([
      ['round-1in-32', 8, 4],
      ['round-1in-32', 8, 4],
    ]);
  });

  it('keeps pages of 1 (or any size no sheet has) on Avery 4221, never on a roll', async () => {
    for (const codesPerPage of [1, 7]) {
      const res = await bulk({ count: 2, codesPerPage });
      expect(res.status).toBe(201);
      const sets = await t.server.db.knex('qr_code_sets').whereIn('id', res.body.data.setIds);
      expect(sets.map((s) => s.templateId)).toEqual(Array(sets.length).fill('avery-4221'));
    }
  });

  it('prints on the template it is told, a roll included', async () => {
    const res = await bulk({ count: 3, codesPerPage: 1, templateId: 'dymo-30332' });
    expect(res.status).toBe(201);
    expect(res.body.data.setIds).toHaveLength(3);
    const sets = await t.server.db.knex('qr_code_sets').whereIn('id', res.body.data.setIds);
    expect(new Set(sets.map((s) => s.templateId))).toEqual(new Set(['dymo-30332']));

    const l7160 = await bulk({ count: 21, codesPerPage: 21, templateId: 'avery-l7160' });
    const sheets = await t.server.db.knex('qr_code_sets').whereIn('id', l7160.body.data.setIds);
    expect(sheets.map((s) => [s.templateId, s.rows, s.columns])).toEqual([['avery-l7160', 5, 5]]);
  });

  it('creates 800 codes in one transaction and a handful of queries', async () => {
    const queries: string[] = [];
    const listener = (q: { sql: string }) => queries.push(q.sql);
    t.server.db.knex.on('query', listener);
    try {
      const res = await bulk({ count: 800, codesPerPage: 80 });
      expect(res.status).toBe(201);
      expect(res.body.data.qrCodes).toHaveLength(800);
      expect(res.body.data.setIds).toHaveLength(10);
    } finally {
      t.server.db.knex.off('query', listener);
    }
    const statements = queries.filter((sql) => /qr_code|BEGIN|COMMIT/i.test(sql));
    expect(statements.length).toBeLessThan(10);
    expect(queries.filter((sql) => /insert into "qr_codes"/i.test(sql))).toHaveLength(1);
  });

  it.each([
    [{ count: 0, codesPerPage: 80 }, 'count must be between 1 and 800'],
    [{ count: 801, codesPerPage: 80 }, 'count must be between 1 and 800'],
    [{ count: 2.5, codesPerPage: 80 }, 'count must be a whole number'],
    [{ count: '10', codesPerPage: 80 }, 'count must be a number'],
    [{ count: 10, codesPerPage: 81 }, 'codesPerPage must be between 1 and 80'],
    [{ count: 10 }, 'codesPerPage must be a number'],
    [{ count: 10, codesPerPage: 1, templateId: 'no-such-sheet' }, 'Unknown template'],
    [{ count: 10, codesPerPage: 1, templateId: 42 }, 'Unknown template'],
    [{ count: 10, codesPerPage: 30, templateId: 'avery-l7160' }, 'codesPerPage must be between 1 and 21'],
  ])('refuses %j with 400', async (body, error) => {
    const before = await t.server.db.knex('qr_codes').count({ n: '*' });
    const res = await bulk(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: null, error });
    expect(await t.server.db.knex('qr_codes').count({ n: '*' })).toEqual(before);
  });

  it('is for admins only', async () => {
    const res = await t.as(t.owner.token).post('/api/admin/qr-codes/bulk', { count: 1, codesPerPage: 80 });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Admin access required');
  });
});

describe('GET /api/admin/qr-codes/analytics', () => {
  it('counts total, printed, claimed, assigned and unclaimed codes in one query', async () => {
    const analytics = () => t.api.get<QrAnalytics>('/api/admin/qr-codes/analytics');
    const before = (await analytics()).body.data;

    const printed = await t.createSet();
    await t.markPrinted(printed.id);
    await t.createSet(); // not printed
    const codes = printed.qrCodes.map((c) => c.id);
    await t.claim(codes.slice(0, 5));
    await t.claim(codes.slice(5, 7), { assign: true });

    const queries: string[] = [];
    const listener = (q: { sql: string }) => queries.push(q.sql);
    t.server.db.knex.on('query', listener);
    const res = await analytics();
    t.server.db.knex.off('query', listener);
    // Besides the session lookup, one query.
    expect(queries.filter((sql) => /qr_code/.test(sql))).toHaveLength(1);

    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual([
      'assignedCount',
      'claimedCount',
      'printedCount',
      'totalCount',
      'unclaimedCount',
    ]);
    expect(res.body.data).toEqual({
      totalCount: before.totalCount + 160,
      printedCount: before.printedCount + 80,
      claimedCount: before.claimedCount + 7,
      assignedCount: before.assignedCount + 2,
      unclaimedCount: before.unclaimedCount + 153,
    });
    expect(res.body.data.unclaimedCount).toBe(res.body.data.totalCount - res.body.data.claimedCount);
  });
});
