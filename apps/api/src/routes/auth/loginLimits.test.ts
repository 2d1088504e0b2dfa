import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limiterOf, rules, TOO_MANY_LOGINS } from '../../lib/limitRules';
import { passwordChecks } from '../../lib/passwords';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = rules.loginByAccountAndAddress.points({});

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY=1: each request says which address it comes from in X-Forwarded-For.
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.close();
});

const login = (identifier: string, password: string, address: string) =>
  server.api('POST', '/api/auth/login', {
    body: { identifier, password },
    headers: { 'X-Forwarded-For': address },
  });

describe('login limits that cannot be raced', () => {
  it('checks exactly the limit of 200 parallel wrong passwords, and the owner elsewhere still signs in', async () => {
    const owner = await signUp(server);
    const before = passwordChecks.count;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(owner.email, `wrong guess ${i}`, '203.0.113.50')),
    );
    // The server is in this process: its password checks are counted here.
    expect(passwordChecks.count - before).toBe(MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    expect(results.find((r) => r.status === 429)?.body.error).toBe(TOO_MANY_LOGINS);

    // The account's own count from every address is under its ceiling, so the owner's check is
    // not slowed either (a count past it waits `loginSlowdown.stepMs` a guess over).
    const account = await limiterOf(rules.loginByAccount, server.db.knex).hit(owner.email.toLowerCase(), 0);
    expect(account.consumed).toBe(MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    expect(account.allowed).toBe(true);
    const own = await login(owner.email, owner.password, '198.51.100.7');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ success: true, user: { id: owner.user.id } });
    // The attacker's address stays refused, even with the right password.
    expect((await login(owner.email, owner.password, '203.0.113.50')).status).toBe(429);
  });

  it('only slows, never refuses, an account guessed at from many addresses', async () => {
    const owner = await signUp(server);
    // 60 addresses, one wrong guess each: over the account's ceiling of 50.
    for (let i = 0; i < 60; i += 20)
      await Promise.all(
        Array.from({ length: 20 }, (_, j) => login(owner.email, 'wrong guess', `192.0.2.${i + j}`)),
      );
    const own = await login(owner.email, owner.password, '198.51.100.8');
    expect(own.status).toBe(200);
  });
});
