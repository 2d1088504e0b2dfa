import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../db/connection';
import { migratedDatabase, startTestServer, type TestServer } from '../testing/testServer';
import { addressHash, addressHashSecretMaker, keyedDigest, legacyAddressDigest } from './addressHash';

const IP = '203.0.113.7';
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

// Client addresses are stored as HMAC-SHA-256 under the instance's own secret.
describe('keyed address hashes', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = [await startTestServer(), await startTestServer()];
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('is not SHA-256 of the address, and hashes ::ffff:-mapped IPv4 like the plain address', async () => {
    const hash = await addressHash(a.db.knex, IP);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(sha256(IP));
    expect(hash).not.toBe(legacyAddressDigest(IP));
    expect(await addressHash(a.db.knex, `::ffff:${IP}`)).toBe(hash);
    expect(await addressHash(a.db.knex, '203.0.113.8')).not.toBe(hash);
  });

  it('hashes the same across restarts (the secret is kept in the database), differently on another instance', async () => {
    const before = await addressHash(a.db.knex, IP);
    // What a restart does: the start makes no new secret when one is kept.
    await addressHashSecretMaker(a.db.knex);
    expect(await addressHash(a.db.knex, IP)).toBe(before);
    if (a.db.kind === 'postgres') {
      // A new process: its own connection, nothing cached.
      const again = connectPostgres(a.db.url!, { min: 0, max: 1 });
      try {
        expect(await addressHash(again.knex, IP)).toBe(before);
      } finally {
        await again.close();
      }
    }
    expect(await addressHash(b.db.knex, IP)).not.toBe(before);
  });

  it('the first start turns stored unsalted digests into keyed ones in place', async () => {
    const db = await migratedDatabase();
    try {
      const [user] = (await db
        .knex('users')
        .insert({ email: 'old@example.com', passwordHash: 'x' })
        .returning('id')) as { id: string }[];
      await db.knex('foundReports').insert({
        ownerId: user!.id,
        message: 'found it',
        foundAt: new Date(),
        reporterAddressHash: legacyAddressDigest(IP),
      });
      const secret = await addressHashSecretMaker(db.knex);
      const keyed = await addressHash(db.knex, IP);
      expect(keyed).toBe(keyedDigest(secret, legacyAddressDigest(IP)));
      expect(await db.knex('foundReports').select('reporterAddressHash')).toEqual([
        { reporterAddressHash: keyed },
      ]);
    } finally {
      await db.close();
    }
  });
});
