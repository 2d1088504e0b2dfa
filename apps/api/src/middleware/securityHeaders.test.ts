import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForTest } from '../testing/httpServer';
import { startTestServer, type TestServer } from '../testing/testServer';
import { securityHeaders } from './securityHeaders';

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
// Helmet's headers for documents, which an API answer has no use for.
const PAGE_ONLY = [
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

// The product with its web app served from a folder holding one page.
let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Homing</title><p>app</p>');
  server = await startTestServer({ SERVE_WEB: '1', WEB_DIST: webDist, WORKER: '0' });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function expectApiHeaders(headers: Headers) {
  expect(headers.get('content-security-policy')).toBe(API_CSP);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
  for (const name of PAGE_ONLY) expect(headers.get(name), name).toBeNull();
}

describe('security headers', () => {
  it('gives API answers, errors included, the API set: nothing may load from them or frame them', async () => {
    const ok = await server.api('GET', '/api/app-config');
    expect(ok.status).toBe(200);
    expectApiHeaders(ok.headers);
    expect(ok.headers.get('cache-control')).toBe('no-store');

    const missing = await server.api('GET', '/api/found/NO-SUCH-CODE');
    expect(missing.status).toBe(404);
    expectApiHeaders(missing.headers);

    const refused = await server.api('GET', '/api/users/me/sessions');
    expect(refused.status).toBe(401);
    expectApiHeaders(refused.headers);

    // Refused before any route reads it (a control character in the path).
    const control = await server.api('GET', '/api/found/%00');
    expect(control.status).toBe(404);
    expectApiHeaders(control.headers);
  });

  it("gives the web app's pages helmet's full set, with a policy that lets the app load itself", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<p>app</p>');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('adds Strict-Transport-Security to both sets when HTTPS is required, and to neither otherwise', async () => {
    for (const hsts of [true, false]) {
      const app = new Koa();
      app.use(securityHeaders({ hsts }));
      app.use((ctx) => {
        ctx.body = 'ok';
      });
      const bare = await listenForTest(http.createServer(app.callback()));
      const url = bare.url;
      try {
        for (const pathname of ['/api/anything', '/page']) {
          const res = await fetch(url + pathname);
          expect(res.headers.get('strict-transport-security'), `${pathname} hsts=${hsts}`).toBe(
            hsts ? 'max-age=31536000; includeSubDomains' : null,
          );
        }
      } finally {
        await bare.close();
      }
    }
  });
});
