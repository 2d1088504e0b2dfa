import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { localMinute } from '@homing/shared';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignedItem } from '../testing/codeFactory';
import { startSmtpSink } from '../testing/smtpSink';
import { signUp, startTestServer, uniquePhone, type TestServer } from '../testing/testServer';
import { smtpMailer } from './mailer';
import { folderSmsProvider } from './sms';
import { notificationWorker, type NotificationWorker } from './worker';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: TestServer;
let smsDir: string;
/** The worker's clock: tests set it; the server's own worker is off (WORKER=0). */
let now = new Date();
let worker: NotificationWorker;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: sink.url, WORKER: '0' });
  smsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'homing-sms-'));
  const logger = pino({ level: 'silent' });
  worker = notificationWorker({
    knex: server.db.knex,
    mailer: smtpMailer({ url: sink.url, from: 'Homing <alerts@homing.test>' }),
    sms: folderSmsProvider({ dir: smsDir, logger }),
    logger,
    clock: () => now,
  });
});
afterAll(async () => {
  await server.close();
  await sink.close();
  await fs.rm(smsDir, { recursive: true, force: true });
});
beforeEach(() => {
  now = new Date();
});

/** The first moment after the real time when it is `hh:mm` in `timeZone` (so new jobs are due by then). */
function next(hhmm: string, timeZone: string) {
  const [h, m] = hhmm.split(':').map(Number);
  let t = Math.ceil(Date.now() / 60_000) * 60_000;
  while (localMinute(new Date(t), timeZone) !== h! * 60 + m!) t += 60_000;
  return new Date(t + 20_000);
}

const quiet = (over: Partial<{ urgentBreaksThrough: boolean; email: boolean; sms: boolean }> = {}) => ({
  email: true,
  sms: true,
  browser: true,
  quietHours: { enabled: true, start: '22:00', end: '07:00', timeZone: 'Europe/Paris' },
  urgentBreaksThrough: true,
  ...over,
});

async function ownerWithItem(opts: { phone?: boolean } = {}) {
  let owner: { user: { id: string }; token: string; email: string | null };
  if (opts.phone) {
    const res = await server.api<{ user: { id: string }; sessionToken: string }>(
      'POST',
      '/api/auth/register',
      {
        body: { phoneNumber: uniquePhone(), password: 'correct horse', smsOptIn: true },
      },
    );
    // Confirmed as by the code it was texted (routes/contacts/contacts.test.ts proves that path):
    // the worker texts alerts only to a confirmed number.
    await server.db.knex('users').where({ id: res.body.user.id }).update({ phoneVerifiedAt: new Date() });
    owner = { user: res.body.user, token: res.body.sessionToken, email: null };
  } else owner = await signUp(server);
  const { code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Red umbrella' });
  return { ...owner, code };
}

async function report(code: string, message = 'Found it by the station') {
  const res = await server.api('POST', `/api/found/${code}/report`, { body: { foundNotes: message } });
  expect(res.status).toBe(201);
  return (res.body.data as { threadPath: string }).threadPath;
}

// The report's own alerts to the owner: not the account's own mail (a sign-up code), nor the
// report's escalation steps, due later (escalation.test.ts).
const jobsOf = (userId: string) =>
  server.db
    .knex('notifications')
    .where({ userId })
    .whereRaw("payload->>'kind' IS NULL")
    .whereNull('escalationStep')
    .orderBy('createdAt');
// The report's own mails: the clock here jumps hours ahead, past the report's escalation reminder.
const mailsTo = (email: string) =>
  sink.received.filter((m) => m.to.includes(email) && !m.text.includes('is waiting for your answer'));
const smsFiles = async () => fs.readdir(smsDir).catch(() => [] as string[]);

describe('the worker honours notification preferences', () => {
  it('sends nothing on a muted channel, e-mail or SMS, and says so on the job', async () => {
    const mailOwner = await ownerWithItem();
    const smsOwner = await ownerWithItem({ phone: true });
    // The phone sign-up's confirmation code goes first: account mail follows no preference.
    now = new Date(Date.now() + 1_000);
    await worker.runOnce();
    const smsBefore = (await smsFiles()).length;
    await report(mailOwner.code);
    await report(smsOwner.code);
    // Muted after the jobs were written: the worker reads the preference at delivery.
    const noQuiet = { ...quiet().quietHours, enabled: false };
    await server.api('PUT', '/api/users/me/notification-preferences', {
      token: mailOwner.token,
      body: { ...quiet({ email: false }), quietHours: noQuiet },
    });
    await server.api('PUT', '/api/users/me/notification-preferences', {
      token: smsOwner.token,
      body: { ...quiet({ sms: false }), quietHours: noQuiet },
    });
    now = new Date(Date.now() + 1_000);
    await worker.runOnce();

    for (const owner of [mailOwner, smsOwner]) {
      const jobs = await jobsOf(owner.user.id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ status: 'suppressed', attempts: 0, deliveredAt: null });
      expect(jobs[0].lastError).toContain('muted by the owner');
      expect(await server.db.knex('notificationAttempts').where({ notificationId: jobs[0].id })).toEqual([]);
    }
    expect(mailsTo(mailOwner.email!)).toEqual([]);
    expect((await smsFiles()).length).toBe(smsBefore);
  });

  it('defers during quiet hours, in the owner time zone, and delivers when they end', async () => {
    const owner = await ownerWithItem();
    await server.api('PUT', '/api/users/me/notification-preferences', {
      token: owner.token,
      body: quiet({ urgentBreaksThrough: false }),
    });
    now = next('23:30', 'Europe/Paris');
    await report(owner.code, 'Quiet hours test');
    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    let [job] = await jobsOf(owner.user.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    const until = new Date(job.nextAttemptAt);
    // 07:00 in Paris, 7.5 hours after 23:30 (minus the seconds into the minute).
    expect(localMinute(until, 'Europe/Paris')).toBe(7 * 60);
    expect(until.getTime() - now.getTime()).toBe(7.5 * 3600_000 - 20_000);
    expect(mailsTo(owner.email!)).toEqual([]);

    // Still quiet at 06:59: nothing is due, nothing is sent.
    now = new Date(until.getTime() - 60_000);
    await worker.runOnce();
    expect(mailsTo(owner.email!)).toEqual([]);

    // Durable: the deferral is in the row, so any worker sends it once the period is over.
    now = new Date(until.getTime() + 1_000);
    await worker.runOnce();
    const mails = await sink.waitFor(sink.received.length);
    expect(mails.filter((m) => mailsTo(owner.email!).includes(m))).toHaveLength(1);
    [job] = await jobsOf(owner.user.id);
    expect(job).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('lets urgent alerts (a report, a finder’s message) through quiet hours only when the owner chose so', async () => {
    const breaks = await ownerWithItem();
    await server.api('PUT', '/api/users/me/notification-preferences', { token: breaks.token, body: quiet() });
    const holds = await ownerWithItem();
    await server.api('PUT', '/api/users/me/notification-preferences', {
      token: holds.token,
      body: quiet({ urgentBreaksThrough: false }),
    });
    now = next('02:00', 'Europe/Paris');
    for (const owner of [breaks, holds]) {
      const threadPath = await report(owner.code, 'Found it at 2 am');
      const sent = await server.api('POST', `/api${threadPath}/messages`, { body: { text: 'Still here' } });
      expect(sent.status).toBe(201);
    }
    await worker.runOnce();

    const breaksJobs = await jobsOf(breaks.user.id);
    // The report and the finder's message: both urgent, both sent at 2 am.
    expect(breaksJobs).toHaveLength(2);
    expect(breaksJobs).toMatchObject([
      { urgent: true, status: 'delivered' },
      { urgent: true, status: 'delivered' },
    ]);
    expect(mailsTo(breaks.email!)).toHaveLength(2);
    // Urgent not let through: held, both, for the morning.
    expect(await jobsOf(holds.user.id)).toMatchObject([
      { urgent: true, status: 'pending', attempts: 0, quietHeld: true },
      { urgent: true, status: 'pending', attempts: 0, quietHeld: true },
    ]);
    expect(mailsTo(holds.email!)).toEqual([]);
  });

  it("tells the finder until when the owner's quiet hours hold their message", async () => {
    const owner = await ownerWithItem();
    await server.api('PUT', '/api/users/me/notification-preferences', {
      token: owner.token,
      body: quiet({ urgentBreaksThrough: false }),
    });
    now = next('23:30', 'Europe/Paris');
    const threadPath = await report(owner.code, 'Found it late');
    await worker.runOnce();
    const thread = await server.api('GET', `/api${threadPath}`);
    type Receipt = { notified: unknown; heldUntil: string };
    const receipt = (thread.body.data as { messages: { receipt: Receipt }[] }).messages[0]!.receipt;
    expect(receipt.notified).toBeNull();
    expect(localMinute(new Date(receipt.heldUntil), 'Europe/Paris')).toBe(7 * 60);
  });

  it('re-schedules held alerts at once when quiet hours change or end', async () => {
    const owner = await ownerWithItem();
    const prefs = quiet({ urgentBreaksThrough: false });
    await server.api('PUT', '/api/users/me/notification-preferences', { token: owner.token, body: prefs });
    now = next('23:30', 'Europe/Paris');
    await report(owner.code, 'Held, then released');
    await worker.runOnce();
    let [job] = await jobsOf(owner.user.id);
    expect(job).toMatchObject({ status: 'pending', quietHeld: true });

    // A shorter window (ending at midnight): held to the new end, not the old 07:00.
    await server.api('PUT', '/api/users/me/notification-preferences', {
      token: owner.token,
      body: { ...prefs, quietHours: { ...prefs.quietHours, end: '23:45' } },
    });
    await worker.runOnce();
    [job] = await jobsOf(owner.user.id);
    expect(job).toMatchObject({ status: 'pending', quietHeld: true });
    expect(localMinute(new Date(job.nextAttemptAt), 'Europe/Paris')).toBe(23 * 60 + 45);
    expect(mailsTo(owner.email!)).toEqual([]);

    // Quiet hours off: what was held goes out on the worker's next poll, still at 23:30.
    await server.api('PUT', '/api/users/me/notification-preferences', {
      token: owner.token,
      body: { ...prefs, quietHours: { ...prefs.quietHours, enabled: false } },
    });
    await worker.runOnce();
    [job] = await jobsOf(owner.user.id);
    expect(job).toMatchObject({ status: 'delivered', attempts: 1, quietHeld: false });
    expect(mailsTo(owner.email!)).toHaveLength(1);
    // Its time reads in the owner's time zone, dated MM-DD-YYYY.
    expect(mailsTo(owner.email!)[0]!.text).toMatch(/Time: \d\d-\d\d-\d{4} \d\d:\d\d \(Europe\/Paris\)/);
  });

  it('sends at once outside quiet hours', async () => {
    const owner = await ownerWithItem();
    await server.api('PUT', '/api/users/me/notification-preferences', { token: owner.token, body: quiet() });
    now = next('12:00', 'Europe/Paris');
    await report(owner.code);
    await worker.runOnce();
    expect(await jobsOf(owner.user.id)).toMatchObject([{ status: 'delivered' }]);
    expect(mailsTo(owner.email!)).toHaveLength(1);
  });
});
