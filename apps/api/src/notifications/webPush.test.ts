import { localMinute, PUSH_MESSAGES } from '@homing/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../testing/codeFactory';
import { startPushService } from '../testing/pushService';
import { startSmtpSink } from '../testing/smtpSink';
import { signUp, startTestServer, type TestServer } from '../testing/testServer';
import { smtpMailer } from './mailer';
import { vapidKeys, webPushSender } from './push';
import { folderSmsProvider } from './sms';
import { notificationWorker } from './worker';

// Web Push end to end against a real push service run here (npm `web-push-testing`): a device
// subscribes with the instance's VAPID key, the owner registers it, the outbox pushes a report, a
// finder's message and a lost item's scan, encrypted; the push service decrypts what it received.

let server: TestServer;
let push: Awaited<ReturnType<typeof startPushService>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
/** The workers' clock: tests set it; the server's own worker is off (WORKER=0). */
let now = new Date();
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  sink = await startSmtpSink();
  push = await startPushService();
  server = await startTestServer({
    SMTP_URL: sink.url,
    WORKER: '0',
    WEB_PUSH_ALLOW_HTTP: '1',
    // The local push service is the only one this instance sends to.
    WEB_PUSH_HOSTS: '127.0.0.1',
  });
});
afterAll(async () => {
  await server.close();
  await push.close();
  await sink.close();
});

/** A worker process's worth of parts: its own sender (which reads the keys anew) and mailer. */
const newWorker = () =>
  notificationWorker({
    knex: server.db.knex,
    mailer: smtpMailer({ url: sink.url, from: 'Homing <alerts@homing.test>' }),
    sms: folderSmsProvider({ dir: `${server.config.outboxDir}/sms`, logger }),
    push: webPushSender({
      knex: server.db.knex,
      subject: 'mailto:ops@homing.test',
      hosts: server.config.push.hosts,
    }),
    logger,
    clock: () => now,
  });

/** Runs the worker once at the real time (a second ahead: what was just written is due). */
const runNow = (worker: ReturnType<typeof newWorker>) => {
  now = new Date(Date.now() + 1_000);
  return worker.runOnce();
};

/** The first moment after the real time when it is `hh:mm` in `timeZone`. */
function next(hhmm: string, timeZone: string) {
  const [h, m] = hhmm.split(':').map(Number);
  let t = Math.ceil(Date.now() / 60_000) * 60_000;
  while (localMinute(new Date(t), timeZone) !== h! * 60 + m!) t += 60_000;
  return new Date(t + 20_000);
}

/** An owner with an item and one device subscribed through the push service, as a browser would. */
async function ownerWithDevice(name = 'Red umbrella') {
  const owner = await signUp(server);
  const { code, itemId } = await assignedItem(server.db.knex, owner.user.id, { name });
  const key = await server.api('GET', '/api/push/public-key');
  expect(key.status).toBe(200);
  const { publicKey } = key.body.data as { publicKey: string };
  const sub = await push.subscribe(publicKey);
  const { clientHash: _hash, ...json } = sub;
  const added = await server.api('POST', '/api/users/me/push-devices', {
    token: owner.token,
    body: { ...json, expirationTime: null },
    headers: {
      'User-Agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
    },
  });
  expect(added.status).toBe(201);
  return { ...owner, code, itemId, sub, deviceId: (added.body.data as { device: { id: string } }).device.id };
}

async function report(code: string, foundNotes: string) {
  const res = await server.api('POST', `/api/found/${code}/report`, { body: { foundNotes } });
  expect(res.status).toBe(201);
  return res.body.data as { reportId: string; threadPath: string };
}

const pushRows = (userId: string) =>
  server.db.knex('notifications').where({ userId, channel: 'push' }).orderBy('createdAt');

interface Received {
  title: string;
  body: string;
  url: string;
  tag: string;
}

describe('Web Push to the owner’s devices', () => {
  it('keeps the instance’s VAPID keys: made at the first start, the same ever after', async () => {
    const first = await vapidKeys(server.db.knex);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await vapidKeys(server.db.knex)).toEqual(first);
    const res = await server.api('GET', '/api/push/public-key');
    expect(res.body.data).toEqual({ publicKey: first.publicKey });
  });

  it('pushes a report, a finder’s message and a lost item’s scan, encrypted, to the subscribed device; a click opens the conversation', async () => {
    const owner = await ownerWithDevice();
    const devices = await server.api('GET', '/api/users/me/push-devices', { token: owner.token });
    expect(devices.body.data).toEqual({
      devices: [
        {
          id: owner.deviceId,
          device: 'Chrome on Android',
          createdAt: expect.any(String),
          lastPushedAt: null,
        },
      ],
    });
    const worker = newWorker();
    now = new Date();
    const { reportId, threadPath } = await report(owner.code, 'Found it on the 8:15 train');
    await runNow(worker);
    let got = (await push.waitFor(owner.sub, 1)) as Received[];
    expect(got).toEqual([
      {
        title: 'Someone found your Red umbrella',
        body: 'Found it on the 8:15 train',
        url: `/reports/${reportId}`,
        tag: `report-${reportId}-push-${owner.deviceId}`,
      },
    ]);

    const sent = await server.api('POST', `/api${threadPath}/messages`, {
      body: { text: 'I am at the café' },
    });
    expect(sent.status).toBe(201);
    await runNow(worker);
    got = (await push.waitFor(owner.sub, 2)) as Received[];
    expect(got[1]).toMatchObject({
      title: 'New message about your Red umbrella',
      body: 'I am at the café',
      url: `/reports/${reportId}`,
    });

    const lost = await server.api('PUT', `/api/items/${owner.itemId}/lost`, {
      token: owner.token,
      body: { message: 'Please call me', reward: '', stolen: false },
    });
    expect(lost.status).toBe(200);
    const scan = await server.api('POST', '/api/analytics/scan', {
      body: { qrCode: owner.code, deviceId: 'finder-phone-1', latitude: 48.8566, longitude: 2.3522 },
    });
    expect(scan.status).toBe(201);
    await runNow(worker);
    got = (await push.waitFor(owner.sub, 3)) as Received[];
    expect(got[2]).toMatchObject({
      title: 'URGENT: your lost Red umbrella was just scanned',
      url: '/dashboard',
    });
    expect(await pushRows(owner.user.id)).toMatchObject([
      { status: 'delivered', urgent: true },
      { status: 'delivered', urgent: true },
      { status: 'delivered', urgent: true },
    ]);
    const after = await server.api('GET', '/api/users/me/push-devices', { token: owner.token });
    expect(
      (after.body.data as { devices: { lastPushedAt: string | null }[] }).devices[0]!.lastPushedAt,
    ).not.toBeNull();
  });

  it('holds a push for quiet hours like e-mail, and sends it once they end', async () => {
    const owner = await ownerWithDevice('Blue scarf');
    const prefs = {
      email: true,
      sms: false,
      browser: true,
      quietHours: { enabled: true, start: '22:00', end: '07:00', timeZone: 'Europe/Paris' },
      urgentBreaksThrough: false,
      escalationDelayMinutes: 15,
    };
    expect(
      (await server.api('PUT', '/api/users/me/notification-preferences', { token: owner.token, body: prefs }))
        .status,
    ).toBe(200);
    const worker = newWorker();
    now = next('23:30', 'Europe/Paris');
    await report(owner.code, 'Found it late at night');
    await worker.runOnce();
    expect(push.received(owner.sub)).toEqual([]);
    expect(await pushRows(owner.user.id)).toMatchObject([
      { status: 'pending', quietHeld: true, attempts: 0 },
    ]);

    await server.api('PUT', '/api/users/me/notification-preferences', {
      token: owner.token,
      body: { ...prefs, quietHours: { ...prefs.quietHours, enabled: false } },
    });
    await worker.runOnce();
    expect(await push.waitFor(owner.sub, 1)).toMatchObject([{ title: 'Someone found your Blue scarf' }]);

    // The browser switch mutes push too.
    await server.api('PUT', '/api/users/me/notification-preferences', {
      token: owner.token,
      body: { ...prefs, browser: false, quietHours: { ...prefs.quietHours, enabled: false } },
    });
    await report(owner.code, 'Found it again');
    await worker.runOnce();
    const rows = await pushRows(owner.user.id);
    expect(rows[1]).toMatchObject({ status: 'suppressed' });
    expect(push.received(owner.sub)).toHaveLength(1);
  });

  it('neither loses nor repeats a push across a worker restart', async () => {
    const owner = await ownerWithDevice('Green bag');
    now = new Date();
    const first = newWorker();
    await report(owner.code, 'Before the restart');
    await runNow(first);
    expect(await push.waitFor(owner.sub, 1)).toHaveLength(1);
    await first.stop();
    // Written while no worker runs: the outbox keeps it.
    await report(owner.code, 'While the worker was down');
    const second = newWorker();
    await runNow(second);
    const got = (await push.waitFor(owner.sub, 2)) as Received[];
    expect(got.map((m) => m.body)).toEqual(['Before the restart', 'While the worker was down']);
    // Nothing is due any more: a second pass sends nothing again.
    expect(await runNow(second)).toBe(0);
    expect(push.received(owner.sub)).toHaveLength(2);
    expect(await pushRows(owner.user.id)).toMatchObject([{ status: 'delivered' }, { status: 'delivered' }]);
  });

  it('forgets a device the push service reports gone (410), and never retries it', async () => {
    const owner = await ownerWithDevice('Yellow kite');
    push.expire(owner.sub);
    now = new Date();
    const { reportId } = await report(owner.code, 'Found your kite');
    await runNow(newWorker());
    const [row] = await pushRows(owner.user.id);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.lastError).toContain('410');
    const devices = await server.api('GET', '/api/users/me/push-devices', { token: owner.token });
    expect(devices.body.data).toEqual({ devices: [] });
    // The e-mail went all the same.
    expect(
      await server.db
        .knex('notifications')
        .where({ userId: owner.user.id, channel: 'email', idempotencyKey: `report-${reportId}-email` })
        .first(),
    ).toMatchObject({ status: 'delivered' });
  });

  it('lists and removes devices; only the owner’s own; refuses a subscription it cannot use', async () => {
    const owner = await ownerWithDevice('Black hat');
    const other = await signUp(server);
    expect(
      (await server.api('DELETE', `/api/users/me/push-devices/${owner.deviceId}`, { token: other.token }))
        .status,
    ).toBe(404);
    const removed = await server.api('DELETE', `/api/users/me/push-devices/${owner.deviceId}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect((await server.api('GET', '/api/users/me/push-devices', { token: owner.token })).body.data).toEqual(
      {
        devices: [],
      },
    );
    // A report after removal pushes nothing.
    await report(owner.code, 'After removal');
    expect(await pushRows(owner.user.id)).toEqual([]);
    expect(
      (await server.api('DELETE', '/api/users/me/push-devices/not-a-uuid', { token: owner.token })).status,
    ).toBe(400);

    const bad = await server.api('POST', '/api/users/me/push-devices', {
      token: owner.token,
      body: { endpoint: 'https://push.example/x', keys: { p256dh: 'short', auth: 'AAAA' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(PUSH_MESSAGES.badSubscription);
    const ftp = await server.api('POST', '/api/users/me/push-devices', {
      token: owner.token,
      body: { endpoint: 'ftp://push.example/x', keys: owner.sub.keys },
    });
    expect(ftp.status).toBe(400);
    expect(ftp.body.error).toBe(PUSH_MESSAGES.badEndpoint);
    expect((await server.api('GET', '/api/users/me/push-devices')).status).toBe(401);
  });

  it('posts only to the push services it knows: another host is refused, and a row kept on one is dropped unsent', async () => {
    const owner = await ownerWithDevice('Grey scarf');
    // An address inside the server's network, dressed as a subscription: never stored.
    const inside = await server.api('POST', '/api/users/me/push-devices', {
      token: owner.token,
      body: { endpoint: 'https://metadata.internal/latest/x', keys: owner.sub.keys, expirationTime: null },
    });
    expect(inside.status).toBe(400);
    expect(inside.body.error).toBe(PUSH_MESSAGES.unknownService);
    // A device kept before the rule narrowed: the worker removes it without posting to it.
    const received = push.received(owner.sub).length;
    await server.db
      .knex('pushSubscriptions')
      .where({ id: owner.deviceId })
      .update({ endpoint: 'https://metadata.internal/latest/y' });
    await report(owner.code, 'Found your scarf');
    await runNow(newWorker());
    const [row] = await pushRows(owner.user.id);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.lastError).toContain('WEB_PUSH_HOSTS');
    expect(push.received(owner.sub).length).toBe(received);
    expect((await server.api('GET', '/api/users/me/push-devices', { token: owner.token })).body.data).toEqual(
      {
        devices: [],
      },
    );
  });
});
