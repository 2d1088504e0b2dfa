import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TIME_WINDOW_MS } from '../../lib/clientTime';
import { assignedItem } from '../../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

// Visitors do not write the owner's timeline: the server decides when a scan or a report happened.
let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer({
    WORKER: '0',
    REPORT_LIMIT_PER_ITEM: '100',
    REPORT_LIMIT_PER_ADDRESS: '100',
  });
  owner = await signUp(server);
});
afterAll(async () => {
  await server.close();
});

type Events = { data: { events: { id: string; foundAt: string }[] } };
const foundEvents = async () =>
  (await server.api<Events>('GET', '/api/users/me/found-events', { token: owner.token })).body.data.events;
const near = (iso: string, at: number, slackMs = 30_000) => Math.abs(Date.parse(iso) - at) < slackMs;

describe('times sent by visitors', () => {
  it('stores a scan far from the server clock at the server’s time, and a recent one as sent', async () => {
    const { code } = await assignedItem(server.db.knex, owner.user.id);
    const times = [
      '9999-12-31T23:59:59.000Z',
      '1999-01-01T00:00:00.000Z',
      new Date(Date.now() + 3_600_000).toISOString(),
    ];
    for (const scannedAt of times) {
      const before = Date.now();
      const res = await server.api<{ data: { id: string } }>('POST', '/api/analytics/scan', {
        body: { qrCode: code, scannedAt },
      });
      expect(res.status).toBe(201);
      const row = await server.db.knex('scanEvents').where({ id: res.body.data.id }).first();
      expect(near(new Date(row.scannedAt).toISOString(), before)).toBe(true);
      const shown = (await foundEvents()).find((e) => e.id === res.body.data.id);
      expect(shown && near(shown.foundAt, before)).toBe(true);
    }
    const recent = new Date(Date.now() - CLIENT_TIME_WINDOW_MS / 2);
    const res = await server.api<{ data: { id: string } }>('POST', '/api/analytics/scan', {
      body: { qrCode: code, scannedAt: recent.toISOString() },
    });
    const row = await server.db.knex('scanEvents').where({ id: res.body.data.id }).first();
    expect(new Date(row.scannedAt).toISOString()).toBe(recent.toISOString());
  });

  it('stores a report’s foundAt far from the server clock at the server’s time', async () => {
    const { code, itemId } = await assignedItem(server.db.knex, owner.user.id);
    for (const foundAt of ['1999-06-01T12:00:00.000Z', '9999-12-31T00:00:00.000Z']) {
      const before = Date.now();
      const res = await server.api<{ data: { reportId: string } }>('POST', `/api/found/${code}/report`, {
        body: { finderPhone: '', foundNotes: 'On a bench', foundAt },
      });
      expect(res.status).toBe(201);
      const row = await server.db.knex('foundReports').where({ id: res.body.data.reportId }).first();
      expect(row.itemId).toBe(itemId);
      expect(near(new Date(row.foundAt).toISOString(), before)).toBe(true);
    }
  });

  it('does not store a scan of a code that does not exist (404)', async () => {
    const before = Number((await server.db.knex('scanEvents').count({ n: '*' }))[0]!.n);
    for (const qrCode of ['NOSUCHCODE1', 'zzzzzzzz', 'ANYCODE']) {
      const res = await server.api('POST', '/api/analytics/scan', { body: { qrCode } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'QR code not found' });
    }
    expect(Number((await server.db.knex('scanEvents').count({ n: '*' }))[0]!.n)).toBe(before);
  });
});
