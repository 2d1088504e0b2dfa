import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from './testing/codeFactory';
import { startNginx } from './testing/reverseProxy';
import { withoutNginx } from './testing/systemTools';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './testing/testServer';

const REPORTS_PER_ADDRESS = 3;

const missing = withoutNginx();

let server: TestServer;
let proxy: Awaited<ReturnType<typeof startNginx>>;
beforeAll(async () => {
  if (missing) return;
  server = await startTestServer({
    TRUST_PROXY: '1',
    REPORT_LIMIT_PER_ADDRESS: String(REPORTS_PER_ADDRESS),
    REPORT_LIMIT_PER_ITEM: '1000',
  });
  proxy = await startNginx(server.url);
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

let spoofed = 0;
/** A request through nginx claiming, in its own X-Forwarded-For, to come from a new address. */
const viaProxy = (path: string, body: unknown) =>
  fetch(proxy.url + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `203.0.113.${++spoofed % 250}, 198.51.100.${spoofed % 250}`,
    },
    body: JSON.stringify(body),
  });

describe.skipIf(missing !== null)(
  `behind a trusted proxy (nginx), limits count the address the proxy saw${missing ? ` (SKIPPED: ${missing})` : ''}`,
  () => {
    it('refuses reports past the per-address limit whatever X-Forwarded-For the client sends', async () => {
      const owner = await signUp(server);
      const { code } = await assignedItem(server.db.knex, owner.user.id);
      const statuses = [];
      for (let i = 0; i < REPORTS_PER_ADDRESS + 2; i++)
        statuses.push((await viaProxy(`/api/found/${code}/report`, { foundNotes: `seen ${i}` })).status);
      expect(statuses).toEqual([...Array(REPORTS_PER_ADDRESS).fill(201), 429, 429]);
      const keys = await server.db.knex('rate_limits').where('key', 'like', 'report:ip:%').pluck('key');
      expect(keys).toEqual(['report:ip:127.0.0.1']);
    });

    it('refuses wrong passwords past 20 per address, each for a different account', async () => {
      const statuses = [];
      for (let i = 0; i < 22; i++)
        statuses.push(
          (await viaProxy('/api/auth/login', { identifier: uniqueEmail(), password: 'wrong pass' })).status,
        );
      expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
    });
  },
);

describe('TRUST_PROXY_FROM: X-Forwarded-For is read only from the configured proxies', () => {
  let direct: TestServer;
  beforeAll(async () => {
    // The proxy is elsewhere: this test's own requests reach the port directly.
    direct = await startTestServer({
      TRUST_PROXY: '1',
      TRUST_PROXY_FROM: '192.0.2.10, 10.0.0.0/8',
      REPORT_LIMIT_PER_ADDRESS: String(REPORTS_PER_ADDRESS),
      REPORT_LIMIT_PER_ITEM: '1000',
    });
  });
  afterAll(() => direct?.close());

  it('counts a direct client as its own address whatever X-Forwarded-For it writes', async () => {
    const owner = await signUp(direct);
    const { code } = await assignedItem(direct.db.knex, owner.user.id);
    const statuses = [];
    for (let i = 0; i < REPORTS_PER_ADDRESS + 2; i++)
      statuses.push(
        (
          await direct.api('POST', `/api/found/${code}/report`, {
            body: { foundNotes: `seen ${i}` },
            headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(REPORTS_PER_ADDRESS).fill(201), 429, 429]);
    const keys = await direct.db.knex('rate_limits').where('key', 'like', 'report:ip:%').pluck('key');
    expect(keys).toEqual(['report:ip:127.0.0.1']);
  });

  it('refuses a TRUST_PROXY_FROM that is not addresses or subnets', async () => {
    await expect(startTestServer({ TRUST_PROXY: '1', TRUST_PROXY_FROM: 'nginx.local' })).rejects.toThrow(
      /TRUST_PROXY_FROM/,
    );
  });
});
