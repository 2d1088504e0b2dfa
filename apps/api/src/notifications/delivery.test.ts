import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../testing/codeFactory';
import { startSmtpSink } from '../testing/smtpSink';
import { signUp, startTestServer, type TestServer } from '../testing/testServer';
import { readEventStream } from '../testing/eventStreamReader';
import { WAIT_MS } from '../testing/patience';
import { backoffMs } from './worker';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: TestServer;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: sink.url, MAIL_FROM: 'Homing <alerts@homing.test>' });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

/** Reads a server-sent-event stream with fetch (a bearer header, as the dashboard does). */
async function openEvents(token: string) {
  const res = await fetch(`${server.url}/api/users/me/events`, {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip, br' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  expect(res.headers.get('content-encoding')).toBeNull();
  return readEventStream(res);
}

describe('owner notifications', () => {
  it("e-mails the owner over SMTP with the finder's message (never their phone), and records the attempt", async () => {
    const owner = await signUp(server);
    const { code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Green backpack' });
    const res = await server.api('POST', `/api/found/${code}/report`, {
      body: {
        foundNotes: 'Left at the library front desk',
        finderPhone: '+15557654321',
        latitude: '51.5007',
        longitude: '-0.1246',
      },
    });
    expect(res.status).toBe(201);
    const mails = await sink.waitFor(1);
    const mail = mails.find((m) => m.to.includes(owner.email))!;
    expect(mail).toBeTruthy();
    expect(mail.raw).toMatch(/^Subject: Homing: someone found your Green backpack/m);
    expect(mail.text).toContain('Left at the library front desk');
    // The owner answers in the conversation; the finder's number only tells the finder of replies.
    expect(mail.text).not.toContain('+15557654321');
    expect(mail.text).toMatch(/Reply to the finder: http:\/\/\S+\/reports\/[0-9a-f-]{36}/);
    expect(mail.text).toContain('mlat=51.5007');
    expect(mail.raw).toMatch(/^From: Homing <alerts@homing.test>/m);
    // SMTP accepts the message a moment before the worker records the delivery.
    const key = mail.messageId.slice(1, -'@homing>'.length);
    let job = await server.db.knex('notifications').where({ idempotencyKey: key }).first();
    for (const until = Date.now() + WAIT_MS; job.status !== 'delivered' && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 25));
      job = await server.db.knex('notifications').where({ idempotencyKey: key }).first();
    }
    expect(job).toMatchObject({ status: 'delivered', attempts: 1 });
    const attempts = await server.db.knex('notificationAttempts').where({ notificationId: job.id });
    expect(attempts).toMatchObject([{ ok: true, attempt: 1 }]);
  });

  it('pushes the report to every open dashboard of the owner at once, and to nobody else', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const { code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Cat collar' });
    const [a, b, c] = [
      await openEvents(owner.token),
      await openEvents(owner.token),
      await openEvents(other.token),
    ];
    await server.api('POST', '/api/analytics/scan', { body: { qrCode: code } });
    await server.api('POST', `/api/found/${code}/report`, { body: { foundNotes: 'Cat is safe with me' } });
    const until = Date.now() + WAIT_MS;
    while ((a.events.length < 2 || b.events.length < 2) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    for (const stream of [a, b]) {
      // The scan's answer does not wait for its NOTIFY, so the two may arrive in either order.
      expect(stream.events.map((e) => e.event).sort()).toEqual(['found_event', 'found_report']);
      const of = (type: string) => stream.events.find((e) => e.event === type)!.data;
      // The same shapes the dashboard loads, so a live entry needs no reload to be complete.
      expect(of('found_event')).toEqual({
        id: expect.any(String),
        foundAt: expect.any(String),
        item: { id: expect.any(String), name: 'Cat collar' },
        latitude: null,
        longitude: null,
      });
      expect(of('found_report')).toMatchObject({
        message: 'Cat is safe with me',
        state: 'new',
        latitude: null,
        item: { id: expect.any(String), name: 'Cat collar' },
        reportedAt: expect.any(String),
      });
    }
    expect(c.events).toEqual([]);
    for (const s of [a, b, c]) await s.close();
  });

  it('retries a failed delivery with backoff and keeps every attempt', async () => {
    const owner = await signUp(server);
    const { code } = await assignedItem(server.db.knex, owner.user.id);
    await server.deps.worker!.stop();
    await sink.close(); // the "provider" is down
    await server.api('POST', `/api/found/${code}/report`, { body: { foundNotes: 'Outage test' } });
    const attempted = Date.now();
    await server.deps.worker!.runOnce();
    const job = await server.db
      .knex('notifications')
      .where({ userId: owner.user.id })
      .whereNull('escalationStep')
      .first();
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.lastError).toBeTruthy();
    // Due again a first backoff (5 s) after the attempt, however long the attempt took.
    expect(new Date(job.nextAttemptAt).getTime()).toBeGreaterThanOrEqual(attempted + backoffMs(1));
    expect(await server.db.knex('notificationAttempts').where({ notificationId: job.id })).toMatchObject([
      { ok: false },
    ]);
  });
});
