import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ITEM_MESSAGES } from '@homing/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, postMultipart } from '../../testing/codeFactory';
import { keyOf, photoItemFields as fields, tinyPng, type PhotoItem as Item } from '../../testing/photos';
import { WAIT_MS } from '../../testing/patience';
import { startS3Server, type S3TestServer } from '../../testing/s3Server';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/** A 3000×2000 JPEG, rotated by its EXIF orientation, carrying a camera make and a GPS position. */
const jpegWithGps = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'HomeCam', Model: 'Secret 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 12/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 5/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

// Every test runs on both stores: the local folder (the default) and a real S3-protocol server.
describe.each(['local', 's3'] as const)('item photos (%s store)', (store) => {
  let server: TestServer;
  let dataDir: string;
  let s3: S3TestServer | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-photos-'));
    if (store === 's3') s3 = await startS3Server();
    server = await startTestServer({ DATA_DIR: dataDir, ...s3?.env });
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The keys of the photos the store holds: files in DATA_DIR/photos, or objects in the bucket. */
  const stored = async () => (s3 ? s3.keys() : filesIn(path.join(dataDir, 'photos')));
  const itemCount = async () => Number((await server.db.knex('items').count({ n: '*' }))[0]!.n);

  it('re-encodes a JPEG with EXIF GPS: orientation applied, resized, no metadata left', async () => {
    const original = await jpegWithGps();
    const meta = await sharp(original).metadata();
    expect(meta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer is there
    expect(meta.orientation).toBe(6);
    const { token } = await signUp(server);
    const res = await postMultipart(server, '/api/items', {
      token,
      fields,
      file: { name: 'rex.jpg', body: original },
    });
    expect(res.status).toBe(201);
    const item = res.body.item as Item;
    expect(item.photoUrl).toMatch(/^\/api\/photos\/[\w-]{22,}\.webp$/);
    const photo = await fetch(server.url + item.photoUrl!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const served = Buffer.from(await photo.arrayBuffer());
    const out = await sharp(served).metadata();
    expect(out.format).toBe('webp');
    expect([out.width, out.height]).toEqual([1067, 1600]); // portrait: rotated, then fit in 1600
    expect(out.exif).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect(out.iptc).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    expect(served.includes(Buffer.from('HomeCam'))).toBe(false);
    expect(await stored()).toContain(keyOf(item));
    expect(filesIn(path.join(dataDir, 'uploads'))).toEqual([]);
  });

  it('accepts PNG and WebP by content, whatever the file name says', async () => {
    const { token } = await signUp(server);
    const item = await makeItem(server, token);
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#000' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    for (const [name, body] of [
      ['a.txt', png],
      ['b.jpg', webp],
    ] as const) {
      const res = await postMultipart(server, `/api/items/${item.id}/photo`, { token, file: { name, body } });
      expect(res.status, name).toBe(200);
      expect((res.body.item as Item).photoUrl).toMatch(/\.webp$/);
    }
  });

  it('replaces a photo and deletes the old file; removing it by PUT photoUrl null deletes it too', async () => {
    const { token } = await signUp(server);
    const created = await postMultipart(server, '/api/items', {
      token,
      fields,
      file: { name: 'one.jpg', body: await jpegWithGps() },
    });
    const first = created.body.item as Item;
    const firstKey = first.photoUrl!.split('/').pop()!;
    const replaced = await postMultipart(server, `/api/items/${first.id}/photo`, {
      token,
      file: { name: 'two.jpg', body: await jpegWithGps() },
    });
    expect(replaced.status).toBe(200);
    const second = replaced.body.item as Item;
    expect(second.photoUrl).not.toBe(first.photoUrl);
    await expect.poll(stored, { timeout: WAIT_MS }).not.toContain(firstKey);
    expect(await stored()).toContain(keyOf(second));
    expect((await fetch(server.url + first.photoUrl!)).status).toBe(404);
    const kept = await server.api<{ item: Item }>('PUT', `/api/items/${first.id}`, {
      token,
      body: { name: 'Rex', itemTypeId: 'pets', photoUrl: `${server.url}${second.photoUrl}` },
    });
    expect(kept.body.item.photoUrl).toBe(second.photoUrl);
    const removed = await server.api<{ item: Item }>('PUT', `/api/items/${first.id}`, {
      token,
      body: { name: 'Rex', itemTypeId: 'pets', photoUrl: null },
    });
    expect(removed.body.item.photoUrl).toBeNull();
    await expect.poll(stored, { timeout: WAIT_MS }).not.toContain(keyOf(second));
  });

  it('refuses a text file named .jpg with 415 and keeps nothing (create and replace)', async () => {
    const { token } = await signUp(server);
    const item = await makeItem(server, token);
    const before = { items: await itemCount(), photos: (await stored()).length };
    const text = {
      name: 'cat.jpg',
      body: Buffer.from('this is not a picture\n'.repeat(100)),
      type: 'image/jpeg',
    };
    const created = await postMultipart(server, '/api/items', { token, fields, file: text });
    expect(created.status).toBe(415);
    expect(created.body).toMatchObject({ success: false, data: null, error: ITEM_MESSAGES.photoWrongType });
    const replaced = await postMultipart(server, `/api/items/${item.id}/photo`, { token, file: text });
    expect(replaced.status).toBe(415);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expect(
      (await postMultipart(server, '/api/items', { token, fields, file: { name: 'a.gif', body: gif } }))
        .status,
    ).toBe(415);
    expect(await itemCount()).toBe(before.items);
    expect(await stored()).toHaveLength(before.photos);
    expect(filesIn(path.join(dataDir, 'uploads'))).toEqual([]);
    expect(
      (await server.api<{ item: Item }>('GET', `/api/items/${item.id}`, { token })).body.item.photoUrl,
    ).toBeNull();
  });

  it('refuses a 6 MB file with 413 and keeps nothing, not even the upload', async () => {
    const { token } = await signUp(server);
    const item = await makeItem(server, token);
    const before = { items: await itemCount(), photos: (await stored()).length };
    const big = { name: 'huge.jpg', body: Buffer.alloc(6 * 1024 * 1024, 7) };
    const created = await postMultipart(server, '/api/items', { token, fields, file: big });
    expect(created.status).toBe(413);
    expect(created.body).toMatchObject({ success: false, error: ITEM_MESSAGES.photoTooLarge });
    const replaced = await postMultipart(server, `/api/items/${item.id}/photo`, { token, file: big });
    expect(replaced.status).toBe(413);
    expect(await itemCount()).toBe(before.items);
    expect(await stored()).toHaveLength(before.photos);
    expect(filesIn(dataDir)).not.toContain('uploads'); // uploads never touch the disk
    expect(
      (await server.api<{ item: Item }>('GET', `/api/items/${item.id}`, { token })).body.item.photoUrl,
    ).toBeNull();
  });

  it('answers a truncated or malformed multipart body with 400 and creates nothing', async () => {
    const { token } = await signUp(server);
    const before = await itemCount();
    const part = (name: string, extra = '') =>
      `--XX\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
    for (const body of [
      'garbage',
      `${part('itemTypeId')}\r\nkeys\r\n${part('name')}\r\nRex\r\n${part('photo', '; filename="a.jpg"')}Content-Type: image/jpeg\r\n\r\nxx`,
    ]) {
      const res = await fetch(`${server.url}/api/items`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'multipart/form-data; boundary=XX' },
        body,
      });
      expect(res.status).toBe(400);
    }
    expect(await itemCount()).toBe(before);
  });

  it('needs a file on the photo route, the owner, and a real key to serve', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const item = await makeItem(server, owner.token);
    const none = await postMultipart(server, `/api/items/${item.id}/photo`, {
      token: owner.token,
      fields: {},
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(ITEM_MESSAGES.photoRequired);
    const png = await tinyPng();
    const stranger = await postMultipart(server, `/api/items/${item.id}/photo`, {
      token: other.token,
      file: { name: 'x.png', body: png },
    });
    expect(stranger.status).toBe(404);
    expect(
      (await postMultipart(server, `/api/items/${item.id}/photo`, { file: { name: 'x.png', body: png } }))
        .status,
    ).toBe(401);
    for (const key of ['nope.webp', '..%2F..%2Fetc%2Fpasswd', 'AAAAAAAAAAAAAAAAAAAAAAAA.webp'])
      expect((await fetch(`${server.url}/api/photos/${key}`)).status, key).toBe(404);
  });

  it('deletes the photo with its item, and only that one', async () => {
    const { token } = await signUp(server);
    const make = async () =>
      (
        await postMultipart(server, '/api/items', {
          token,
          fields,
          file: { name: 'a.png', body: await tinyPng() },
        })
      ).body.item as Item;
    const [gone, kept] = [await make(), await make()];
    expect(await stored()).toEqual(expect.arrayContaining([keyOf(gone), keyOf(kept)]));
    const res = await server.api('DELETE', `/api/items/${gone.id}`, { token });
    expect(res.status).toBe(200);
    await expect.poll(stored, { timeout: WAIT_MS }).not.toContain(keyOf(gone));
    expect(await stored()).toContain(keyOf(kept));
    expect((await fetch(server.url + gone.photoUrl!)).status).toBe(404);
    expect((await fetch(server.url + kept.photoUrl!)).status).toBe(200);
  });

  if (store === 's3')
    it('keeps photos in the bucket only, with their content type', async () => {
      const { token } = await signUp(server);
      const item = await makeItem(server, token);
      const res = await postMultipart(server, `/api/items/${item.id}/photo`, {
        token,
        file: { name: 'x.png', body: await tinyPng() },
      });
      const key = keyOf(res.body.item as Item);
      const object = await s3!.object(key);
      expect(object.contentType).toBe('image/webp');
      const served = await fetch(`${server.url}/api/photos/${key}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(object.body)).toBe(true);
      expect(filesIn(dataDir)).not.toContain('photos');
    });
});
