import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLAIM_MESSAGES, SCAN_MESSAGES } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../db/connection';
import { startServer, type RunningServer } from '../../server';
import { TOO_MANY_LOOKUPS } from '../../lib/limitRules';
import { assignedItem, makeItem, makeSet } from '../../testing/codeFactory';
import { signUp, startTestServer, testDbKind, type TestServer } from '../../testing/testServer';

const LOOKUPS_PER_MINUTE = 8;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    CODE_LOOKUP_LIMIT_PER_MINUTE: String(LOOKUPS_PER_MINUTE),
    TRUST_PROXY: '1',
  });
});
afterAll(async () => {
  await server.close();
});
// Each test speaks from its own address (TRUST_PROXY=1 reads X-Forwarded-For), so has its own allowance.
let lastAddress = 0;
const newAddress = () => ({ 'X-Forwarded-For': `198.51.100.${++lastAddress}` });

describe('codes cannot be harvested', () => {
  it('answers code look-ups past the per-address limit with 429, on the scan result, finder page and claim', async () => {
    const headers = newAddress();
    const set = await makeSet(server);
    const statuses = [];
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++)
      statuses.push((await server.api('GET', `/api/qr-code-event/GUESS${i}XYZ`, { headers })).status);
    expect(statuses).toEqual(Array(LOOKUPS_PER_MINUTE).fill(404));
    const { token } = await signUp(server);
    const refused = [
      await server.api('GET', `/api/qr-code-event/${set.codes[0]!.value}`, { headers }),
      await server.api('GET', `/api/found/${set.codes[0]!.value}`, { headers }),
      await server.api('POST', '/api/qr-codes/claim', {
        token,
        headers,
        body: { qrCode: set.codes[0]!.value, setId: null, claimAll: false },
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ success: false, data: null, error: TOO_MANY_LOOKUPS });
    }
    // Refusals are not claims: nothing changed hands.
    expect(await server.db.knex('qrCodes').where({ setId: set.setId }).whereNotNull('ownerId')).toEqual([]);
    // Another address is not affected.
    expect(
      (await server.api('GET', `/api/qr-code-event/${set.codes[0]!.value}`, { headers: newAddress() }))
        .status,
    ).toBe(200);
  });

  it('refuses the finder page past the limit even for a code it would not find (the refusal wins)', async () => {
    const headers = newAddress();
    const { code } = await assignedItem(server, (await signUp(server)).user.id, { name: 'Keys' });
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++)
      expect((await server.api('GET', `/api/found/${code}`, { headers })).status).toBe(200);
    // The look-up of an unknown code runs beside the count and finishes first: its 404 is not sent.
    const [unknown, known] = [
      await server.api('GET', '/api/found/NOSUCHCODE9', { headers }),
      await server.api('GET', `/api/found/${code}`, { headers }),
    ];
    for (const res of [unknown, known]) {
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ success: false, data: null, error: TOO_MANY_LOOKUPS });
    }
  });

  it('answers an unknown code and a malformed one alike (same status, envelope and message)', async () => {
    const headers = newAddress();
    const [unknown, malformed] = [
      await server.api('GET', '/api/qr-code-event/ZZZZZZZZZZ', { headers }),
      await server.api('GET', '/api/qr-code-event/not-a-code!', { headers }),
    ];
    expect(malformed.status).toBe(unknown.status);
    expect(malformed.body).toEqual(unknown.body);
    expect(unknown.body).toMatchObject({ error: SCAN_MESSAGES.notFound });
  });

  it('lets only someone who scanned one of its codes lately claim a whole set', async () => {
    const headers = newAddress();
    const set = await makeSet(server, { count: 4 });
    const { token } = await signUp(server);
    const body = { qrCode: set.codes[1]!.value, setId: set.setId, claimAll: true };
    const unscanned = await server.api('POST', '/api/qr-codes/claim', { token, body, headers });
    expect(unscanned.status).toBe(403);
    expect(unscanned.body).toMatchObject({ success: false, error: CLAIM_MESSAGES.scanFirst });
    expect(await server.db.knex('qrCodes').where({ setId: set.setId }).whereNotNull('ownerId')).toEqual([]);

    // A scan long ago does not count.
    const scanned = await server.api('GET', `/api/qr-code-event/${set.codes[1]!.value}`, { headers });
    expect(scanned.body).toMatchObject({ type: 'unclaimed_code', setId: set.setId, setCount: 4 });
    await server.db
      .knex('claimGrants')
      .where({ setId: set.setId })
      .update({ resolvedAt: new Date(Date.now() - 11 * 60 * 1000) });
    expect((await server.api('POST', '/api/qr-codes/claim', { token, body, headers })).status).toBe(403);
    // Someone else's scan (another address) does not count either.
    await server.api('GET', `/api/qr-code-event/${set.codes[1]!.value}`, { headers: newAddress() });
    expect((await server.api('POST', '/api/qr-codes/claim', { token, body, headers })).status).toBe(403);

    // The scan came before the sign-in (same address): the claim that follows takes the set.
    await server.api('GET', `/api/qr-code-event/${set.codes[1]!.value}`, { headers });
    const claimed = await server.api('POST', '/api/qr-codes/claim', { token, body, headers });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ claimedCount: 4 });
  });

  it.skipIf(testDbKind() === 'embedded')(
    // PGlite is one process's own database: two API processes can only share a PostgreSQL server.
    'shares the look-up limit between two API processes on one database',
    async () => {
      const headers = newAddress();
      const owner = await signUp(server);
      const { code } = await assignedItem(server.db.knex, owner.user.id);
      const second: RunningServer = await startServer(server.config, {
        db: connectPostgres(server.db.url!),
      });
      try {
        const urls = [server.url, second.url];
        const statuses = [];
        for (let i = 0; i < LOOKUPS_PER_MINUTE + 2; i++)
          statuses.push((await fetch(`${urls[i % 2]}/api/found/${code}`, { headers })).status);
        expect(statuses).toEqual([...Array(LOOKUPS_PER_MINUTE).fill(200), 429, 429]);
      } finally {
        await second.close();
      }
    },
  );
});

describe('every door counts on the one look-up limit', () => {
  it('refuses assignment completions and picks past the limit (429), taking nothing', async () => {
    const headers = newAddress();
    const owner = await signUp(server);
    const set = await makeSet(server);
    const itemId = (await makeItem(server, owner.token)).id;
    await server.api('POST', `/api/items/${itemId}/qr-assignment/pending`, { token: owner.token, headers });
    const statuses = [];
    for (let i = 0; i < LOOKUPS_PER_MINUTE + 2; i++)
      statuses.push(
        (
          await server.api('POST', `/api/items/${itemId}/qr-assignment/scan`, {
            token: owner.token,
            headers,
            body: { qrCode: `GUESS${i}XYZ` },
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(LOOKUPS_PER_MINUTE).fill(404), 429, 429]);
    const pick = await server.api('POST', `/api/items/${itemId}/qr-assignment`, {
      token: owner.token,
      headers,
      body: { qrCode: set.codes[0]!.value },
    });
    expect(pick.status).toBe(429);
    expect(await server.db.knex('qrCodes').where({ setId: set.setId }).whereNotNull('ownerId')).toEqual([]);
  });

  it('serves the label URL /qr/{code} with its item only within the limit', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body>owner app</body></html>');
    fs.writeFileSync(
      path.join(dist, 'found.html'),
      '<html><head><title>Found</title></head><body>finder page</body></html>',
    );
    const web = await startTestServer({
      CODE_LOOKUP_LIMIT_PER_MINUTE: String(LOOKUPS_PER_MINUTE),
      SERVE_WEB: '1',
      WEB_DIST: dist,
    });
    try {
      const { code } = await assignedItem(web, (await signUp(web)).user.id, { name: 'Green scarf' });
      const pages: string[] = [];
      for (let i = 0; i < LOOKUPS_PER_MINUTE + 2; i++)
        pages.push(await (await fetch(`${web.url}/qr/${code}`)).text());
      for (const page of pages.slice(0, LOOKUPS_PER_MINUTE)) expect(page).toContain('Green scarf');
      // Past the limit: the owner app's page, which names nothing (its own look-up is refused, 429).
      for (const page of pages.slice(LOOKUPS_PER_MINUTE)) {
        expect(page).toContain('owner app');
        expect(page).not.toContain('Green scarf');
      }
      expect((await web.api('GET', `/api/qr-code-event/${code}`)).status).toBe(429);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
