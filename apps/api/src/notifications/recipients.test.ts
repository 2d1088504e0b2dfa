import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../testing/codeFactory';
import { emailOnlyPreferences, mailsTo } from '../testing/escalation';
import { finderAddress, until } from '../testing/threads';
import { startFinderTestServer } from '../testing/finderServer';
import { signUp } from '../testing/testServer';
import { createMailer, createSmsProvider } from './index';
import { notificationWorker } from './worker';

// "Who may be texted" (notifications/recipients.ts), pinned where it matters: an owner's alerts
// about a finder's report, a finder's message, a lost item's scan and an escalation reach their
// phone only when it is confirmed, opted in and not opted out by STOP; otherwise they go by e-mail
// only. Observed at a real SMS provider peer and a real SMTP sink.

let t: Awaited<ReturnType<typeof startFinderTestServer>>;
/** The worker's clock: an hour ahead, so every escalation step is due. */
const later = () => new Date(Date.now() + 60 * 60_000);
const logger = pino({ level: 'silent' });
const worker = () =>
  notificationWorker({
    knex: t.server.db.knex,
    mailer: createMailer(t.server.config, logger),
    sms: createSmsProvider(t.server.config, logger),
    logger,
    clock: later,
  });

beforeAll(async () => {
  t = await startFinderTestServer({ WORKER: '0' });
});
afterAll(async () => {
  await t.close();
});

type Phone = { smsOptIn: boolean; phoneVerifiedAt: Date | null; stopped?: boolean };

/** An owner with `phone`, told on every channel at any hour, escalating after 5 minutes; one item, lost. */
async function ownerWith(phone: Phone) {
  const owner = await signUp(t.server);
  const phoneNumber = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const knex = t.server.db.knex;
  const prefs = await t.server.api('PUT', '/api/users/me/notification-preferences', {
    token: owner.token,
    body: { ...emailOnlyPreferences(5), sms: phone.smsOptIn },
  });
  expect(prefs.status).toBe(200);
  await knex('users')
    .where({ id: owner.user.id })
    .update({ phoneNumber, smsOptIn: phone.smsOptIn, phoneVerifiedAt: phone.phoneVerifiedAt });
  // A number that answered STOP before this account took it (STOP also turns an account's opt-in off).
  if (phone.stopped) await knex('smsOptOuts').insert({ phoneNumber });
  const { code, itemId } = await assignedItem(knex, owner.user.id, { name: 'Green umbrella' });
  const lost = await t.server.api('PUT', `/api/items/${itemId}/lost`, {
    token: owner.token,
    body: { message: 'Please call me', reward: '', stolen: false },
  });
  expect(lost.status).toBe(200);
  return { ...owner, phoneNumber, code };
}

/** A finder's scan of the lost label, a report (no contact of theirs) and a message in its conversation. */
async function everyAlert(code: string) {
  const finder = finderAddress();
  const scan = await t.server.api('POST', '/api/analytics/scan', {
    body: { qrCode: code, deviceId: `finder-${code}` },
    headers: finder,
  });
  expect(scan.status).toBe(201);
  const report = await t.server.api<{ data: { reportId: string; threadPath: string } }>(
    'POST',
    `/api/found/${code}/report`,
    { body: { foundNotes: 'It was on the tram' }, headers: finder },
  );
  expect(report.status).toBe(201);
  const message = await t.server.api('POST', `/api${report.body.data.threadPath}/messages`, {
    body: { text: 'I can leave it at the front desk' },
    headers: finder,
  });
  expect(message.status).toBe(201);
  return report.body.data.reportId;
}

/** The owner's outbox rows by kind of alert, once the lost scan's (written after its answer) is there. */
async function alertRows(userId: string) {
  const rows = await until(
    () =>
      t.server.db
        .knex('notifications')
        .where({ userId })
        .select('channel', 'idempotencyKey', 'status') as Promise<
        { channel: string; idempotencyKey: string; status: string }[]
      >,
    (rs) => rs.some((r) => r.idempotencyKey.startsWith('lost-scan-')),
  );
  const kind = (r: { idempotencyKey: string }) => r.idempotencyKey.split('-').slice(0, 2).join('-');
  return {
    sms: rows
      .filter((r) => r.channel === 'sms')
      .map(kind)
      .sort(),
    email: rows
      .filter((r) => r.channel === 'email')
      .map(kind)
      .sort(),
  };
}

const ALERTS = ['escalate-<id>', 'lost-scan', 'message-<id>', 'report-<id>'];
const named = (keys: string[]) => keys.map((k) => k.replace(/^(escalate|message|report)-.*/, '$1-<id>'));

describe('who may be texted', () => {
  it('texts a confirmed, opted-in number every alert: report, message, lost scan, escalation', async () => {
    const owner = await ownerWith({ smsOptIn: true, phoneVerifiedAt: new Date() });
    await everyAlert(owner.code);
    const rows = await alertRows(owner.user.id);
    expect(named(rows.sms)).toEqual(ALERTS);
    // Escalation step 1 goes by SMS when the owner can be texted, so not also by e-mail.
    expect(named(rows.email)).toEqual(['lost-scan', 'message-<id>', 'report-<id>']);
    await worker().runOnce();
    const texts = t.sms.received.filter((m) => m.to === owner.phoneNumber);
    expect(texts).toHaveLength(4);
  });

  const refused: [string, Phone][] = [
    ['an unconfirmed number', { smsOptIn: true, phoneVerifiedAt: null }],
    ['a number without the opt-in', { smsOptIn: false, phoneVerifiedAt: new Date() }],
    ['a number that answered STOP', { smsOptIn: true, phoneVerifiedAt: new Date(), stopped: true }],
  ];
  it.each(refused)('texts %s nothing, and tells its owner every alert by e-mail', async (_, phone) => {
    const owner = await ownerWith(phone);
    await everyAlert(owner.code);
    const rows = await alertRows(owner.user.id);
    expect(rows.sms).toEqual([]);
    // The escalation reminder falls back to e-mail.
    expect(named(rows.email)).toEqual(ALERTS);
    await worker().runOnce();
    expect(t.sms.received.filter((m) => m.to === owner.phoneNumber)).toEqual([]);
    expect(mailsTo(t.sink, owner.email!).length).toBeGreaterThanOrEqual(4);
  });

  it('asks again as it sends: a number no longer confirmed when its alerts are due gets none', async () => {
    const owner = await ownerWith({ smsOptIn: true, phoneVerifiedAt: new Date() });
    await everyAlert(owner.code);
    expect(named((await alertRows(owner.user.id)).sms)).toEqual(ALERTS);
    await t.server.db.knex('users').where({ id: owner.user.id }).update({ phoneVerifiedAt: null });
    await worker().runOnce();
    expect(t.sms.received.filter((m) => m.to === owner.phoneNumber)).toEqual([]);
    const sms = await t.server.db.knex('notifications').where({ userId: owner.user.id, channel: 'sms' });
    for (const row of sms)
      expect(row).toMatchObject({ status: 'failed', lastError: expect.stringContaining('opted-in number') });
  });
});
