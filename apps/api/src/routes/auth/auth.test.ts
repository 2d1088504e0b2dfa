import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, PASSWORD_TOO_SHORT, SMS_OPT_IN_REQUIRED } from '@homing/shared';
import { startTestServer, uniqueEmail, uniquePhone, type TestServer } from '../../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const userCount = async () => Number((await server.db.knex('users').count({ n: '*' }))[0]!.n);

describe('POST /api/auth/register', () => {
  it('registers by e-mail, lower-cased, and returns user and sessionToken', async () => {
    const email = uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD');
    const res = await server.api<{ user: { email: string; isAdmin: boolean }; sessionToken: string }>(
      'POST',
      '/api/auth/register',
      {
        body: { email, password: 'password1', name: 'Ann Lee' },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.error).toBeNull();
    expect(res.body.user).toMatchObject({
      email: email.toLowerCase(),
      name: 'Ann Lee',
      isAdmin: false,
      phoneNumber: null,
    });
    expect(res.body.sessionToken).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data).toEqual({ user: res.body.user, sessionToken: res.body.sessionToken });
    expect(res.body.user).not.toHaveProperty('passwordHash');
  });

  it("keeps the browser's time zone from sign-up for the owner's message times; refuses an unknown zone", async () => {
    const res = await server.api<{ sessionToken: string }>('POST', '/api/auth/register', {
      body: { email: uniqueEmail('zone'), password: 'password1', timeZone: 'Europe/London' },
    });
    expect(res.status).toBe(201);
    const prefs = await server.api<{ data: { quietHours: { enabled: boolean; timeZone: string } } }>(
      'GET',
      '/api/users/me/notification-preferences',
      { token: res.body.sessionToken },
    );
    expect(prefs.body.data.quietHours).toMatchObject({ enabled: false, timeZone: 'Europe/London' });

    const bad = await server.api('POST', '/api/auth/register', {
      body: { email: uniqueEmail('zone'), password: 'password1', timeZone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, data: null, error: 'Unknown time zone' });
  });

  it('stores only a hash of the password and of the token', async () => {
    const email = uniqueEmail();
    const res = await server.api<{ sessionToken: string }>('POST', '/api/auth/register', {
      body: { email, password: 'password1' },
    });
    const row = await server.db.knex('users').where({ email }).first();
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('password1');
    const sessions = await server.db.knex('sessions').where({ userId: row.id });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].tokenHash).not.toBe(res.body.sessionToken);
  });

  it('registers by phone in any common format as E.164 with SMS opt-in', async () => {
    const digits = uniquePhone();
    const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const res = await server.api<{ user: { phoneNumber: string; email: null } }>(
      'POST',
      '/api/auth/register',
      {
        body: { phoneNumber: formatted, password: 'password1', smsOptIn: true },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.user.phoneNumber).toBe(`+1${digits}`);
    const row = await server.db
      .knex('users')
      .where({ phoneNumber: `+1${digits}` })
      .first();
    expect(row.smsOptIn).toBe(true);
  });

  it('makes no second account with the same contact, whatever its case or format, and does not say it exists', async () => {
    const email = uniqueEmail();
    await server.api('POST', '/api/auth/register', { body: { email, password: 'password1' } });
    const before = await userCount();
    const again = await server.api('POST', '/api/auth/register', {
      body: { email: email.toUpperCase(), password: 'password2' },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({
      success: true,
      user: null,
      sessionToken: null,
      message: 'Check your e-mail to continue.',
      data: { user: null, sessionToken: null, message: 'Check your e-mail to continue.' },
      error: null,
    });

    const phone = uniquePhone();
    await server.api('POST', '/api/auth/register', { body: { phoneNumber: phone, password: 'password1' } });
    const phoneAgain = await server.api('POST', '/api/auth/register', {
      body: { phoneNumber: `+1 ${phone}`, password: 'password1' },
    });
    expect(phoneAgain.status).toBe(201);
    expect(phoneAgain.body).toMatchObject({ success: true, user: null, sessionToken: null });
    expect(phoneAgain.body.message).toBe('Check your phone to continue.');
    expect(await userCount()).toBe(before + 1);
  });

  it.each([
    [{ password: 'password1' }, CONTACT_MESSAGES.empty],
    [{ email: '', password: 'password1' }, CONTACT_MESSAGES.empty],
    [{ email: 'not-an-email', password: 'password1' }, CONTACT_MESSAGES.invalidEmail],
    [{ phoneNumber: '555123456789', password: 'password1' }, CONTACT_MESSAGES.invalidPhone],
    [{ email: 'ok@example.com', password: 'short' }, PASSWORD_TOO_SHORT],
    [{ email: 'ok@example.com' }, 'Password is required'],
    [{ phoneNumber: '5551239876', password: 'password1', smsOptIn: false }, SMS_OPT_IN_REQUIRED],
    [{ email: 42, password: 'password1' }, undefined],
    [{ email: 'ok@example.com', password: ['password1'] }, undefined],
    [
      { email: 'a@example.com', phoneNumber: '5551234567', password: 'password1' },
      'Provide either an email address or a phone number, not both',
    ],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const before = await userCount();
    const res = await server.api('POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.data).toBeNull();
    if (message) expect(res.body.error).toBe(message);
    else expect(res.body.error).toEqual(expect.any(String));
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON, a non-object body and a 1 MB string with 4xx, never a stack trace', async () => {
    const before = await userCount();
    const malformed = await server.api('POST', '/api/auth/register', {
      rawBody: '{"email":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('The request body is not valid JSON');
    const array = await server.api('POST', '/api/auth/register', { body: ['x'] });
    expect(array.status).toBe(400);
    const huge = await server.api('POST', '/api/auth/register', {
      body: { email: `${'a'.repeat(1024 * 1024)}@x.com`, password: 'password1' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, error: 'The request is too large' });
    const longButSmall = await server.api('POST', '/api/auth/register', {
      body: { email: `${'a'.repeat(50_000)}@x.com`, password: 'password1' },
    });
    expect(longButSmall.status).toBe(400);
    for (const r of [malformed, array, huge, longButSmall])
      expect(JSON.stringify(r.body)).not.toMatch(/\bat .*\.ts:\d+/);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in by e-mail (any case) and by phone (any format)', async () => {
    const email = uniqueEmail();
    await server.api('POST', '/api/auth/register', { body: { email, password: 'password1' } });
    const res = await server.api<{ user: { email: string }; sessionToken: string }>(
      'POST',
      '/api/auth/login',
      {
        body: { identifier: email.toUpperCase(), password: 'password1' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect(res.body.sessionToken).toBeTruthy();

    const phone = uniquePhone();
    await server.api('POST', '/api/auth/register', { body: { phoneNumber: phone, password: 'password1' } });
    const byPhone = await server.api('POST', '/api/auth/login', {
      body: {
        identifier: `1-${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`,
        password: 'password1',
      },
    });
    expect(byPhone.status).toBe(200);
  });

  it('refuses a wrong password or unknown account with the same 401 message', async () => {
    const email = uniqueEmail();
    await server.api('POST', '/api/auth/register', { body: { email, password: 'password1' } });
    const wrong = await server.api('POST', '/api/auth/login', {
      body: { identifier: email, password: 'password2' },
    });
    const unknown = await server.api('POST', '/api/auth/login', {
      body: { identifier: uniqueEmail(), password: 'password2' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email/phone or password');
    expect(unknown.body.error).toBe(wrong.body.error);
  });

  it('answers 429 after repeated failures for one account, even with the right password', async () => {
    const email = uniqueEmail();
    await server.api('POST', '/api/auth/register', { body: { email, password: 'password1' } });
    for (let i = 0; i < 5; i++) {
      const r = await server.api('POST', '/api/auth/login', {
        body: { identifier: email, password: `wrong${i}` },
      });
      expect(r.status).toBe(401);
    }
    const blocked = await server.api('POST', '/api/auth/login', {
      body: { identifier: email, password: 'password1' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many failed login attempts. Please wait 15 minutes and try again.');
  });

  it.each([
    {},
    { identifier: 'a@b.co' },
    { password: 'x' },
    { identifier: 5, password: 'x' },
    { identifier: 'a'.repeat(400), password: 'x' },
  ])('refuses %j with 400', async (body) => {
    const res = await server.api('POST', '/api/auth/login', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: null });
  });
});

describe('session lifecycle', () => {
  it('me returns the user; logout revokes the token; a revoked or unknown token gets 401', async () => {
    const email = uniqueEmail();
    const reg = await server.api<{ sessionToken: string }>('POST', '/api/auth/register', {
      body: { email, password: 'password1' },
    });
    const token = reg.body.sessionToken;
    const me = await server.api<{ user: { email: string } }>('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);

    const out = await server.api('POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    const after = await server.api('GET', '/api/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('Authentication required');
    expect((await server.api('GET', '/api/auth/me', { token: 'nonsense' })).status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const email = uniqueEmail();
    const reg = await server.api<{ sessionToken: string; user: { id: string } }>(
      'POST',
      '/api/auth/register',
      {
        body: { email, password: 'password1' },
      },
    );
    await server.db
      .knex('sessions')
      .where({ userId: reg.body.user.id })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await server.api('GET', '/api/auth/me', { token: reg.body.sessionToken })).status).toBe(401);
  });
});

describe('HOMING_BOOTSTRAP_ADMINS', () => {
  it('makes the listed contacts admins when they register, and nobody else', async () => {
    const boot = await startTestServer({ HOMING_BOOTSTRAP_ADMINS: 'Boss@Example.com, (555) 010-0001' });
    try {
      const boss = await boot.api<{ user: { isAdmin: boolean } }>('POST', '/api/auth/register', {
        body: { email: 'boss@example.com', password: 'password1' },
      });
      const phone = await boot.api<{ user: { isAdmin: boolean } }>('POST', '/api/auth/register', {
        body: { phoneNumber: '5550100001', password: 'password1' },
      });
      const other = await boot.api<{ user: { isAdmin: boolean } }>('POST', '/api/auth/register', {
        body: { email: 'staff@example.com', password: 'password1' },
      });
      expect([boss.body.user.isAdmin, phone.body.user.isAdmin, other.body.user.isAdmin]).toEqual([
        true,
        true,
        false,
      ]);
    } finally {
      await boot.close();
    }
  });
});
