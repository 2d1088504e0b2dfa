import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PER_CONTACT_PER_HOUR } from '../../lib/limitRules';
import { signUp, startTestServer, uniqueEmail, uniquePhone, type TestServer } from '../../testing/testServer';

// The ceiling per victim: whoever asks and from however many addresses or accounts, one contact
// gets at most 5 reset and confirmation messages an hour. Past them every request is answered as
// before and nothing is sent; the newest secret sent stays the live one, so the owner can still use
// it. A number holds at most one live texted code.

let server: TestServer;
beforeAll(async () => {
  // WORKER=0: the outbox rows stay as queued, so the test reads what would be sent. TRUST_PROXY=1:
  // each request says which address it comes from in X-Forwarded-For.
  server = await startTestServer({ WORKER: '0', TRUST_PROXY: '1' });
});
afterAll(() => server.close());

interface Job {
  payload: { to: string; text: string };
}
const jobsTo = async (to: string): Promise<Job[]> =>
  (await server.db.knex('notifications').orderBy('createdAt')).filter((j: Job) => j.payload.to === to);
const codeIn = (job: Job) => /\b(\d{6})\b/.exec(job.payload.text)![1]!;
const tokenIn = (job: Job) =>
  new URL(/(http\S+token=\S+)/.exec(job.payload.text)![1]!).searchParams.get('token')!;

const reset = (identifier: string, address: string) =>
  server.api('POST', '/api/auth/password-reset', {
    body: { identifier },
    headers: { 'X-Forwarded-For': address },
  });
const login = (identifier: string, password: string) =>
  server.api('POST', '/api/auth/login', { body: { identifier, password } });

/** A phone account whose number is confirmed by the code texted at sign-up (one message to it). */
async function phoneAccount() {
  const digits = uniquePhone();
  const phone = `+1${digits}`;
  const res = await server.api<{ sessionToken: string }>('POST', '/api/auth/register', {
    body: { phoneNumber: digits, password: 'password1', smsOptIn: true },
  });
  expect(res.status).toBe(201);
  const confirm = await server.api('POST', '/api/users/me/contacts/phone/confirm', {
    token: res.body.sessionToken,
    body: { code: codeIn((await jobsTo(phone)).at(-1)!) },
  });
  expect(confirm.status).toBe(200);
  return { phone };
}

const liveCodes = (phone: string) =>
  server.db
    .knex('accountTokens')
    .where({ target: phone, channel: 'sms' })
    .whereNull('usedAt')
    .where('expiresAt', '>', new Date());

describe('the ceiling per victim', () => {
  it('sends one e-mail address 5 reset links in an hour from 15 addresses asking 4 times each, 0 past them, all answered alike', async () => {
    const { email } = await signUp(server);
    const answers = [];
    for (let a = 0; a < 15; a++)
      for (let i = 0; i < 4; i++) answers.push(await reset(email, `203.0.113.${a + 1}`));
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const sent = await jobsTo(email);
    expect(sent).toHaveLength(MESSAGES_PER_CONTACT_PER_HOUR);

    // The owner's own request, from their own address: answered as ever, nothing more sent, and
    // the newest link still resets the password.
    const own = await reset(email, '198.51.100.7');
    expect(own.status).toBe(200);
    expect(own.body).toEqual(answers[0]!.body);
    expect(await jobsTo(email)).toHaveLength(MESSAGES_PER_CONTACT_PER_HOUR);
    const done = await server.api('POST', '/api/auth/password-reset/confirm', {
      body: { token: tokenIn(sent.at(-1)!), password: 'new password 9' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await login(email, 'new password 9')).status).toBe(200);
  });

  it('holds under 10 requests at once from 10 addresses: 5 links, not one more', async () => {
    const { email } = await signUp(server);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => reset(email, `192.0.2.${i + 1}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await jobsTo(email)).toHaveLength(MESSAGES_PER_CONTACT_PER_HOUR);
  });

  it('texts one number 5 messages in an hour from 8 addresses asking 5 times each, and it holds one live code', async () => {
    const { phone } = await phoneAccount();
    const statuses = [];
    for (let a = 0; a < 8; a++)
      for (let i = 0; i < 5; i++) statuses.push((await reset(phone, `203.0.113.${100 + a}`)).status);
    expect(statuses).toEqual(Array(40).fill(200));
    // The sign-up's code and 4 reset codes.
    const sent = await jobsTo(phone);
    expect(sent).toHaveLength(MESSAGES_PER_CONTACT_PER_HOUR);
    expect(await liveCodes(phone)).toHaveLength(1);
    // The newest code is the live one.
    const done = await server.api('POST', '/api/auth/password-reset/confirm', {
      body: { phoneNumber: phone, code: codeIn(sent.at(-1)!), password: 'new password 8' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('keeps one live code per number across accounts: a new code ends another account’s', async () => {
    const { phone } = await phoneAccount();
    // A stranger's account asks to confirm the owner's number as its own: a code is texted to it.
    const stranger = await signUp(server);
    const change = await server.api('POST', '/api/users/me/contacts/phone', {
      token: stranger.token,
      body: { phoneNumber: phone, smsOptIn: true, currentPassword: stranger.password },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const strangersCode = codeIn((await jobsTo(phone)).at(-1)!);
    // The owner asks for a reset code: the stranger's code dies with it.
    await reset(phone, '198.51.100.8');
    expect(await liveCodes(phone)).toHaveLength(1);
    const confirm = await server.api('POST', '/api/users/me/contacts/phone/confirm', {
      token: stranger.token,
      body: { code: strangersCode },
    });
    expect(confirm.status).toBe(400);
  });

  it('sends one address 5 confirmation links in an hour, from 7 accounts that each ask to make it theirs', async () => {
    const victim = uniqueEmail('victim');
    for (let i = 0; i < 7; i++) {
      const account = await signUp(server);
      const res = await server.api<{ data: { sent: boolean } }>('POST', '/api/users/me/contacts/email', {
        token: account.token,
        body: { email: victim, currentPassword: account.password },
        headers: { 'X-Forwarded-For': `198.51.100.${50 + i}` },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.sent).toBe(true);
    }
    expect(await jobsTo(victim)).toHaveLength(MESSAGES_PER_CONTACT_PER_HOUR);
  });
});
