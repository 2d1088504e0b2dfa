import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../notifications';
import { startTestServer, uniqueEmail, uniquePhone, signUp, type TestServer } from '../../testing/testServer';

const SECRET = 'inbound-secret-0123456789';
let server: TestServer;
beforeAll(async () => {
  // WORKER=0: the test runs the worker itself, once, and reads the outcome of each job.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'homing-contacts-'));
  server = await startTestServer({ WORKER: '0', SMS_INBOUND_SECRET: SECRET, DATA_DIR: dataDir });
});
afterAll(() => server.close());

interface Job {
  id: string;
  channel: string;
  status: string;
  lastError: string | null;
  payload: { to: string; text: string; kind?: string };
}
const jobsTo = async (to: string): Promise<Job[]> =>
  (await server.db.knex('notifications').orderBy('createdAt')).filter((j: Job) => j.payload.to === to);
const lastCode = async (to: string) => /\b(\d{6})\b/.exec((await jobsTo(to)).at(-1)!.payload.text)![1]!;
const lastSecret = async (to: string) => /token=([\w-]+)/.exec((await jobsTo(to)).at(-1)!.payload.text)![1]!;
const contacts = async (token: string) =>
  (await server.api<{ data: Record<string, unknown> }>('GET', '/api/users/me/contacts', { token })).body.data;
// The worker writes texts and mails to the outbox folder of this test's own DATA_DIR.
const deliverAll = () => createWorker(server.db, server.config, server.logger).runOnce();

const inbound = (form: Record<string, string>, secret = SECRET) =>
  server.api('POST', '/api/sms/inbound', {
    rawBody: new URLSearchParams(form).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`twilio:${secret}`).toString('base64')}`,
    },
  });

describe('contacts', () => {
  it('changes the e-mail address only once the new one is confirmed by its link', async () => {
    const { email, token } = await signUp(server);
    expect(await contacts(token)).toMatchObject({ email, emailVerified: false, pendingEmail: null });
    const next = uniqueEmail('next');
    const res = await server.api('POST', '/api/users/me/contacts/email', {
      token,
      body: { email: next, currentPassword: 'correct horse' },
    });
    expect(res.status).toBe(200);
    expect(await contacts(token)).toMatchObject({ email, pendingEmail: next });
    // The old address still signs in; the new one does not yet.
    expect(
      (await server.api('POST', '/api/auth/login', { body: { identifier: next, password: 'correct horse' } }))
        .status,
    ).toBe(401);

    const secret = await lastSecret(next);
    const confirm = await server.api('POST', '/api/auth/confirm-email', { body: { token: secret } });
    expect(confirm.status).toBe(200);
    expect(await contacts(token)).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
    expect((await server.api('POST', '/api/auth/confirm-email', { body: { token: secret } })).status).toBe(
      400,
    );
  });

  it('refuses to confirm an address another account has taken meanwhile (409)', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    await server.api('POST', '/api/users/me/contacts/email', {
      token: a.token,
      body: { email: b.email, currentPassword: 'correct horse' },
    });
    const res = await server.api('POST', '/api/auth/confirm-email', {
      body: { token: await lastSecret(b.email) },
    });
    expect(res.status).toBe(409);
    expect((await contacts(a.token)).email).toBe(a.email);
  });

  it('adds a phone number only once its texted code is entered, with its opt-in', async () => {
    const { token } = await signUp(server);
    const phone = `+1${uniquePhone()}`;
    await server.api('POST', '/api/users/me/contacts/phone', {
      token,
      body: { phoneNumber: phone, smsOptIn: true, currentPassword: 'correct horse' },
    });
    expect(await contacts(token)).toMatchObject({ phoneNumber: null, pendingPhoneNumber: phone });
    const wrong = await server.api('POST', '/api/users/me/contacts/phone/confirm', {
      token,
      body: { code: '12345' },
    });
    expect(wrong.status).toBe(400);
    const ok = await server.api('POST', '/api/users/me/contacts/phone/confirm', {
      token,
      body: { code: await lastCode(phone) },
    });
    expect(ok.status).toBe(200);
    expect(await contacts(token)).toMatchObject({ phoneNumber: phone, phoneVerified: true, smsOptIn: true });
  });
});

describe('a borrowed session cannot take the account', () => {
  const me = (token: string) => server.api('GET', '/api/auth/me', { token });
  const login = (identifier: string, password: string) =>
    server.api('POST', '/api/auth/login', { body: { identifier, password } });

  it('changes no e-mail or number without the current password, and sends nothing', async () => {
    const { token } = await signUp(server);
    const next = uniqueEmail('thief');
    const phone = `+1${uniquePhone()}`;
    const missing = await server.api('POST', '/api/users/me/contacts/email', {
      token,
      body: { email: next },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('Current password is required');
    const wrong = await server.api('POST', '/api/users/me/contacts/email', {
      token,
      body: { email: next, currentPassword: 'a guess' },
    });
    expect(wrong.status).toBe(403);
    const wrongPhone = await server.api('POST', '/api/users/me/contacts/phone', {
      token,
      body: { phoneNumber: phone, smsOptIn: true, currentPassword: 'a guess' },
    });
    expect(wrongPhone.status).toBe(403);
    expect(await jobsTo(next)).toEqual([]);
    expect(await jobsTo(phone)).toEqual([]);
    expect(await contacts(token)).toMatchObject({ pendingEmail: null, pendingPhoneNumber: null });
  });

  it('ends every other session, tells the old address with an undo link, and the undo takes the account back', async () => {
    const { email, token } = await signUp(server);
    // The owner's address is confirmed, and the owner has a second device.
    await server.db.knex('users').where({ email }).update({ emailVerifiedAt: new Date() });
    const other = (await login(email, 'correct horse')).body.sessionToken as string;

    const thief = uniqueEmail('thief');
    const change = await server.api('POST', '/api/users/me/contacts/email', {
      token,
      body: { email: thief, currentPassword: 'correct horse' },
    });
    expect(change.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(token)).status).toBe(200);
    await server.api('POST', '/api/auth/confirm-email', { body: { token: await lastSecret(thief) } });
    expect((await contacts(token)).email).toBe(thief);

    // The old address is told where the account went (half hidden) and how to undo it.
    const notice = (await jobsTo(email)).at(-1)!;
    expect(notice.payload.text).toContain('was changed to t***@e***.com');
    expect(notice.payload.text).toContain('/auth/undo-change?token=');
    // Meanwhile the thief asks for a reset at the new address.
    await server.api('POST', '/api/auth/password-reset', { body: { identifier: thief } });
    const thiefReset = await lastSecret(thief);

    const undo = await server.api('POST', '/api/auth/undo-contact-change', {
      body: { token: await lastSecret(email) },
    });
    expect(undo.status).toBe(200);
    expect(undo.body.data).toMatchObject({ restored: 'email' });
    expect((await me(token)).status).toBe(401);
    const thiefTry = await server.api('POST', '/api/auth/password-reset/confirm', {
      body: { token: thiefReset, password: 'thief password' },
    });
    expect(thiefTry.status).toBe(400);
    // The owner resets through the restored address and is in again.
    await server.api('POST', '/api/auth/password-reset', { body: { identifier: email } });
    const reset = await server.api<{ sessionToken: string }>('POST', '/api/auth/password-reset/confirm', {
      body: { token: await lastSecret(email), password: 'owner again 1' },
    });
    expect(reset.status).toBe(200);
    expect((await contacts(reset.body.sessionToken)).email).toBe(email);
    // The link works once.
    const again = await server.api('POST', '/api/auth/undo-contact-change', {
      body: { token: /token=([\w-]+)/.exec(notice.payload.text)![1]! },
    });
    expect(again.status).toBe(400);
  });

  it('tells the account of a password change, with the way to reset it', async () => {
    const { email, token } = await signUp(server);
    await server.db.knex('users').where({ email }).update({ emailVerifiedAt: new Date() });
    const res = await server.api('POST', '/api/users/me/password', {
      token,
      body: { currentPassword: 'correct horse', newPassword: 'new password 1' },
    });
    expect(res.status).toBe(200);
    const notice = (await jobsTo(email)).at(-1)!;
    expect(notice.payload.text).toContain('The password of your Homing account was changed');
    expect(notice.payload.text).toContain('/auth/forgot');
  });
});

describe('SMS only to confirmed, opted-in numbers; STOP', () => {
  it('texts a phone sign-up its code, but no alert until the number is confirmed', async () => {
    const digits = uniquePhone();
    const phone = `+1${digits}`;
    const reg = await server.api<{ sessionToken: string }>('POST', '/api/auth/register', {
      body: { phoneNumber: digits, password: 'password1', smsOptIn: true },
    });
    const token = reg.body.sessionToken;
    // An alert queued by hand for the unconfirmed number is refused by the worker when it sends.
    const user = await server.db.knex('users').where({ phoneNumber: phone }).first();
    await server.db.knex('notifications').insert({
      userId: user.id,
      channel: 'sms',
      idempotencyKey: `test-alert-${user.id}`,
      payload: JSON.stringify({ to: phone, text: 'an alert' }),
    });
    await deliverAll();
    const [code, alert] = await jobsTo(phone);
    expect(code).toMatchObject({ status: 'delivered', payload: { kind: 'code' } });
    expect(alert).toMatchObject({ status: 'failed' });
    expect(alert!.lastError).toContain('confirmed');
    const confirm = await server.api('POST', '/api/users/me/contacts/phone/confirm', {
      token,
      body: { code: /\b(\d{6})\b/.exec(code!.payload.text)![1] },
    });
    expect(confirm.status).toBe(200);
  });

  it('opts a number out on STOP (authenticated webhook) and texts it nothing after', async () => {
    const digits = uniquePhone();
    const phone = `+1${digits}`;
    const reg = await server.api<{ sessionToken: string }>('POST', '/api/auth/register', {
      body: { phoneNumber: digits, password: 'password1', smsOptIn: true },
    });
    await server.api('POST', '/api/users/me/contacts/phone/confirm', {
      token: reg.body.sessionToken,
      body: { code: await lastCode(phone) },
    });

    expect((await inbound({ From: phone, Body: 'STOP' }, 'wrong-secret-0123456789')).status).toBe(401);
    expect(
      (await server.api('POST', '/api/sms/inbound', { body: { From: phone, Body: 'STOP' } })).status,
    ).toBe(401);
    expect((await inbound({ Body: 'STOP' })).status).toBe(400);
    expect(await server.db.knex('smsOptOuts').where({ phoneNumber: phone }).first()).toBeUndefined();

    const res = await inbound({ From: phone, Body: ' stop ', To: '+15550001111', MessageSid: 'SM1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('xml');
    expect(await contacts(reg.body.sessionToken)).toMatchObject({ smsStopped: true, smsOptIn: false });

    // Even a requested reset code is not texted to it.
    const before = (await jobsTo(phone)).length;
    await server.api('POST', '/api/auth/password-reset', { body: { identifier: phone } });
    expect(await jobsTo(phone)).toHaveLength(before);

    // START lifts the opt-out.
    expect((await inbound({ From: phone, Body: 'START' })).status).toBe(200);
    expect((await contacts(reg.body.sessionToken)).smsStopped).toBe(false);
  });

  it('has no webhook without a configured secret (404)', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.api('POST', '/api/sms/inbound', {
        body: { From: '+15551234567', Body: 'STOP' },
      });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
