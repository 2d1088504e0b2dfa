import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/build';
import { startTestServer, type TestServer } from '../testing/testServer';

// The web app as `npm run build` leaves it: apps/web/dist a link to one whole build of
// apps/web/builds, switched in one rename to each new build. A page always comes from one whole
// build; without one it is a 503 the browser can show, never a 4xx naming a file of the server.

let folder: string;
let server: TestServer | null = null;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-web-builds-'));
});
afterEach(async () => {
  await server?.close();
  server = null;
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A stand-in build named `name`: its page and one script, each saying which build it is. */
function makeBuild(name: string) {
  const dir = path.join(folder, name);
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<html><head><title>build ${name}</title></head></html>`);
  fs.writeFileSync(path.join(dir, 'assets', `app-${name}.js`), `console.log("build ${name}");`);
  return dir;
}
/** Points the link `dist` at a build in one rename, as the build script does. */
function switchTo(name: string) {
  fs.symlinkSync(name, path.join(folder, 'dist.tmp'));
  fs.renameSync(path.join(folder, 'dist.tmp'), path.join(folder, 'dist'));
}
const start = () =>
  startTestServer({ WORKER: '0', SERVE_WEB: '1', WEB_DIST: path.join(folder, 'dist') }).then((s) => {
    server = s;
    return s;
  });
const get = async (url: string, accept = 'text/html') => {
  const res = await fetch(server!.url + url, { headers: { Accept: accept } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('the built web app', () => {
  it('keeps serving the build it started with while a new build is switched to', async () => {
    makeBuild('a');
    switchTo('a');
    await start();
    expect(await get('/items')).toMatchObject({ status: 200, text: expect.stringContaining('build a') });
    makeBuild('b');
    switchTo('b');
    // A page loaded before the switch still gets its own scripts, and the pages stay that build's.
    expect(await get('/assets/app-a.js', '*/*')).toMatchObject({
      status: 200,
      text: 'console.log("build a");',
    });
    expect(await get('/')).toMatchObject({ status: 200, text: expect.stringContaining('build a') });
  });

  it('goes on to the current build once its own is removed', async () => {
    makeBuild('a');
    switchTo('a');
    await start();
    makeBuild('b');
    switchTo('b');
    fs.rmSync(path.join(folder, 'a'), { recursive: true });
    expect(await get('/')).toMatchObject({ status: 200, text: expect.stringContaining('build b') });
    expect(await get('/assets/app-b.js', '*/*')).toMatchObject({ status: 200 });
  });

  it('is a 503 while there is no build, a page for a browser and the envelope for the rest', async () => {
    await start();
    const page = await get('/items');
    expect(page.status).toBe(503);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.text).toContain('The web app is not available right now. Please try again in a moment.');
    const script = await get('/assets/app-a.js', '*/*');
    expect(script.status).toBe(503);
    expect(JSON.parse(script.text)).toEqual({
      success: false,
      data: null,
      error: 'The web app is not available right now. Please try again in a moment.',
      code: 'web_app_unavailable',
    });
    // The API itself is unaffected.
    expect((await get('/api/config', 'application/json')).status).toBe(200);
    // Built later: served without a restart.
    makeBuild('a');
    switchTo('a');
    expect(await get('/items')).toMatchObject({ status: 200, text: expect.stringContaining('build a') });
  });

  it('is a 503 naming no server path while a build folder lacks its pages (half built)', async () => {
    const dir = makeBuild('a');
    // A plain folder (a Vite build written in place), emptied while the server runs.
    fs.renameSync(dir, path.join(folder, 'dist'));
    await start();
    expect((await get('/')).status).toBe(200);
    fs.rmSync(path.join(folder, 'dist', 'index.html'));
    for (const url of ['/', '/items', '/found/x', '/assets/app-a.js']) {
      const res = await get(url);
      expect(res.status, url).toBe(503);
      expect(res.text, url).not.toContain(folder);
      expect(res.text, url).not.toMatch(/ENOENT|bad_request/);
    }
  });
});

describe('the built web app, precompressed', () => {
  it('sends the brotli or gzip form written at build time as it is, and the file to a client that takes neither', async () => {
    const dir = makeBuild('a');
    const script = `${'console.log("a line of the owner app");\n'.repeat(200)}`;
    fs.writeFileSync(path.join(dir, 'assets', 'app-a.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny.js'), 'console.log(1);');
    expect(precompress(dir)).toBe(1);
    // Under 1 kB nothing is gained: no forms for it.
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny.js.br'))).toBe(false);
    switchTo('a');
    await start();
    for (const [accept, encoding, file] of [
      ['br, gzip', 'br', 'app-a.js.br'],
      ['gzip', 'gzip', 'app-a.js.gz'],
    ]) {
      const res = await fetch(`${server!.url}/assets/app-a.js`, { headers: { 'Accept-Encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
      // The file's own length: sent as written, not compressed again (that would be chunked).
      expect(Number(res.headers.get('content-length'))).toBe(
        fs.statSync(path.join(dir, 'assets', file)).size,
      );
      expect(await res.text()).toBe(script);
    }
    const plain = await fetch(`${server!.url}/assets/app-a.js`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });
});
