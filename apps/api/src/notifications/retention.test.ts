import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem, makeSet } from '../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../testing/testServer';
import { purgeExpired } from './retention';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SCAN_EVENT_RETENTION_DAYS: '90', RATE_LIMIT_RETENTION_HOURS: '24' });
});
afterAll(() => server.close());

const daysAgo = (d: number, hour = 12) => {
  const at = new Date(Date.now() - d * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at;
};
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A scan as a finder's phone sends it, then dated back: the server stores its own clock for a
 * visitor's scan (lib/clientTime.ts), so only the database can make a scan old.
 */
async function scan(qrCode: string, scannedAt: Date, mobile = true) {
  const res = await server.api<{ data: { id: string } }>('POST', '/api/analytics/scan', {
    body: { qrCode },
    headers: {
      'User-Agent': mobile
        ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'
        : 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0',
    },
  });
  expect(res.status).toBe(201);
  await server.db.knex('scanEvents').where('id', res.body.data.id).update({ scannedAt });
}

interface Dashboard {
  foundEvents: { id: string; foundAt: string }[];
  foundEventsCount: number;
}

describe('retention purge (the worker runs it hourly)', () => {
  it('purges expired and revoked sessions, old rate-limit rows and old scans, keeping per-day counts', async () => {
    const owner = await signUp(server);
    const admin = await signUp(server, { admin: true });
    const { code, itemId } = await assignedItem(server, owner.user.id, { name: 'Rucksack' });
    const { codes: loose, setId } = await makeSet(server, { count: 1 });

    // Two old scans of the item on one day (found events), one old desktop scan, one old scan of an
    // unassigned code, and three recent scans that must stay.
    await scan(code, daysAgo(200, 10));
    await scan(code, daysAgo(200, 15));
    await scan(code, daysAgo(120), false);
    await scan(loose[0]!.value, daysAgo(200));
    for (const d of [1, 2, 3]) await scan(code, daysAgo(d));

    const before = await server.api('GET', '/api/users/me/data', { token: owner.token });
    const analyticsBefore = await server.api('GET', '/api/admin/qr-codes/analytics', { token: admin.token });
    expect((before.body.data as Dashboard).foundEventsCount).toBe(6);

    // An expired session, a revoked one (signed out), and the live ones of owner and admin.
    const expired = await server.api<{ sessionToken: string }>('POST', '/api/auth/login', {
      body: { identifier: owner.email, password: owner.password },
    });
    const revoked = await server.api<{ sessionToken: string }>('POST', '/api/auth/login', {
      body: { identifier: owner.email, password: owner.password },
    });
    expect(revoked.status).toBe(200);
    expect((await server.api('POST', '/api/auth/logout', { token: revoked.body.sessionToken })).status).toBe(
      200,
    );
    const sessionsBefore = Number((await server.db.knex('sessions').count({ n: '*' }))[0]!.n);
    const newest = server.db
      .knex('sessions')
      .where('userId', owner.user.id)
      .whereNull('revokedAt')
      .orderBy('createdAt', 'desc')
      .first('id');
    await server.db
      .knex('sessions')
      .where('id', newest)
      .update({ expiresAt: new Date(Date.now() - 1_000) });
    expect((await server.api('GET', '/api/auth/me', { token: expired.body.sessionToken })).status).toBe(401);

    // Rate-limit counters (epoch-ms expiry) and claim grants: a day-old one goes, a recent one stays.
    await server.db.knex('rate_limits').insert([
      { key: 'test:old', points: 3, expire: Date.now() - 2 * 86_400_000 },
      { key: 'test:recent', points: 1, expire: Date.now() - 60_000 },
    ]);
    await server.db.knex('claimGrants').insert([
      { holder: 'address:test-old', setId, resolvedAt: new Date(Date.now() - 2 * 86_400_000) },
      { holder: 'address:test-recent', setId, resolvedAt: new Date(Date.now() - 60_000) },
    ]);

    // Reset secrets: one that expired two days ago goes, a live one stays.
    await server.api('POST', '/api/auth/password-reset', { body: { identifier: owner.email } });
    await server.db.knex('accountTokens').insert({
      userId: owner.user.id,
      purpose: 'password_reset',
      channel: 'email',
      target: owner.email,
      secretHash: 'test-old',
      expiresAt: new Date(Date.now() - 2 * 86_400_000),
    });

    // The ids of processed inbound texts: a two-day-old one goes, a recent one stays.
    await server.db.knex('inboundTexts').insert([
      { provider: 'test', messageId: 'old', receivedAt: new Date(Date.now() - 2 * 86_400_000) },
      { provider: 'test', messageId: 'recent', answer: 'Thanks' },
    ]);

    // The ceiling per victim's counts: a two-day-old one goes, the reset's own (above) stays.
    await server.db.knex('contactMessages').insert({
      contactHash: 'test-old',
      sentAt: new Date(Date.now() - 2 * 86_400_000),
    });

    const purged = await purgeExpired(server.db.knex, server.config.retention);
    expect(purged).toEqual({
      sessions: 2,
      rateLimits: 1,
      claimGrants: 1,
      scanEvents: 4,
      accountTokens: 1,
      inboundTexts: 1,
      contactMessages: 1,
    });
    // A second run finds nothing left to do.
    expect(await purgeExpired(server.db.knex, server.config.retention)).toMatchObject({
      scanEvents: 0,
      sessions: 0,
    });

    expect(Number((await server.db.knex('sessions').count({ n: '*' }))[0]!.n)).toBe(sessionsBefore - 2);
    expect((await server.api('GET', '/api/auth/me', { token: owner.token })).status).toBe(200);
    expect((await server.db.knex('rate_limits').where('key', 'like', 'test:%')).map((r) => r.key)).toEqual([
      'test:recent',
    ]);
    expect(
      (await server.db.knex('claimGrants').where('holder', 'like', 'address:test-%')).map((r) => r.holder),
    ).toEqual(['address:test-recent']);
    expect(await server.db.knex('accountTokens').where({ userId: owner.user.id })).toHaveLength(1);
    expect(
      (await server.db.knex('inboundTexts').where({ provider: 'test' })).map((r) => r.messageId),
    ).toEqual(['recent']);
    expect(await server.db.knex('contactMessages').where({ contactHash: 'test-old' })).toHaveLength(0);

    // The dashboard shows the same recent events; its total counts what the lists can still show.
    const after = await server.api('GET', '/api/users/me/data', { token: owner.token });
    const dashBefore = before.body.data as Dashboard;
    const dashAfter = after.body.data as Dashboard;
    expect(dashAfter.foundEvents.slice(0, 3)).toEqual(dashBefore.foundEvents.slice(0, 3));
    expect(dashAfter.foundEventsCount).toBe(3);
    const page = await server.api<{ data: { events: unknown[]; totalCount: number } }>(
      'GET',
      '/api/users/me/found-events?page=1&limit=20',
      { token: owner.token },
    );
    expect(page.body.data.totalCount).toBe(3);
    expect(page.body.data.events).toHaveLength(3);
    // The admin analytics count codes, not scans: unchanged.
    const analyticsAfter = await server.api('GET', '/api/admin/qr-codes/analytics', { token: admin.token });
    expect(analyticsAfter.body.data).toEqual(analyticsBefore.body.data);

    // Every purged scan is in the per-day counts: 2 found events on one day, 1 desktop, 1 loose code.
    const counts = await server.db
      .knex('scanDailyCounts')
      .whereIn('qrValue', [code, loose[0]!.value])
      .orderBy(['day', 'qrValue', 'deviceType'])
      .select(
        server.db.knex.raw("to_char(day, 'YYYY-MM-DD') as day"),
        'qrValue',
        'deviceType',
        'scans',
        'foundEvents',
      );
    expect(counts).toEqual(
      [
        { day: day(daysAgo(200)), qrValue: code, deviceType: 'mobile', scans: 2, foundEvents: 2 },
        { day: day(daysAgo(200)), qrValue: loose[0]!.value, deviceType: 'mobile', scans: 1, foundEvents: 0 },
        { day: day(daysAgo(120)), qrValue: code, deviceType: 'desktop', scans: 1, foundEvents: 1 },
      ].sort((a, b) => (a.day + a.qrValue).localeCompare(b.day + b.qrValue)),
    );
    const kept = await server.db.knex('scanEvents').where({ itemId }).count({ n: '*' });
    expect(Number(kept[0]!.n)).toBe(3);
  });
});
