import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordWork } from '../../lib/passwords';
import { workAfterAnswer } from '../../lib/afterAnswer';
import { RESET_SENT_EMAIL, RESET_SENT_SMS } from '../../services/accounts/passwordResetRequester';
import { signUp, startTestServer, uniqueEmail, uniquePhone, type TestServer } from '../../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  // WORKER=0: the outbox rows stay as queued, so the test reads what would be sent.
  server = await startTestServer({ WORKER: '0' });
});
afterAll(() => server.close());

interface Job {
  userId: string;
  channel: 'email' | 'sms';
  payload: { to: string; text: string; subject?: string; kind?: string };
}
const jobsTo = async (to: string): Promise<Job[]> =>
  (await server.db.knex('notifications').orderBy('createdAt')).filter((j: Job) => j.payload.to === to);
const lastLink = async (to: string) => {
  const job = (await jobsTo(to)).at(-1)!;
  return new URL(/(http\S+token=\S+)/.exec(job.payload.text)![1]!);
};
const lastCode = async (to: string) => /\b(\d{6})\b/.exec((await jobsTo(to)).at(-1)!.payload.text)![1]!;

const login = (identifier: string, password: string) =>
  server.api('POST', '/api/auth/login', { body: { identifier, password } });
const me = (token: string) => server.api('GET', '/api/auth/me', { token });

/** A phone account whose number is confirmed by the code texted at sign-up. */
async function phoneAccount() {
  const digits = uniquePhone();
  const phone = `+1${digits}`;
  const res = await server.api<{ sessionToken: string }>('POST', '/api/auth/register', {
    body: { phoneNumber: digits, password: 'password1', smsOptIn: true },
  });
  expect(res.status).toBe(201);
  const token = res.body.sessionToken;
  const confirm = await server.api('POST', '/api/users/me/contacts/phone/confirm', {
    token,
    body: { code: await lastCode(phone) },
  });
  expect(confirm.status).toBe(200);
  return { phone, token };
}

describe('password reset by e-mail', () => {
  it('answers the same for an account and for nobody, and e-mails only the account', async () => {
    const { email } = await signUp(server);
    const unknown = uniqueEmail('nobody');
    const a = await server.api('POST', '/api/auth/password-reset', { body: { identifier: email } });
    const b = await server.api('POST', '/api/auth/password-reset', { body: { identifier: unknown } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(a.body.data).toEqual({ channel: 'email', message: RESET_SENT_EMAIL });
    expect(await jobsTo(email)).toHaveLength(1);
    expect(await jobsTo(unknown)).toHaveLength(0);
    // Only the hash of the link's secret is stored.
    const link = await lastLink(email);
    expect(link.pathname).toBe('/auth/reset');
    const secret = link.searchParams.get('token')!;
    const rows = await server.db.knex('accountTokens');
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('answers before the work, byte for byte alike, and the account still gets its link', async () => {
    const { email } = await signUp(server);
    const before = (await jobsTo(email)).length;
    // Plain fetch: the answer as a client gets it, not waiting for the work begun after it.
    const ask = async (identifier: string) => {
      const res = await fetch(`${server.url}/api/auth/password-reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier }),
      });
      return { status: res.status, type: res.headers.get('Content-Type'), body: await res.text() };
    };
    const known = await ask(email);
    const unknown = await ask(uniqueEmail('nobody'));
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(JSON.parse(known.body).data).toEqual({ channel: 'email', message: RESET_SENT_EMAIL });
    await workAfterAnswer();
    const jobs = await jobsTo(email);
    expect(jobs).toHaveLength(before + 1);
    expect((await lastLink(email)).pathname).toBe('/auth/reset');
  });

  it('sets the password once, signs out every other session and signs the resetter in', async () => {
    const { email, token: other } = await signUp(server);
    const second = (await login(email, 'correct horse')).body.sessionToken as string;
    await server.api('POST', '/api/auth/password-reset', { body: { identifier: email } });
    const secret = (await lastLink(email)).searchParams.get('token')!;

    const done = await server.api<{ sessionToken: string; user: { email: string } }>(
      'POST',
      '/api/auth/password-reset/confirm',
      { body: { token: secret, password: 'new password 1' } },
    );
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(email);
    expect((await me(done.body.sessionToken)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await login(email, 'correct horse')).status).toBe(401);
    expect((await login(email, 'new password 1')).status).toBe(200);

    const again = await server.api('POST', '/api/auth/password-reset/confirm', {
      body: { token: secret, password: 'another password' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: 'invalid_token' });
    expect((await login(email, 'another password')).status).toBe(401);
  });

  it('refuses a link older than 30 minutes', async () => {
    const { email } = await signUp(server);
    await server.api('POST', '/api/auth/password-reset', { body: { identifier: email } });
    const secret = (await lastLink(email)).searchParams.get('token')!;
    // Dated rows: the token was issued 31 minutes ago.
    const user = await server.db.knex('users').where({ email }).first();
    await server.db
      .knex('accountTokens')
      .where({ userId: user.id })
      .update({ expiresAt: new Date(Date.now() - 60_000), createdAt: new Date(Date.now() - 31 * 60_000) });
    const res = await server.api('POST', '/api/auth/password-reset/confirm', {
      body: { token: secret, password: 'new password 1' },
    });
    expect(res.status).toBe(400);
    expect((await login(email, 'correct horse')).status).toBe(200);
  });

  it('limits requests per address or number (429 alike for accounts and nobody)', async () => {
    const { email } = await signUp(server);
    const unknown = uniqueEmail('nobody');
    for (const identifier of [email, unknown]) {
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await server.api('POST', '/api/auth/password-reset', { body: { identifier } })).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it('hashes nothing for a made-up link: 64 parallel bogus confirmations cost no scrypt', async () => {
    const before = passwordWork.hashes;
    const answers = await Promise.all(
      Array.from({ length: 64 }, () =>
        server.api('POST', '/api/auth/password-reset/confirm', {
          body: { token: crypto.randomBytes(32).toString('base64url'), password: 'new password 1' },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(64).fill(400));
    expect(answers[0]!.body).toMatchObject({ success: false, code: 'invalid_token' });
    expect(passwordWork.hashes - before).toBe(0);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      {},
      { identifier: '' },
      { token: 'x', password: 'password1' },
      { code: '12', phoneNumber: '5551234567', password: 'password1' },
    ])
      expect((await server.api('POST', '/api/auth/password-reset/confirm', { body })).status).toBe(400);
    expect((await server.api('POST', '/api/auth/password-reset', { body: {} })).status).toBe(400);
  });
});

describe('password reset by SMS code', () => {
  it('texts a code only to a confirmed number, answering the same either way', async () => {
    const digits = uniquePhone();
    const phone = `+1${digits}`;
    await server.api('POST', '/api/auth/register', { body: { phoneNumber: digits, password: 'password1' } });
    const before = (await jobsTo(phone)).length; // the sign-up's confirmation code
    const unconfirmed = await server.api('POST', '/api/auth/password-reset', {
      body: { identifier: digits },
    });
    const nobody = await server.api('POST', '/api/auth/password-reset', {
      body: { identifier: uniquePhone() },
    });
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.body.data).toEqual({ channel: 'sms', message: RESET_SENT_SMS });
    expect(nobody.body).toEqual(unconfirmed.body);
    expect(await jobsTo(phone)).toHaveLength(before);

    const confirmed = await phoneAccount();
    const res = await server.api('POST', '/api/auth/password-reset', {
      body: { identifier: confirmed.phone },
    });
    expect(res.body).toEqual(unconfirmed.body);
    const job = (await jobsTo(confirmed.phone)).at(-1)!;
    expect(job).toMatchObject({ channel: 'sms', payload: { kind: 'code' } });
    const code = await lastCode(confirmed.phone);
    const done = await server.api<{ sessionToken: string }>('POST', '/api/auth/password-reset/confirm', {
      body: { phoneNumber: confirmed.phone, code, password: 'new password 2' },
    });
    expect(done.status).toBe(200);
    expect((await me(confirmed.token)).status).toBe(401);
    expect((await login(confirmed.phone, 'new password 2')).status).toBe(200);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const { phone } = await phoneAccount();
    await server.api('POST', '/api/auth/password-reset', { body: { identifier: phone } });
    const code = await lastCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await server.api('POST', '/api/auth/password-reset/confirm', {
        body: { phoneNumber: phone, code: wrong, password: 'new password 3' },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_code');
    }
    const right = await server.api('POST', '/api/auth/password-reset/confirm', {
      body: { phoneNumber: phone, code, password: 'new password 3' },
    });
    expect(right.status).toBe(400);
    expect((await login(phone, 'password1')).status).toBe(200);
  });
});

describe('sign-up with a contact that already has an account', () => {
  it('answers like a sign-up without a session and e-mails the holder a reset link', async () => {
    const { email, user } = await signUp(server);
    const res = await server.api('POST', '/api/auth/register', { body: { email, password: 'whatever1' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, user: null, sessionToken: null });
    const [mail] = await jobsTo(email);
    expect(mail).toMatchObject({ userId: user.id, channel: 'email' });
    expect(mail!.payload.subject).toContain('you already have an account');
    const secret = (await lastLink(email)).searchParams.get('token')!;
    const reset = await server.api('POST', '/api/auth/password-reset/confirm', {
      body: { token: secret, password: 'new password 4' },
    });
    expect(reset.status).toBe(200);
  });

  it('limits sign-ups per contact', async () => {
    const email = uniqueEmail();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await server.api('POST', '/api/auth/register', { body: { email, password: 'password1' } })).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('password work per address', () => {
  // A server each: a refused address is remembered in the server's memory for the hour.
  let limited: TestServer;
  beforeEach(async () => {
    limited = await startTestServer({ WORKER: '0', PASSWORD_LIMIT_PER_ADDRESS: '3' });
    return () => limited.close();
  });

  it('refuses reset confirmations from one address past its count, before any hashing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.api('POST', '/api/auth/password-reset/confirm', {
        body: { token: crypto.randomBytes(32).toString('base64url'), password: 'new password 1' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    // A real link from the same address waits for the hour too: the count is per address.
    const { email } = await signUp(limited);
    await limited.api('POST', '/api/auth/password-reset', { body: { identifier: email } });
    const job = (await limited.db.knex('notifications').orderBy('createdAt')).at(-1) as Job;
    const secret = new URL(/(http\S+token=\S+)/.exec(job.payload.text)![1]!).searchParams.get('token')!;
    const before = passwordWork.hashes;
    const res = await limited.api('POST', '/api/auth/password-reset/confirm', {
      body: { token: secret, password: 'new password 1' },
    });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many requests. Please wait a while and try again.');
    expect(passwordWork.hashes - before).toBe(0);
  });

  it('counts password changes from one address too', async () => {
    const { token } = await signUp(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.api('POST', '/api/users/me/password', {
        token,
        body: { currentPassword: 'wrong password', newPassword: 'new password 1' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});

describe('reset limits a stranger cannot turn against the owner', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    // TRUST_PROXY=1: each request says which address it comes from in X-Forwarded-For.
    proxied = await startTestServer({ WORKER: '0', TRUST_PROXY: '1' });
  });
  afterAll(() => proxied.close());
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  it('counts reset requests per (contact, address): a stranger only uses up their own', async () => {
    const { email } = await signUp(proxied);
    const stranger = [];
    for (let i = 0; i < 6; i++)
      stranger.push(
        (
          await proxied.api('POST', '/api/auth/password-reset', {
            body: { identifier: email },
            headers: from('203.0.113.50'),
          })
        ).status,
      );
    expect(stranger).toEqual([200, 200, 200, 200, 200, 429]);
    const owner = await proxied.api('POST', '/api/auth/password-reset', {
      body: { identifier: email },
      headers: from('198.51.100.7'),
    });
    expect(owner.status).toBe(200);
  });

  it('takes at most 20 tries of texted codes per number a day, from any number of addresses', async () => {
    const phoneNumber = `+1${uniquePhone()}`;
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await proxied.api('POST', '/api/auth/password-reset/confirm', {
            body: { phoneNumber, code: String(100000 + i), password: 'new password 1' },
            headers: from(`192.0.2.${i + 1}`),
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
  });
});
