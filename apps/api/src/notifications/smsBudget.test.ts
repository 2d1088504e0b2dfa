import { UNTEXTABLE_PHONE } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFinderTestServer } from '../testing/finderServer';
import { signUp, uniquePhone } from '../testing/testServer';
import { until } from '../testing/threads';

// The SMS budget an operator controls: one refusal of premium-rate and satellite numbers for every
// number Homing would text, a cap of texts per number per day, and an hourly budget for the whole
// instance; past either, texts a stranger could cause are not sent and the admins are told.

type Peers = Awaited<ReturnType<typeof startFinderTestServer>>;
let capped: Peers;
let budgeted: Peers;
let countries: Peers;
beforeAll(async () => {
  countries = await startFinderTestServer({ SMS_COUNTRIES: 'us', WORKER_POLL_MS: '100' });
  capped = await startFinderTestServer({ SMS_DAILY_PER_NUMBER: '2', WORKER_POLL_MS: '100' });
  budgeted = await startFinderTestServer({ SMS_HOURLY_BUDGET: '3', WORKER_POLL_MS: '100' });
});
afterAll(async () => {
  await capped?.close();
  await budgeted?.close();
  await countries?.close();
});

const signUpByPhone = (peers: Peers, digits: string) =>
  peers.server.api<{ sessionToken: string }>('POST', '/api/auth/register', {
    body: { phoneNumber: digits, password: 'password1', smsOptIn: true },
  });

/** The outbox row of the newest text to `to`, once the worker has settled it. */
const settledTextTo = (peers: Peers, to: string) =>
  until(
    async () =>
      (await peers.server.db
        .knex('notifications')
        .where({ channel: 'sms' })
        .whereRaw("payload->>'to' = ?", [to])
        .orderBy('createdAt', 'desc')
        .first()) as { status: string; lastError: string | null } | undefined,
    (row) => !!row && row.status !== 'pending',
  );

describe('premium-rate and satellite numbers', () => {
  it('are refused with the finder form’s one message at sign-up, as a new number and as a backup contact; 0 texts to them', async () => {
    const { server, sms } = capped;
    for (const digits of ['9005550123', '19765550123']) {
      const res = await signUpByPhone(capped, digits);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, error: UNTEXTABLE_PHONE });
    }
    const owner = await signUp(server);
    const change = await server.api('POST', '/api/users/me/contacts/phone', {
      token: owner.token,
      body: { phoneNumber: '+1 976 555 0124', smsOptIn: true, currentPassword: owner.password },
    });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ error: UNTEXTABLE_PHONE });
    const backup = await server.api('POST', '/api/users/me/backup-contacts', {
      token: owner.token,
      body: { contact: '(900) 555-0125' },
    });
    expect(backup.status).toBe(400);
    expect(backup.body).toMatchObject({ error: UNTEXTABLE_PHONE });
    expect(sms.received.filter((m) => /^\+1(900|976)/.test(m.to))).toEqual([]);
    expect(await server.db.knex('notifications').whereRaw("payload->>'to' ~ '^\\+1(900|976)'")).toEqual([]);
  });

  it('are never texted by the worker, whatever wrote the row (an account made before the refusal)', async () => {
    const { server, sms } = capped;
    const owner = await signUp(server);
    // A number stored before sign-up refused it: a reset code would go to it.
    await server.db
      .knex('users')
      .where({ id: owner.user.id })
      .update({ phoneNumber: '+19005550126', phoneVerifiedAt: new Date(), smsOptIn: true });
    const res = await server.api('POST', '/api/auth/password-reset', { body: { identifier: '9005550126' } });
    expect(res.status).toBe(200);
    const row = await settledTextTo(capped, '+19005550126');
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toContain('premium-rate or satellite');
    expect(sms.received.filter((m) => m.to === '+19005550126')).toEqual([]);
  });
});

describe('the SMS budget', () => {
  it('texts one number at most SMS_DAILY_PER_NUMBER times a day for strangers', async () => {
    const { server, sms } = capped;
    const digits = uniquePhone();
    const phone = `+1${digits}`;
    const res = await signUpByPhone(capped, digits);
    expect(res.status).toBe(201);
    // The sign-up's code: 1 of the number's 2.
    expect(await settledTextTo(capped, phone)).toMatchObject({ status: 'delivered' });
    const code = /\b(\d{6})\b/.exec(sms.received.find((m) => m.to === phone)!.body)![1]!;
    const confirm = await server.api('POST', '/api/users/me/contacts/phone/confirm', {
      token: res.body.sessionToken,
      body: { code },
    });
    expect(confirm.status).toBe(200);
    // A reset code: the second.
    await server.api('POST', '/api/auth/password-reset', { body: { identifier: phone } });
    await until(
      async () => sms.received.filter((m) => m.to === phone).length,
      (n) => n === 2,
    );
    // A third: not sent.
    await server.api('POST', '/api/auth/password-reset', { body: { identifier: phone } });
    const third = await settledTextTo(capped, phone);
    expect(third).toMatchObject({ status: 'failed' });
    expect(third!.lastError).toContain('texts today');
    expect(sms.received.filter((m) => m.to === phone)).toHaveLength(2);
  });

  it('stops texts strangers cause once the instance sent SMS_HOURLY_BUDGET in the hour, and e-mails the admins once', async () => {
    const { server, sms, sink } = budgeted;
    const admin = await signUp(server, { admin: true });
    const numbers = Array.from({ length: 5 }, () => `+1${uniquePhone()}`);
    for (const phone of numbers) {
      expect((await signUpByPhone(budgeted, phone.slice(2))).status).toBe(201);
      await settledTextTo(budgeted, phone);
    }
    // 3 codes went; 0 past the budget.
    expect(numbers.map((phone) => sms.received.filter((m) => m.to === phone).length)).toEqual([
      1, 1, 1, 0, 0,
    ]);
    const refused = await settledTextTo(budgeted, numbers[4]!);
    expect(refused!.lastError).toContain('hourly SMS budget (3) is spent');
    const told = await until(
      async () => sink.received.filter((m) => m.to.includes(admin.email)),
      (mails) => mails.length > 0,
    );
    expect(told[0]!.subject).toBe(`${server.config.brand.name}: the hourly SMS budget is spent`);
    // Once an hour, however many texts it stopped.
    expect(await server.db.knex('notifications').whereRaw("payload->>'to' = ?", [admin.email])).toHaveLength(
      1,
    );
  });
});

describe('the SMS country allow-list (SMS_COUNTRIES)', () => {
  it('texts only numbers of the listed countries', async () => {
    const { sms } = countries;
    const last4 = () => String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    const us = `+1212555${last4()}`;
    const ca = `+1416555${last4()}`;
    for (const phone of [us, ca]) expect((await signUpByPhone(countries, phone.slice(2))).status).toBe(201);
    expect(await settledTextTo(countries, us)).toMatchObject({ status: 'delivered' });
    const refused = await settledTextTo(countries, ca);
    expect(refused).toMatchObject({ status: 'failed' });
    expect(refused!.lastError).toContain('outside SMS_COUNTRIES');
    expect(sms.received.filter((m) => m.to === ca)).toEqual([]);
  });
});
