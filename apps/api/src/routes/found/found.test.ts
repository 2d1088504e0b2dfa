import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUND_MESSAGES } from '@homing/shared';
import { TOO_MANY_REPORTS_ADDRESS, TOO_MANY_REPORTS_ITEM } from '../../lib/limitRules';
import { assignedItem, makeSet } from '../../testing/codeFactory';
import { finderReport as report } from '../../testing/finderServer';
import { signUp, startTestServer, uniquePhone, type TestServer } from '../../testing/testServer';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer({ WORKER: '0' });
  owner = await signUp(server);
  await server.db
    .knex('users')
    .where({ id: owner.user.id })
    .update({ name: 'Olivia Owner', phoneNumber: `+1${uniquePhone()}` });
});
afterAll(async () => {
  await server.close();
});

// Each test uses its own address (TRUST_PROXY=0: the header is ignored, so use distinct items instead).
const reportCount = async (itemId: string) =>
  Number((await server.db.knex('foundReports').where({ itemId }).count({ n: '*' }))[0]!.n);

describe('GET /api/found/:qrCode', () => {
  it("shows the item's public view only: never the owner's name, e-mail or phone", async () => {
    const { code } = await assignedItem(server.db.knex, owner.user.id, {
      name: 'Red bike',
      description: 'Has a bell',
    });
    const res = await server.api<{ item: Record<string, unknown> }>(
      'GET',
      `/api/found/${code.toLowerCase()}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.item).toEqual({
      id: expect.any(String),
      name: 'Red bike',
      description: 'Has a bell',
      photoUrl: null,
      itemType: { id: 'keys', icon: '🔑', displayName: 'Keys' },
      lost: null,
    });
    const ownerRow = await server.db.knex('users').where({ id: owner.user.id }).first();
    const body = JSON.stringify(res.body);
    for (const secret of [ownerRow.email, ownerRow.phoneNumber, ownerRow.name, ownerRow.id])
      expect(body).not.toContain(secret);
    expect(res.body).not.toHaveProperty('viewerIsOwner');
  });

  it('tells the signed-in owner how many reports they can mark recovered', async () => {
    const { code } = await assignedItem(server.db.knex, owner.user.id);
    const res = await server.api('GET', `/api/found/${code}`, { token: owner.token });
    expect(res.body).toMatchObject({ viewerIsOwner: true, openReportCount: 0 });
  });

  it('answers 404 "Item not found or inactive" for unknown, unassigned and inactive labels', async () => {
    const { codes } = await makeSet(server, { count: 1 });
    const inactive = await assignedItem(server.db.knex, owner.user.id, { status: 'inactive' });
    for (const code of ['NOSUCHCODE', codes[0]!.value, inactive.code]) {
      const res = await server.api('GET', `/api/found/${code}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, data: null, error: 'Item not found or inactive' });
    }
  });
});

describe('POST /api/found/:qrCode/report', () => {
  it('stores the report with coordinates at 4 decimals and queues the owner notifications', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id);
    const res = await server.api<{ data: { reportId: string; threadPath: string } }>(
      'POST',
      `/api/found/${code}/report`,
      { body: report() },
    );
    expect(res.status).toBe(201);
    const row = await server.db.knex('foundReports').where({ itemId }).first();
    expect(row).toMatchObject({
      message: 'Found them on the bus, route 5',
      finderPhone: '+15551230000',
      latitude: '40.7128',
      longitude: '-74.0060',
    });
    expect(row.reportMetadata).toMatchObject({ platform: 'iPhone', screenSize: '390x844' });
    const jobs = await server.db
      .knex('notifications')
      .where({ foundReportId: row.id, audience: 'owner' })
      .whereNull('escalationStep') // the reminder, due later: escalation.test.ts
      .orderBy('channel');
    expect(jobs.map((j) => j.channel)).toEqual(['email']); // the phone was not opted in to SMS
    expect(jobs[0].idempotencyKey).toBe(`report-${row.id}-email`);
    // The finder who gave a number gets the link to the conversation the report opened.
    const theirs = await server.db.knex('notifications').where({ foundReportId: row.id, audience: 'finder' });
    expect(theirs).toMatchObject([{ channel: 'sms', payload: { to: '+15551230000' } }]);
    expect(res.body.data.threadPath).toMatch(new RegExp(`^/found/${code}/t/[A-Za-z0-9_-]{43}$`));
  });

  it('accepts a report without phone or location (finderName and finderEmail empty)', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id);
    const res = await server.api('POST', `/api/found/${code}/report`, {
      body: { foundNotes: 'At the park', finderPhone: '', finderName: '', finderEmail: '' },
    });
    expect(res.status).toBe(201);
    expect(await server.db.knex('foundReports').where({ itemId }).first()).toMatchObject({
      finderPhone: '',
      latitude: null,
      longitude: null,
    });
  });

  it.each([
    [{ foundNotes: '' }, FOUND_MESSAGES.messageRequired],
    [{ foundNotes: '   ' }, FOUND_MESSAGES.messageRequired],
    [{ foundNotes: undefined }, FOUND_MESSAGES.messageRequired],
    [{ foundNotes: 'x'.repeat(2001) }, FOUND_MESSAGES.messageTooLong],
    [{ finderPhone: '5551230000' }, FOUND_MESSAGES.phone],
    [{ finderPhone: '+1555123000' }, FOUND_MESSAGES.phone],
    [{ latitude: '91', longitude: '0' }, FOUND_MESSAGES.coordinates],
    [{ latitude: '10', longitude: '-181' }, FOUND_MESSAGES.coordinates],
    [{ latitude: 'north', longitude: '0' }, FOUND_MESSAGES.coordinates],
    [{ latitude: '10', longitude: null }, FOUND_MESSAGES.coordinates],
    [{ finderEmail: 'not-mail' }, FOUND_MESSAGES.email],
    [{ foundAt: 'yesterday' }, 'foundAt must be an ISO time'],
    [{ reportMetadata: 'phone' }, undefined],
    [{ finderName: 'n'.repeat(101) }, undefined],
  ])('refuses %j with 400 and stores nothing', async (over, message) => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id);
    const res = await server.api('POST', `/api/found/${code}/report`, { body: report(over) });
    expect(res.status).toBe(400);
    if (message) expect(res.body.error).toBe(message);
    expect(await reportCount(itemId)).toBe(0);
  });

  it('answers 404 for a label with no active item', async () => {
    const res = await server.api('POST', '/api/found/NOSUCHCODE/report', { body: report() });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Item not found or inactive');
  });

  it('limits reports per item from one address (3 per 10 minutes) so a known label cannot flood its owner', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id);
    for (let i = 0; i < 3; i++)
      expect((await server.api('POST', `/api/found/${code}/report`, { body: report() })).status).toBe(201);
    const fourth = await server.api('POST', `/api/found/${code}/report`, { body: report() });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toBe(TOO_MANY_REPORTS_ITEM);
    expect(await reportCount(itemId)).toBe(3);
  });

  it('limits reports per client address, ignoring X-Forwarded-For unless TRUST_PROXY=1', async () => {
    await server.db.knex('rateLimits').where('key', 'like', 'report:ip:%').delete();
    let limited = null;
    for (let i = 0; i < 12 && !limited; i++) {
      const { code } = await assignedItem(server.db.knex, owner.user.id);
      const res = await server.api('POST', `/api/found/${code}/report`, {
        body: report(),
        headers: { 'X-Forwarded-For': `203.0.113.${i}` },
      });
      if (res.status === 429) limited = { i, res };
    }
    expect(limited?.i).toBe(10);
    expect(limited?.res.body.error).toBe(TOO_MANY_REPORTS_ADDRESS);
    await server.db.knex('rateLimits').where('key', 'like', 'report:ip:%').delete();
  });
});

describe('POST /api/analytics/scan', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'desktop'],
  ])('stores the scan with the device type detected from %s', async (ua, type) => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id);
    const res = await server.api('POST', '/api/analytics/scan', {
      body: {
        qrCode: code.toLowerCase(),
        scannedAt: new Date().toISOString(),
        deviceType: 'desktop',
        language: 'es-ES',
        screenSize: '390x844',
        referrer: '',
      },
      headers: { 'User-Agent': ua },
    });
    expect(res.status).toBe(201);
    const row = await server.db.knex('scanEvents').where({ qrValue: code }).first();
    expect(row).toMatchObject({
      itemId,
      deviceType: type,
      language: 'es-ES',
      referrer: 'direct',
      userAgent: ua,
    });
  });

  it('does not count the owner looking at their own label as a found event', async () => {
    const { code } = await assignedItem(server.db.knex, owner.user.id);
    await server.api('POST', '/api/analytics/scan', { body: { qrCode: code }, token: owner.token });
    expect(await server.db.knex('scanEvents').where({ qrValue: code }).first()).toMatchObject({
      itemId: null,
    });
  });

  it('stores a burst of simultaneous scans each as its own event, answering each caller its own', async () => {
    const labels = await Promise.all(
      [1, 2, 3].map(() => assignedItem(server.db.knex, owner.user.id, { name: 'Burst' })),
    );
    const scans = Array.from({ length: 30 }, (_, i) => ({
      qrCode: i % 4 === 3 ? `UNKNOWN${i}` : labels[i % 4]!.code,
      byOwner: i % 8 === 1,
      ua:
        i % 2 ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' : 'Mozilla/5.0 (X11)',
    }));
    const responses = await Promise.all(
      scans.map((s, i) =>
        server.api('POST', '/api/analytics/scan', {
          body: { qrCode: s.qrCode, platform: `burst-${i}` },
          headers: { 'User-Agent': s.ua },
          token: s.byOwner ? owner.token : undefined,
        }),
      ),
    );
    const rows = await server.db.knex('scanEvents').where('platform', 'like', 'burst-%');
    // Scans of codes that do not exist are refused (404) and not stored; the rest each get a row.
    const unknown = (s: (typeof scans)[number]) => s.qrCode.startsWith('UNKNOWN');
    expect(rows).toHaveLength(scans.filter((s) => !unknown(s)).length);
    scans.forEach((s, i) => {
      if (unknown(s)) return expect(responses[i]!.status).toBe(404);
      const { data } = responses[i]!.body as { data: { id: string; deviceType: string } };
      const row = rows.find((r) => r.id === data.id);
      const label = labels.find((l) => l.code === s.qrCode);
      expect(row).toMatchObject({
        platform: `burst-${i}`,
        qrValue: s.qrCode,
        itemId: label && !s.byOwner ? label.itemId : null,
        deviceType: i % 2 ? 'mobile' : 'desktop',
      });
      expect(data.deviceType).toBe(row.deviceType);
    });
  });

  it('answers 429 past the per-address scan limit', async () => {
    const limited = await startTestServer({ WORKER: '0', SCAN_LIMIT_PER_MINUTE: '3' });
    try {
      const { code } = await makeSet(limited, { count: 1 }).then((set) => ({ code: set.codes[0]!.value }));
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.api('POST', '/api/analytics/scan', { body: { qrCode: code } })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuses a scan without a code (400)', async () => {
    expect((await server.api('POST', '/api/analytics/scan', { body: {} })).status).toBe(400);
  });
});
