// Item photos on an S3 bucket that does not answer: uploads refused with a clear 503, and deletions
// kept in the outbox until the bucket is back (photos.test.ts: the photo routes on both stores).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../notifications';
import { makeItem, postMultipart } from '../../testing/codeFactory';
import { keyOf, photoItemFields as fields, tinyPng, type PhotoItem as Item } from '../../testing/photos';
import { startS3Server, type S3TestServer } from '../../testing/s3Server';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

describe('item photos when the bucket does not answer', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-photos-'));
    // A bucket that existed and went away: its port now refuses connections.
    const s3 = await startS3Server();
    await s3.close();
    server = await startTestServer({ DATA_DIR: dataDir, ...s3.env });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a clear message, never 500, and stores nothing', async () => {
    const { token } = await signUp(server);
    const unavailable = {
      success: false,
      data: null,
      error: 'Photos are unavailable right now. Please try again in a moment.',
      code: 'service_unavailable',
    };
    const served = await server.api('GET', '/api/photos/AAAAAAAAAAAAAAAAAAAAAAAA.webp');
    expect(served.status).toBe(503);
    expect(served.body).toEqual(unavailable);
    const created = await postMultipart(server, '/api/items', {
      token,
      fields,
      file: { name: 'a.png', body: await tinyPng() },
    });
    expect(created.status).toBe(503);
    expect(created.body).toEqual(unavailable);
    expect(Number((await server.db.knex('items').count({ n: '*' }))[0]!.n)).toBe(0);
    // Items without a photo do not need the bucket.
    expect(
      (await server.api('POST', '/api/items', { token, body: { itemTypeId: 'keys', name: 'Keys' } })).status,
    ).toBe(201);
  });

  // The SDK only warns when a request times out unless told to throw: without that, a bucket that
  // accepts connections and never answers would hold every photo request forever.
  it('answers 503 when the bucket accepts connections but never answers', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const hanging = await startTestServer({
      DATA_DIR: dataDir,
      PHOTO_STORE: 's3',
      S3_BUCKET: 'homing-photos',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    });
    try {
      // The bucket never answers: any answer is the API giving up on it (without the timeout the
      // request would still be waiting when the hang guard ends the test).
      const res = await hanging.api('GET', '/api/photos/AAAAAAAAAAAAAAAAAAAAAAAA.webp');
      expect(res.status).toBe(503);
    } finally {
      await hanging.close();
      silent.close();
    }
  });
});

// A photo dropped while the bucket is down is not served from that moment, and its
// deletion waits in the outbox until the bucket answers again.
describe('photo deletions while the bucket is down', () => {
  let server: TestServer;
  let s3: S3TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-photos-'));
    s3 = await startS3Server();
    // No background worker: the test runs it when the bucket is back.
    server = await startTestServer({ DATA_DIR: dataDir, WORKER: '0', ...s3.env });
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const worker = () => createWorker(server.db, server.config, pino({ level: 'silent' }));
  const deletionRows = () =>
    server.db.knex('notifications').where({ channel: 'photo_delete' }).select('status', 'attempts');

  it('replaced, removed, item deleted, account deleted: not served at once, gone once the bucket is back', async () => {
    const { token } = await signUp(server);
    const photo = async (itemId: string) =>
      keyOf(
        (
          await postMultipart(server, `/api/items/${itemId}/photo`, {
            token,
            file: { name: 'a.png', body: await tinyPng() },
          })
        ).body.item as Item,
      );
    const [one, two, three] = [
      await makeItem(server, token),
      await makeItem(server, token),
      await makeItem(server, token),
    ];
    const replacedKey = await photo(one.id);
    const keptKey = await photo(one.id);
    const removedKey = await photo(two.id);
    const deletedKey = await photo(three.id);
    const other = await signUp(server);
    const theirItem = await makeItem(server, other.token);
    const theirKey = keyOf(
      (
        await postMultipart(server, `/api/items/${theirItem.id}/photo`, {
          token: other.token,
          file: { name: 'b.png', body: await tinyPng() },
        })
      ).body.item as Item,
    );
    const served = async (key: string) => (await fetch(`${server.url}/api/photos/${key}`)).status;
    expect(await served(keptKey)).toBe(200);
    expect(await served(theirKey)).toBe(200);

    await s3.stop();
    // The replacement happened before the stop; its deletion is waiting too (no worker ran).
    const removed = await server.api('PUT', `/api/items/${two.id}`, {
      token,
      body: { name: 'Rex', itemTypeId: 'pets', photoUrl: null },
    });
    expect(removed.status).toBe(200);
    expect((await server.api('DELETE', `/api/items/${three.id}`, { token })).status).toBe(200);
    const gone = await server.api('POST', '/api/users/me/delete', {
      token: other.token,
      body: { password: other.password },
    });
    expect(gone.status).toBe(200);

    // A worker run while the bucket is down deletes nothing and gives up on nothing.
    await worker().runOnce();
    expect((await deletionRows()).map((r) => r.status)).toEqual(['pending', 'pending', 'pending', 'pending']);

    await s3.restart();
    // The objects are all still there, yet not one of the dropped photos is served.
    expect(await s3.keys()).toEqual([replacedKey, keptKey, removedKey, deletedKey, theirKey].sort());
    for (const key of [replacedKey, removedKey, deletedKey, theirKey])
      expect(await served(key), key).toBe(404);
    expect(await served(keptKey)).toBe(200);

    // Due again after the backoff: moved to now rather than waited for.
    await server.db
      .knex('notifications')
      .where({ channel: 'photo_delete' })
      .update({ nextAttemptAt: new Date() });
    await worker().runOnce();
    expect(await s3.keys()).toEqual([keptKey]);
    expect((await deletionRows()).map((r) => r.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'delivered',
    ]);
    expect(await served(keptKey)).toBe(200);
  });
});
