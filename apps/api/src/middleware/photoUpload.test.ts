import { ITEM_MESSAGES } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, postMultipart } from '../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const itemCount = async () => Number((await server.db.knex('items').count({ n: '*' }))[0]!.n);
const fields = { itemTypeId: 'keys', name: 'Keys' };

/** A multipart body with the text fields and one file under `fileField`. */
function multipart(fileField: string, file: Buffer) {
  const boundary = 'homingBoundary42';
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    parts: [Buffer.from(head + fileHead), file, Buffer.from(`\r\n--${boundary}--\r\n`)],
  };
}

async function send(token: string, body: ReturnType<typeof multipart>, opts: { chunked?: boolean } = {}) {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // 64 kB pieces, as a slow client would send them.
      for (const part of body.parts)
        for (let at = 0; at < part.length; at += 65_536) controller.enqueue(part.subarray(at, at + 65_536));
      controller.close();
    },
  });
  const res = await fetch(`${server.url}/api/items`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': body.contentType },
    body: opts.chunked ? stream : Buffer.concat(body.parts),
    ...(opts.chunked ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as { error: string } };
}

describe('multipart photo uploads', () => {
  const big = Buffer.alloc(6 * 1024 * 1024, 7);

  it('refuses a 6 MB file under another field name with 413, with or without a length', async () => {
    const { token } = await signUp(server);
    const before = await itemCount();
    for (const chunked of [false, true]) {
      const res = await send(token, multipart('attachment', big), { chunked });
      expect(res.status, chunked ? 'chunked' : 'with length').toBe(413);
      expect(res.body.error).toBe(ITEM_MESSAGES.photoTooLarge);
    }
    expect(await itemCount()).toBe(before);
  });

  it('refuses a small file under another field name with 400 naming the field to use', async () => {
    const { token } = await signUp(server);
    const res = await send(token, multipart('picture', Buffer.from('tiny')));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Send the photo as the file field "photo"');
  });

  it("checks the item is the caller's before looking at the photo: another's item is 404 whatever is sent", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const item = await makeItem(server, owner.token);
    const res = await postMultipart(server, `/api/items/${item.id}/photo`, {
      token: other.token,
      file: { name: 'notes.jpg', body: Buffer.from('not an image at all') },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(ITEM_MESSAGES.notFound);
  });
});
