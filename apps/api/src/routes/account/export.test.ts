import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_IN_PROGRESS } from '../../services/accounts/personalDataExporter';
import { makeItem } from '../../testing/codeFactory';
import { WAIT_MS } from '../../testing/patience';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

const FINDER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004) FinderBrowser/9.9';
const DEVICE_HASH = 'd'.repeat(64);

// The export holds only what the owner's own screens show, and runs one at a time.
describe('the account export', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const exportOf = (token: string) =>
    fetch(`${server.url}/api/users/me/export`, { headers: { Authorization: `Bearer ${token}` } });

  it("holds a finder's scan without their full user agent, device id or address hash", async () => {
    const { token } = await signUp(server);
    const item = await makeItem(server, token);
    await server.db.knex('scanEvents').insert({
      itemId: item.id,
      qrValue: 'ABCDE',
      scannedAt: new Date(),
      deviceType: 'mobile',
      platform: 'Android',
      userAgent: FINDER_AGENT,
      deviceHash: DEVICE_HASH,
    });
    const res = await exportOf(token);
    expect(res.status).toBe(200);
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, Record<string, unknown>[]>;
    expect(data.scans).toEqual([
      expect.objectContaining({
        itemId: item.id,
        qrValue: 'ABCDE',
        deviceType: 'mobile',
        platform: 'Android',
      }),
    ]);
    expect(text).not.toContain(FINDER_AGENT);
    expect(text).not.toContain('FinderBrowser');
    expect(text).not.toContain(DEVICE_HASH);
    expect(text).not.toMatch(/userAgent"\s*:\s*"Mozilla|deviceHash|addressHash|reportMetadata/);
  });

  it('refuses a second export of the same account while one runs (429, in the envelope), not another account’s', async (ctx) => {
    // The first export is held mid-stream by a lock on a table it reads; the embedded database has
    // one connection, so a held lock would hold everything.
    if (server.db.kind !== 'postgres') ctx.skip();
    const owner = await signUp(server);
    const other = await signUp(server);
    const locker = await server.db.knex.transaction();
    try {
      await locker.raw('LOCK TABLE found_reports IN ACCESS EXCLUSIVE MODE');
      const first = exportOf(owner.token);
      // The first export has begun (it waits on the lock) before the second is sent.
      await expect
        .poll(
          async () =>
            (
              (await server.db.knex.raw(
                "SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'found_reports'::regclass AND NOT granted",
              )) as { rows: { n: number }[] }
            ).rows[0]!.n,
          { timeout: WAIT_MS },
        )
        .toBeGreaterThan(0);
      const second = await server.api('GET', '/api/users/me/export', { token: owner.token });
      expect(second.status).toBe(429);
      expect(second.body).toMatchObject({ success: false, data: null, error: EXPORT_IN_PROGRESS });
      await locker.commit();
      const done = await first;
      expect(done.status).toBe(200);
      expect(JSON.parse(await done.text())).toHaveProperty('account');
    } finally {
      if (!locker.isCompleted()) await locker.rollback();
    }
    // Once it is finished, the owner may export again.
    expect((await exportOf(owner.token)).status).toBe(200);
    expect((await exportOf(other.token)).status).toBe(200);
  });
});
