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

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Scans by finders and their reports, written directly (the finder routes have their own tests). */
async function foundActivity(itemId: string, qrValue: string, n: number) {
  for (let i = 0; i < n; i++) {
    await server.db.knex('scan_events').insert({ itemId, qrValue, scannedAt: minutesAgo(100 - i) });
    await server.db.knex('found_reports').insert({
      itemId,
      // Every report names its owner (migration 20261125122752).
      ownerId: server.db.knex('items').select('ownerId').where({ id: itemId }),
      finderName: '',
      finderPhone: i === 0 ? '+15551234567' : '',
      message: `Report ${i + 1}`,
      latitude: i === 0 ? '51.5074' : null,
      longitude: i === 0 ? '-0.1278' : null,
      foundAt: minutesAgo(100 - i),
      createdAt: minutesAgo(100 - i),
    });
  }
}

interface Dashboard {
  items: { items: { name: string }[]; totalCount: number };
  qrCodes: { unassignedCount: number; claimedCount: number };
  foundEvents: { id: string; foundAt: string; item: { id: string; name: string } }[];
  foundEventsCount: number;
  foundReports: {
    id: string;
    item: { name: string };
    finderName: string;
    message: string;
    reportedAt: string;
  }[];
  foundReportsCount: number;
}

describe('GET /api/users/me/data', () => {
  it('shows an empty dashboard for a new owner', async () => {
    const { token } = await signUp(server);
    const res = await server.api('GET', '/api/users/me/data', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      items: { items: [], totalCount: 0 },
      qrCodes: { unassignedCount: 0, claimedCount: 0 },
      foundEvents: [],
      foundEventsCount: 0,
      foundReports: [],
      foundReportsCount: 0,
    });
    expect((await server.api('GET', '/api/users/me/data')).status).toBe(401);
  });

  it('holds at most 5 entries per list, newest first, with the totals; nobody else’s', async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    const set = await makeSet(server, { count: 4 });
    const items = [];
    for (let i = 1; i <= 7; i++) items.push(await makeItem(server, me.token, { name: `Thing ${i}` }));
    const theirs = await makeItem(server, other.token, { name: 'Theirs' });
    await giveCode(server, set.codes[0]!.id, me.user.id, items[0]!.id);
    await giveCode(server, set.codes[1]!.id, me.user.id);
    await giveCode(server, set.codes[2]!.id, me.user.id);
    await giveCode(server, set.codes[3]!.id, other.user.id);
    await foundActivity(items[0]!.id, set.codes[0]!.value, 6);
    await foundActivity(theirs.id, set.codes[3]!.value, 2);

    const res = await server.api('GET', '/api/users/me/data', { token: me.token });
    const d = res.body.data as Dashboard;
    expect(d.items.totalCount).toBe(7);
    expect(d.items.items.map((i) => i.name)).toEqual(['Thing 7', 'Thing 6', 'Thing 5', 'Thing 4', 'Thing 3']);
    expect(d.qrCodes).toEqual({ unassignedCount: 2, claimedCount: 3 });
    expect(d.foundEventsCount).toBe(6);
    expect(d.foundEvents).toHaveLength(5);
    expect(d.foundEvents[0]).toEqual({
      id: expect.any(String),
      foundAt: expect.any(String),
      item: { id: items[0]!.id, name: 'Thing 1' },
      latitude: null,
      longitude: null,
    });
    expect(Date.parse(d.foundEvents[0]!.foundAt)).toBeGreaterThan(Date.parse(d.foundEvents[4]!.foundAt));
    expect(d.foundReportsCount).toBe(6);
    expect(d.foundReports.map((r) => r.message)).toEqual([
      'Report 6',
      'Report 5',
      'Report 4',
      'Report 3',
      'Report 2',
    ]);
    expect(d.foundReports[0]).toMatchObject({
      item: { name: 'Thing 1' },
      finderName: '',
      reportedAt: expect.any(String),
    });
  });
});

describe('full lists for View All: found-events and found-reports', () => {
  it('pages the owner’s found events and reports with hasMore and totals', async () => {
    const me = await signUp(server);
    const set = await makeSet(server);
    const item = await makeItem(server, me.token, { name: 'Bike' });
    await giveCode(server, set.codes[0]!.id, me.user.id, item.id);
    await foundActivity(item.id, set.codes[0]!.value, 7);
    type Events = { events: { item: { name: string } }[]; totalCount: number; hasMore: boolean };
    const e1 = (await server.api('GET', '/api/users/me/found-events?page=1&limit=5', { token: me.token }))
      .body.data as Events;
    expect([e1.events.length, e1.totalCount, e1.hasMore]).toEqual([5, 7, true]);
    const e2 = (await server.api('GET', '/api/users/me/found-events?page=2&limit=5', { token: me.token }))
      .body.data as Events;
    expect([e2.events.length, e2.hasMore]).toEqual([2, false]);
    type Reports = { reports: Record<string, unknown>[]; totalCount: number; hasMore: boolean };
    const r = (await server.api('GET', '/api/users/me/found-reports', { token: me.token })).body
      .data as Reports;
    expect([r.reports.length, r.totalCount, r.hasMore]).toEqual([7, 7, false]);
    expect(r.reports[6]).toMatchObject({
      message: 'Report 1',
      state: 'new',
      latitude: '51.5074',
      longitude: '-0.1278',
      item: { name: 'Bike' },
    });
    const other = await signUp(server);
    const none = (await server.api('GET', '/api/users/me/found-reports', { token: other.token })).body
      .data as Reports;
    expect(none).toEqual({ reports: [], totalCount: 0, hasMore: false });
    expect(
      (await server.api('GET', '/api/users/me/found-events?limit=500', { token: me.token })).status,
    ).toBe(400);
    expect((await server.api('GET', '/api/users/me/found-events')).status).toBe(401);
  });
});
