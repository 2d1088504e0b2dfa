import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOST_MESSAGES } from '@homing/shared';
import { assignedItem } from '../../testing/codeFactory';
import { signUp, startTestServer, uniquePhone, type TestServer } from '../../testing/testServer';
import { readEventStream } from '../../testing/eventStreamReader';
import { WAIT_MS } from '../../testing/patience';
import { LOST_URGENT_SENDERS_PER_HOUR } from '../../services/finders/lostScanAlerter';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer({ WORKER: '0' });
  owner = await signUp(server);
  await server.db
    .knex('users')
    .where({ id: owner.user.id })
    .update({
      name: 'Olivia Owner',
      phoneNumber: `+1${uniquePhone()}`,
      smsOptIn: true,
      phoneVerifiedAt: new Date(),
    });
});
afterAll(async () => {
  await server.close();
});

interface LostBody {
  item: {
    id: string;
    status: string;
    lost: { since: string; message: string; reward: string; stolen: boolean } | null;
  };
}
const markLost = (itemId: string, token: string | undefined, body: Record<string, unknown>) =>
  server.api<LostBody>('PUT', `/api/items/${itemId}/lost`, { token, body });
const lostBody = { message: 'Please call me, she is shy', reward: '$50 reward', stolen: false };

/** Reads the owner's server-sent events with fetch (a bearer header, as the dashboard does). */
async function openEvents(token: string) {
  const res = await fetch(`${server.url}/api/users/me/events`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return readEventStream(res);
}

const until = async (check: () => boolean, ms = WAIT_MS) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('PUT/DELETE /api/items/:id/lost', () => {
  it('lets the owner mark an item lost (stolen, reward) and end it; the owner view says so', async () => {
    const { itemId } = await assignedItem(server.db.knex, owner.user.id, { name: 'Grey cat' });
    const res = await markLost(itemId, owner.token, { ...lostBody, stolen: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: LOST_MESSAGES.marked });
    expect(res.body.item.lost).toEqual({
      since: expect.any(String),
      message: 'Please call me, she is shy',
      reward: '$50 reward',
      stolen: true,
    });
    // Editing keeps the date it went missing.
    const edited = await markLost(itemId, owner.token, { message: 'Still missing' });
    expect(edited.body.item.lost).toEqual({
      since: res.body.item.lost!.since,
      message: 'Still missing',
      reward: '',
      stolen: false,
    });
    const list = await server.api<{ data: { items: LostBody['item'][] } }>('GET', '/api/items/my-items', {
      token: owner.token,
    });
    expect(list.body.data.items.find((i) => i.id === itemId)?.lost?.message).toBe('Still missing');

    const ended = await server.api<LostBody>('DELETE', `/api/items/${itemId}/lost`, { token: owner.token });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ message: LOST_MESSAGES.ended, item: { lost: null } });
    expect(await server.db.knex('items').where({ id: itemId }).first()).toMatchObject({
      lostAt: null,
      lostMessage: null,
    });
  });

  it('is the owner’s alone: a visitor gets 401, another owner 404, and nothing changes', async () => {
    const { itemId } = await assignedItem(server.db.knex, owner.user.id);
    const stranger = await signUp(server);
    expect((await markLost(itemId, undefined, lostBody)).status).toBe(401);
    const other = await markLost(itemId, stranger.token, lostBody);
    expect(other.status).toBe(404);
    expect((await server.api('DELETE', `/api/items/${itemId}/lost`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await server.db.knex('items').where({ id: itemId }).first()).lostAt).toBeNull();
  });

  it('refuses a missing message, an overlong reward and a switched-off item with clear errors', async () => {
    const { itemId } = await assignedItem(server.db.knex, owner.user.id);
    const empty = await markLost(itemId, owner.token, { message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, error: LOST_MESSAGES.messageRequired });
    const reward = await markLost(itemId, owner.token, { message: 'Lost', reward: 'x'.repeat(101) });
    expect(reward.status).toBe(400);
    expect(reward.body).toMatchObject({ error: LOST_MESSAGES.rewardTooLong });
    const off = await assignedItem(server.db.knex, owner.user.id, { status: 'inactive' });
    const inactive = await markLost(off.itemId, owner.token, lostBody);
    expect(inactive.status).toBe(409);
    expect(inactive.body).toMatchObject({ error: LOST_MESSAGES.inactive });
  });

  it('shows finders the lost message and reward, never the owner’s contact details', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Blue bike' });
    await markLost(itemId, owner.token, { ...lostBody, stolen: true });
    const res = await server.api<{ item: Record<string, unknown> }>('GET', `/api/found/${code}`);
    expect(res.status).toBe(200);
    expect(res.body.item.lost).toEqual({
      since: expect.any(String),
      message: lostBody.message,
      reward: lostBody.reward,
      stolen: true,
    });
    const page = await fetch(`${server.url}/qr/${code}`);
    const html = await page.text();
    const ownerRow = await server.db.knex('users').where({ id: owner.user.id }).first();
    for (const body of [JSON.stringify(res.body), html])
      for (const secret of [ownerRow.email, ownerRow.phoneNumber, ownerRow.name, ownerRow.id])
        expect(body).not.toContain(secret);
  });

  it('ends lost mode when the owner marks the item recovered', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id);
    await markLost(itemId, owner.token, lostBody);
    const report = await server.api('POST', `/api/found/${code}/report`, { body: { foundNotes: 'Got it' } });
    expect(report.status).toBe(201);
    const recovered = await server.api('POST', `/api/items/${itemId}/recover`, { token: owner.token });
    expect(recovered.status).toBe(201);
    const item = await server.api<LostBody>('GET', `/api/items/${itemId}`, { token: owner.token });
    expect(item.body.item).toMatchObject({ status: 'recovered', lost: null });
    expect(
      (await server.api<{ item: { lost: unknown } }>('GET', `/api/found/${code}`)).body.item.lost,
    ).toBeNull();
  });
});

describe('a scan of a lost item', () => {
  const scan = (qrCode: string, extra: Record<string, unknown> = {}, token?: string) =>
    server.api<{ data: { id: string; repeated: boolean } }>('POST', '/api/analytics/scan', {
      body: { qrCode, ...extra },
      token,
    });
  const alertsOf = (userId: string) =>
    server.db.knex('notifications').where({ userId }).where('idempotencyKey', 'like', 'lost-scan-%');

  it('alerts the owner at once: urgent e-mail and SMS in the outbox and a live event with the position', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Red wallet' });
    await markLost(itemId, owner.token, lostBody);
    const stream = await openEvents(owner.token);
    try {
      const before = (await alertsOf(owner.user.id)).length;
      const first = await scan(code, { deviceId: 'finder-phone-1' });
      expect(first.status).toBe(201);
      const jobs = (await alertsOf(owner.user.id)).slice(before);
      expect(jobs.map((j) => j.channel).sort()).toEqual(['email', 'sms']);
      for (const job of jobs) {
        expect(job).toMatchObject({ urgent: true, status: 'pending', foundReportId: null });
        expect(JSON.stringify(job.payload)).toContain('Red wallet');
      }
      expect(await until(() => stream.events.some((e) => e.event === 'lost_item_scan'))).toBe(true);
      expect(stream.events.find((e) => e.event === 'lost_item_scan')!.data).toMatchObject({
        urgent: true,
        item: { id: itemId, name: 'Red wallet' },
        latitude: null,
      });

      // The same device reloading: one scan, no second alert; sharing its position alerts again with it.
      const reload = await scan(code, { deviceId: 'finder-phone-1' });
      expect(reload.body.data.repeated).toBe(true);
      expect((await alertsOf(owner.user.id)).length).toBe(before + 2);
      const located = await scan(code, {
        deviceId: 'finder-phone-1',
        latitude: '48.85837',
        longitude: '2.2945',
      });
      expect(located.status).toBe(201);
      const withPosition = (await alertsOf(owner.user.id)).slice(before + 2);
      expect(withPosition).toHaveLength(2);
      expect(JSON.stringify(withPosition.find((j) => j.channel === 'sms')!.payload)).toContain(
        'mlat=48.8584&mlon=2.2945',
      );
      expect(
        await until(() =>
          stream.events.some((e) => e.event === 'lost_item_scan' && e.data.latitude === '48.8584'),
        ),
      ).toBe(true);
      // The owner's scan list shows where: the stored scan took the position the repeat brought.
      const events = await server.api<{ data: { events: { id: string; latitude: string | null }[] } }>(
        'GET',
        '/api/users/me/found-events',
        { token: owner.token },
      );
      expect(events.body.data.events.find((e) => e.id === first.body.data.id)).toMatchObject({
        latitude: '48.8584',
        longitude: '2.2945',
      });
    } finally {
      await stream.close();
    }
  });

  it('bounds the alerts of a flood of scans: the first at once, the rest in one digest, at most 3 urgent an hour', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Blue scooter' });
    await markLost(itemId, owner.token, lostBody);
    const ofItem = () =>
      server.db
        .knex('notifications')
        .where({ userId: owner.user.id })
        .where((q) =>
          q
            .where('idempotencyKey', 'like', `lost-scan-${itemId}-%`)
            .orWhere('idempotencyKey', 'like', `lost-digest-${itemId}-%`),
        );
    // 30 devices, as the red team's two addresses did with new device ids.
    for (let i = 0; i < 30; i++) expect((await scan(code, { deviceId: `flood-${i}` })).status).toBe(201);
    const rows = await ofItem();
    const urgent = rows.filter((r) => r.urgent);
    const digests = rows.filter((r) => String(r.idempotencyKey).startsWith('lost-digest-'));
    expect(urgent.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
    expect(digests.length).toBeGreaterThanOrEqual(2);
    expect(digests.length).toBeLessThanOrEqual(4);
    for (const d of digests) expect(d.urgent).toBe(false);
    // Scans sharing a position alert at once, but never more than 3 urgent alerts an hour.
    for (let i = 0; i < 10; i++)
      await scan(code, { deviceId: `located-${i}`, latitude: '48.85837', longitude: '2.2945' });
    const after = (await ofItem()).filter((r) => r.urgent);
    expect(after.filter((r) => r.channel === 'email')).toHaveLength(3);
    expect(after.filter((r) => r.channel === 'sms')).toHaveLength(3);
  });

  it('folds only the surplus of each sender: a flood from two addresses leaves a third one’s scan urgent', async () => {
    // TRUST_PROXY=1: each scan says which address it comes from in X-Forwarded-For.
    const proxied = await startTestServer({ WORKER: '0', TRUST_PROXY: '1' });
    try {
      const someone = await signUp(proxied);
      const { itemId, code } = await assignedItem(proxied.db.knex, someone.user.id, { name: 'Green bag' });
      expect(
        (await proxied.api('PUT', `/api/items/${itemId}/lost`, { token: someone.token, body: lostBody }))
          .status,
      ).toBe(200);
      const from = (address: string, deviceId: string, extra: Record<string, unknown> = {}) =>
        proxied.api('POST', '/api/analytics/scan', {
          body: { qrCode: code, deviceId, ...extra },
          headers: { 'X-Forwarded-For': address },
        });
      const urgentEmails = async () =>
        (
          await proxied.db
            .knex('notifications')
            .where({ userId: someone.user.id, channel: 'email', urgent: true })
            .where('idempotencyKey', 'like', `lost-scan-${itemId}-%`)
        ).length;
      // Two addresses flood with new device ids and positions: each gets its own 3 urgent alerts.
      for (let i = 0; i < 40; i++) {
        const located = i % 2 ? { latitude: '48.85837', longitude: '2.2945' } : {};
        expect((await from(i % 2 ? '203.0.113.1' : '203.0.113.2', `flood-${i}`, located)).status).toBe(201);
      }
      expect(await urgentEmails()).toBe(4);
      // A genuine finder from another address still alerts at once: e-mail and SMS, urgent.
      expect((await from('198.51.100.7', 'genuine-finder')).status).toBe(201);
      expect(await urgentEmails()).toBe(5);
      // Their own second scan within the window is their surplus: it folds.
      expect((await from('198.51.100.7', 'genuine-finder-2')).status).toBe(201);
      expect(await urgentEmails()).toBe(5);
      // Many addresses: past LOST_URGENT_SENDERS_PER_HOUR senders an hour, newcomers fold too.
      for (let i = 0; i < 20; i++) await from(`192.0.2.${i + 1}`, `many-${i}`);
      expect(await urgentEmails()).toBe(LOST_URGENT_SENDERS_PER_HOUR + 2);
    } finally {
      await proxied.close();
    }
  });

  it('does not alert for the owner’s own scan or for an item that is not lost', async () => {
    const lost = await assignedItem(server.db.knex, owner.user.id);
    await markLost(lost.itemId, owner.token, lostBody);
    const calm = await assignedItem(server.db.knex, owner.user.id);
    const before = (await alertsOf(owner.user.id)).length;
    expect((await scan(lost.code, {}, owner.token)).status).toBe(201);
    expect((await scan(calm.code)).status).toBe(201);
    expect((await alertsOf(owner.user.id)).length).toBe(before);
  });

  it('refuses half a position with a clear 400', async () => {
    const { code } = await assignedItem(server.db.knex, owner.user.id);
    const res = await scan(code, { latitude: '48.1' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
  });
});
