import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBackupContact,
  alerts,
  emailOnlyPreferences,
  escalatingOwner,
  fileReport,
  reminders,
  waitMails,
} from '../testing/escalation';
import { startSmtpSink, type SmtpSink } from '../testing/smtpSink';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../testing/testServer';
import { smtpMailer, type Mailer } from './mailer';
import { folderSmsProvider } from './sms';
import { notificationWorker } from './worker';
import { WAIT_MS } from '../testing/patience';

let sink: SmtpSink;
let server: TestServer;
let smsDir: string;
/** The workers' clock: tests move it; the server's own worker is off (WORKER=0). */
let now = new Date();
const logger = pino({ level: 'silent' });
let mailer: Mailer;

const newWorker = (opts: { mailer?: Mailer; leaseMs?: number } = {}) =>
  notificationWorker(
    {
      knex: server.db.knex,
      mailer: opts.mailer ?? mailer,
      sms: folderSmsProvider({ dir: smsDir, logger }),
      logger,
      clock: () => now,
    },
    { leaseMs: opts.leaseMs },
  );

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: sink.url, WORKER: '0' });
  smsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'homing-sms-'));
  mailer = smtpMailer({ url: sink.url, from: 'Homing <alerts@homing.test>' });
});
afterAll(async () => {
  await server.close();
  await sink.close();
  await fs.rm(smsDir, { recursive: true, force: true });
});

const MIN = 60_000;
const owner = (delay = 10) => escalatingOwner(server, delay);
/** Adds a backup contact; with `confirm`, follows the link from the e-mail it is sent. */
const backup = (token: string, email: string, confirm: boolean) =>
  addBackupContact(server, sink, {
    token,
    email,
    confirm,
    deliver: () => {
      now = new Date();
      return newWorker().runOnce();
    },
  });
const report = (code: string) => fileReport(server, code);

describe('escalation of an unread report', () => {
  it('tells the owner again at their delay, not before, then confirmed backup contacts only, once', async () => {
    const o = await owner(10);
    const confirmed = uniqueEmail();
    const unconfirmed = uniqueEmail();
    await backup(o.token, confirmed, true);
    await backup(o.token, unconfirmed, false);
    const r = await report(o.code);
    const worker = newWorker();

    now = new Date(r.at + 10 * MIN - 5_000);
    await worker.runOnce();
    await waitMails(sink, o.email!, 1);
    expect(reminders(sink, o.email!)).toHaveLength(0);

    now = new Date(r.at + 10 * MIN + 5_000);
    await worker.runOnce();
    await waitMails(sink, o.email!, 2);
    expect(reminders(sink, o.email!)).toHaveLength(1);
    expect(alerts(sink, confirmed)).toHaveLength(0);

    now = new Date(r.at + 20 * MIN + 5_000);
    await worker.runOnce();
    await waitMails(sink, confirmed, 2);
    const [alert] = alerts(sink, confirmed);
    expect(alert).toBeDefined();
    // Nothing about the finder: only that the owner may need help.
    expect(alert!.text).toContain('found their Blue backpack');
    expect(alert!.text).not.toContain('Found it on the bus');
    expect(alerts(sink, unconfirmed)).toHaveLength(0);

    now = new Date(r.at + 60 * MIN);
    expect(await worker.runOnce()).toBe(0);
    expect(reminders(sink, o.email!)).toHaveLength(1);
    expect(alerts(sink, confirmed)).toHaveLength(1);
  });

  it('stops the moment the owner opens the report', async () => {
    const o = await owner(5);
    const contact = uniqueEmail();
    await backup(o.token, contact, true);
    const r = await report(o.code);
    const opened = await server.api('GET', `/api/reports/${r.id}/thread`, { token: o.token });
    expect(opened.status).toBe(200);
    const steps = await server.db
      .knex('notifications')
      .where({ foundReportId: r.id })
      .whereNotNull('escalationStep');
    expect(steps).toHaveLength(2);
    for (const s of steps)
      expect(s).toMatchObject({ status: 'suppressed', lastError: 'owner opened the report' });

    now = new Date(r.at + 24 * 60 * MIN);
    await newWorker().runOnce();
    await waitMails(sink, o.email!, 1);
    expect(reminders(sink, o.email!)).toHaveLength(0);
    expect(alerts(sink, contact)).toHaveLength(0);
  });

  // A live worker stuck on a step (a provider that never answers): another worker must wait for its
  // lease. A worker process killed mid-step is escalationDurability.test.ts (PostgreSQL only).
  it('a step leased by a hung worker is not sent by another until the lease runs out, then once', async () => {
    const o = await owner(5);
    const contact = uniqueEmail();
    await backup(o.token, contact, true);
    const r = await report(o.code);
    // The first e-mail (the report itself) goes now.
    now = new Date();
    await newWorker().runOnce();
    await waitMails(sink, o.email!, 1);

    // A worker that leases step 1 and hangs before sending (its mailer never answers; it is abandoned).
    now = new Date(r.at + 5 * MIN + 5_000);
    const hung: Mailer = { send: () => new Promise(() => {}) };
    void newWorker({ mailer: hung, leaseMs: 500 }).runOnce();
    const leased = async () =>
      server.db
        .knex('notifications')
        .where({ foundReportId: r.id, escalationStep: 1 })
        .whereNotNull('lockedUntil')
        .first('id');
    const until = Date.now() + WAIT_MS;
    while (!(await leased()) && Date.now() < until) await new Promise((res) => setTimeout(res, 20));
    expect(await leased()).toBeTruthy();

    // A new worker: the lease is still held, so nothing is sent twice...
    const second = newWorker();
    await second.runOnce();
    expect(reminders(sink, o.email!)).toHaveLength(0);
    // ...and once it runs out, the step is sent, once.
    await new Promise((res) => setTimeout(res, 600));
    await second.runOnce();
    await second.runOnce();
    await waitMails(sink, o.email!, 2);
    expect(reminders(sink, o.email!)).toHaveLength(1);

    // Step 2 survives too (it was only ever in the outbox), and goes once.
    now = new Date(r.at + 10 * MIN + 5_000);
    await newWorker().runOnce();
    await newWorker().runOnce();
    await waitMails(sink, contact, 2);
    expect(alerts(sink, contact)).toHaveLength(1);
    const rows = await server.db
      .knex('notifications')
      .where({ foundReportId: r.id })
      .whereNotNull('escalationStep');
    expect(rows.map((x) => x.status)).toEqual(['delivered', 'delivered']);
  });
});

describe('backup contacts', () => {
  it('are at most 3, and nobody else can see or remove them', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    for (let i = 0; i < 3; i++) {
      const res = await server.api('POST', '/api/users/me/backup-contacts', {
        token: a.token,
        body: { contact: uniqueEmail() },
      });
      expect(res.status).toBe(200);
    }
    const fourth = await server.api('POST', '/api/users/me/backup-contacts', {
      token: a.token,
      body: { contact: uniqueEmail() },
    });
    expect(fourth.status).toBe(409);
    const tooShort = await server.api('PUT', '/api/users/me/notification-preferences', {
      token: a.token,
      body: emailOnlyPreferences(4),
    });
    expect(tooShort.status).toBe(400);
    const bad = await server.api('POST', '/api/users/me/backup-contacts', {
      token: a.token,
      body: { contact: 'not a contact' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false });

    const mine = await server.api<{ data: { contacts: { id: string; confirmed: boolean }[] } }>(
      'GET',
      '/api/users/me/backup-contacts',
      { token: a.token },
    );
    expect(mine.body.data.contacts).toHaveLength(3);
    expect(mine.body.data.contacts.every((c) => !c.confirmed)).toBe(true);
    const theirs = await server.api<{ data: { contacts: unknown[] } }>(
      'GET',
      '/api/users/me/backup-contacts',
      {
        token: b.token,
      },
    );
    expect(theirs.body.data.contacts).toEqual([]);
    const id = mine.body.data.contacts[0]!.id;
    const steal = await server.api('DELETE', `/api/users/me/backup-contacts/${id}`, { token: b.token });
    expect(steal.status).toBe(404);
    const remove = await server.api<{ data: { contacts: unknown[] } }>(
      'DELETE',
      `/api/users/me/backup-contacts/${id}`,
      { token: a.token },
    );
    expect(remove.status).toBe(200);
    expect(remove.body.data.contacts).toHaveLength(2);
    const visitor = await server.api('GET', '/api/users/me/backup-contacts');
    expect(visitor.status).toBe(401);
  });
});
