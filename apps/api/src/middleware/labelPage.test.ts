import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem, giveCode, makeSet } from '../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../testing/testServer';

// PRODUCT.md, Label states: `/qr/{code}` answers a visitor with the finder page and the label's state in it,
// whatever that state is (services/finders/labelPageLoader.ts), so no state loads the owner app.

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
let dist: string;
beforeAll(async () => {
  // A stand-in build: the two pages the middleware serves, each saying which it is.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><title>owner app</title></head><body></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'found.html'),
    '<html><head><title>finder</title></head><body><main id="finder-main"></main></body></html>',
  );
  server = await startTestServer({ WORKER: '0', SERVE_WEB: '1', WEB_DIST: dist });
  owner = await signUp(server);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function labelPage(code: string) {
  const res = await fetch(`${server.url}/qr/${encodeURIComponent(code)}`);
  const html = await res.text();
  const json = /<script type="application\/json" id="finder-data">(.*?)<\/script>/s.exec(html)?.[1];
  return { status: res.status, html, data: json ? (JSON.parse(json) as Record<string, unknown>) : null };
}

describe('the address a label carries', () => {
  it('HTTPS://HOST/QR/{CODE} (upper-cased, as the symbol holds it) goes on to /qr/{code}', async () => {
    const { code } = await assignedItem(server, owner.user.id, { name: 'Spare keys' });
    for (const prefix of ['QR', 'Qr', 'qR']) {
      const res = await fetch(`${server.url}/${prefix}/${code}?app`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/qr/${code}?app`);
    }
    const followed = await fetch(`${server.url}/QR/${code}`);
    expect(followed.url).toBe(`${server.url}/qr/${code}`);
    expect(await followed.text()).toContain('<title>finder</title>');
  });
});

describe('the label page of every state a visitor meets', () => {
  it('a found item: the public view, never the owner', async () => {
    const { code } = await assignedItem(server, owner.user.id, { name: 'House keys' });
    const page = await labelPage(code);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>finder</title>');
    expect(page.data).toMatchObject({ qrCode: code, state: 'item', item: { name: 'House keys' } });
    expect(page.html).not.toContain(owner.user.id);
  });

  it('a claimed label on no item, and one whose item was deleted: unattached', async () => {
    const { codes } = await makeSet(server, { count: 1 });
    await giveCode(server, codes[0]!.id, owner.user.id);
    expect((await labelPage(codes[0]!.value)).data).toMatchObject({ state: 'unattached' });

    const { code, itemId } = await assignedItem(server, owner.user.id);
    expect((await server.api('DELETE', `/api/items/${itemId}`, { token: owner.token })).status).toBe(200);
    const page = await labelPage(code.toLowerCase());
    expect(page.data).toMatchObject({ state: 'unattached' });
    expect(page.html).not.toContain(owner.user.id);
  });

  it('an item switched off: inactive, with nothing of the item', async () => {
    const { code } = await assignedItem(server, owner.user.id, { name: 'Secret name', status: 'inactive' });
    const page = await labelPage(code);
    expect(page.data).toEqual({ qrCode: code, state: 'inactive', brandName: server.config.brand.name });
    expect(page.html).not.toContain('Secret name');
  });

  it('unclaimed: claimable once its set left the print room, not before', async () => {
    const printed = await makeSet(server, { count: 1 });
    expect((await labelPage(printed.codes[0]!.value)).data).toMatchObject({
      state: 'unclaimed',
      claimable: true,
      setId: printed.setId,
      setCount: 1,
    });
    // The set's codes nobody owns yet, as the scan counts them for the claim landing's note.
    const three = await makeSet(server, { count: 3 });
    await giveCode(server, three.codes[1]!.id, owner.user.id);
    expect((await labelPage(three.codes[0]!.value)).data).toMatchObject({ setId: three.setId, setCount: 2 });
    const unreleased = await makeSet(server, { count: 1, child: true, released: false });
    expect((await labelPage(unreleased.codes[0]!.value)).data).toMatchObject({
      state: 'unclaimed',
      claimable: false,
    });
  });

  it('an unknown code: 404, and still the finder page (it offers to type the code)', async () => {
    const page = await labelPage('ZZZZZZZZZ2');
    expect(page.status).toBe(404);
    expect(page.html).toContain('<title>finder</title>');
    expect(page.data).toMatchObject({ qrCode: 'ZZZZZZZZZ2', state: 'unknown' });
  });

  it('`?app` still gets the owner app, for signed-in browsers and claimers', async () => {
    const { codes } = await makeSet(server, { count: 1 });
    const res = await fetch(`${server.url}/qr/${codes[0]!.value}?app`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>owner app</title>');
  });
});

describe('the printed address typed by hand, `/`', () => {
  it('is the finder page in its front-door state; `/?app` is the owner app', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = await res.text();
    expect(html).toContain('<title>finder</title>');
    const json = /<script type="application\/json" id="finder-data">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual({ qrCode: '', state: 'home', brandName: server.config.brand.name });
    // The owner check comes first, so a signed-in browser goes on to the owner app.
    expect(html).toMatch(/<script>try\{if\(localStorage\.getItem\("sessionToken"\)/);

    const app = await fetch(`${server.url}/?app`);
    expect(await app.text()).toContain('<title>owner app</title>');
    // Every other owner route is still the owner app.
    expect(await (await fetch(`${server.url}/dashboard`)).text()).toContain('<title>owner app</title>');
  });
});
