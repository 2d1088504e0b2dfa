import { SETTINGS_MESSAGES } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function login(identifier: string, password: string, userAgent?: string) {
  const res = await server.api<{ sessionToken: string }>('POST', '/api/auth/login', {
    body: { identifier, password },
    headers: userAgent ? { 'User-Agent': userAgent } : {},
  });
  expect(res.status).toBe(200);
  return res.body.sessionToken;
}

describe('profile', () => {
  it('changes and clears the name; the change is what /api/auth/me then says', async () => {
    const { token } = await signUp(server);
    const res = await server.api<{ data: { user: { name: string | null } } }>(
      'PUT',
      '/api/users/me/profile',
      {
        token,
        body: { name: '  Ada Lovelace ' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.user.name).toBe('Ada Lovelace');
    const me = await server.api<{ user: { name: string | null } }>('GET', '/api/auth/me', { token });
    expect(me.body.user.name).toBe('Ada Lovelace');
    const cleared = await server.api<{ data: { user: { name: string | null } } }>(
      'PUT',
      '/api/users/me/profile',
      {
        token,
        body: { name: '' },
      },
    );
    expect(cleared.body.data.user.name).toBeNull();
  });

  it('refuses a name with control characters or too long, with a 400 envelope', async () => {
    const { token } = await signUp(server);
    for (const name of ['a\u0000b', 'x'.repeat(201), 42]) {
      const res = await server.api('PUT', '/api/users/me/profile', { token, body: { name } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null });
    }
  });
});

describe('password', () => {
  it('needs the current password; a right one changes it and signs out only the other sessions', async () => {
    const { token, email, password } = await signUp(server);
    const other = await login(email, password);
    const wrong = await server.api('POST', '/api/users/me/password', {
      token,
      body: { currentPassword: 'not my password', newPassword: 'a new secret 1' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ success: false, error: SETTINGS_MESSAGES.wrongPassword });
    // Nothing changed: the other session still works.
    expect((await server.api('GET', '/api/auth/me', { token: other })).status).toBe(200);

    const short = await server.api('POST', '/api/users/me/password', {
      token,
      body: { currentPassword: password, newPassword: 'short' },
    });
    expect(short.status).toBe(400);

    const ok = await server.api('POST', '/api/users/me/password', {
      token,
      body: { currentPassword: password, newPassword: 'a new secret 1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ message: SETTINGS_MESSAGES.passwordChanged, signedOutSessions: 1 });
    expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await server.api('GET', '/api/auth/me', { token: other })).status).toBe(401);
    const oldLogin = await server.api('POST', '/api/auth/login', { body: { identifier: email, password } });
    expect(oldLogin.status).toBe(401);
    await login(email, 'a new secret 1');
  });

  it('stops guessing the current password after five wrong ones (429)', async () => {
    const { token, password } = await signUp(server);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await server.api('POST', '/api/users/me/password', {
            token,
            body: { currentPassword: `guess ${i}`, newPassword: 'a new secret 1' },
          })
        ).status,
      );
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const right = await server.api('POST', '/api/users/me/password', {
      token,
      body: { currentPassword: password, newPassword: 'a new secret 1' },
    });
    expect(right.status).toBe(429);
  });
});

describe('sessions', () => {
  it('lists live sessions with device, times and the current one marked; signs one out; others cannot', async () => {
    const { email, password } = await signUp(server);
    const firefox = await login(email, password, FIREFOX);
    const phone = await login(email, password, IPHONE);
    const res = await server.api<{
      data: {
        sessions: { id: string; device: string; current: boolean; createdAt: string; lastUsedAt: string }[];
      };
    }>('GET', '/api/users/me/sessions', { token: firefox });
    expect(res.status).toBe(200);
    const sessions = res.body.data.sessions;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Firefox on Windows']);
    expect(sessions.map((s) => s.device).sort()).toEqual([
      'Firefox on Windows',
      'Safari on iPhone',
      'Unknown device',
    ]);
    for (const s of sessions) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastUsedAt)).not.toBeNaN();
    }
    const phoneSession = sessions.find((s) => s.device === 'Safari on iPhone')!;

    // Another owner cannot see or end it (404, as if it did not exist).
    const stranger = await signUp(server);
    const theirs = await server.api('DELETE', `/api/users/me/sessions/${phoneSession.id}`, {
      token: stranger.token,
    });
    expect(theirs.status).toBe(404);
    expect((await server.api('GET', '/api/auth/me', { token: phone })).status).toBe(200);
    const strangerList = await server.api<{ data: { sessions: { id: string }[] } }>(
      'GET',
      '/api/users/me/sessions',
      {
        token: stranger.token,
      },
    );
    expect(strangerList.body.data.sessions.map((s) => s.id)).not.toContain(phoneSession.id);

    const out = await server.api('DELETE', `/api/users/me/sessions/${phoneSession.id}`, { token: firefox });
    expect(out.status).toBe(200);
    expect((await server.api('GET', '/api/auth/me', { token: phone })).status).toBe(401);
    expect(
      (await server.api('DELETE', `/api/users/me/sessions/${phoneSession.id}`, { token: firefox })).status,
    ).toBe(404);
    expect((await server.api('DELETE', '/api/users/me/sessions/not-a-uuid', { token: firefox })).status).toBe(
      400,
    );
  });

  it('signs out everywhere else and keeps this session', async () => {
    const { token, email, password } = await signUp(server);
    const a = await login(email, password);
    const b = await login(email, password);
    const res = await server.api('POST', '/api/users/me/sessions/sign-out-others', { token: a });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ signedOutSessions: 2 });
    expect((await server.api('GET', '/api/auth/me', { token: a })).status).toBe(200);
    for (const t of [token, b])
      expect((await server.api('GET', '/api/auth/me', { token: t })).status).toBe(401);
  });

  it('records the last use of a stale session when it is used', async () => {
    const { token, user } = await signUp(server);
    const old = new Date(Date.now() - 60 * 60 * 1000);
    await server.db.knex('sessions').where({ userId: user.id }).update({ lastUsedAt: old });
    await server.api('GET', '/api/auth/me', { token });
    const row = await server.db.knex('sessions').where({ userId: user.id }).first();
    expect(new Date(row.lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('notification preferences', () => {
  const prefs = {
    email: false,
    sms: true,
    browser: false,
    quietHours: { enabled: true, start: '22:30', end: '06:45', timeZone: 'Europe/Paris' },
    urgentBreaksThrough: false,
    escalationDelayMinutes: 30,
  };

  it('starts with the defaults and stores what the owner chooses', async () => {
    const { token, user } = await signUp(server);
    const initial = await server.api('GET', '/api/users/me/notification-preferences', { token });
    expect(initial.status).toBe(200);
    expect(initial.body.data).toEqual({
      email: true,
      sms: false, // signed up with an e-mail: no SMS consent
      browser: true,
      quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'UTC' },
      urgentBreaksThrough: true,
      escalationDelayMinutes: 15,
    });
    const put = await server.api('PUT', '/api/users/me/notification-preferences', { token, body: prefs });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual(prefs);
    expect((await server.api('GET', '/api/users/me/notification-preferences', { token })).body.data).toEqual(
      prefs,
    );
    expect(await server.db.knex('notificationPreferences').where({ userId: user.id }).first()).toMatchObject({
      quietStart: 22 * 60 + 30,
      quietEnd: 6 * 60 + 45,
      timeZone: 'Europe/Paris',
    });
    // Another owner's preferences are their own.
    const other = await signUp(server);
    expect(
      (await server.api('GET', '/api/users/me/notification-preferences', { token: other.token })).body.data,
    ).toMatchObject({ email: true, quietHours: { enabled: false } });
  });

  it('refuses a bad time or time zone with a 400 naming the problem', async () => {
    const { token } = await signUp(server);
    const badTime = await server.api('PUT', '/api/users/me/notification-preferences', {
      token,
      body: { ...prefs, quietHours: { ...prefs.quietHours, start: '25:00' } },
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.error).toContain(SETTINGS_MESSAGES.badTime);
    const badZone = await server.api('PUT', '/api/users/me/notification-preferences', {
      token,
      body: { ...prefs, quietHours: { ...prefs.quietHours, timeZone: 'Mars/Olympus' } },
    });
    expect(badZone.status).toBe(400);
    expect(badZone.body.error).toContain(SETTINGS_MESSAGES.badTimeZone);
  });
});
