import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../app';
import { signUp, startTestServer, type TestServer } from '../testing/testServer';

// Every route declares who may call it; this proves nobody else can, for every route there is.
const WEBHOOK_SECRET = 'webhook-secret-0123456789';
let server: TestServer;
let userToken: string;
beforeAll(async () => {
  server = await startTestServer({ SMS_INBOUND_SECRET: WEBHOOK_SECRET });
  userToken = (await signUp(server)).token;
});
afterAll(async () => {
  await server.close();
});

const routes = () =>
  allRoutes(server.deps).map((r) => ({
    ...r,
    url: r.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
  }));

describe('route guards', () => {
  it('declares access on every route', () => {
    for (const r of routes()) expect(['public', 'user', 'admin', 'webhook']).toContain(r.access);
  });

  it('refuses visitors (no token, or an unknown token) on every signed-in, admin and webhook route with 401', async () => {
    for (const r of routes().filter((r) => r.access !== 'public')) {
      for (const token of [undefined, 'not-a-session']) {
        const res = await server.api(r.method.toUpperCase(), r.url, {
          token,
          body: r.method === 'get' ? undefined : {},
        });
        expect(res.status, `${r.method} ${r.path}`).toBe(401);
        expect(res.body).toMatchObject({ success: false, data: null, error: 'Authentication required' });
      }
    }
  });

  it('refuses a wrong signature, or a signed-in user, on every webhook route with 401', async () => {
    const webhooks = routes().filter((r) => r.access === 'webhook');
    expect(webhooks.length).toBeGreaterThan(0);
    const basic = (password: string) => `Basic ${Buffer.from(`provider:${password}`).toString('base64')}`;
    for (const r of webhooks) {
      for (const headers of [
        { Authorization: basic('not-the-secret') },
        { Authorization: basic('') },
        { Authorization: `Bearer ${userToken}` },
      ]) {
        const res = await server.api(r.method.toUpperCase(), r.url, { headers, body: {} });
        expect(res.status, `${r.method} ${r.path} ${headers.Authorization}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
        expect(res.body).toMatchObject({ success: false, data: null, error: 'Authentication required' });
      }
      // The right secret passes the guard (what the route then does with `{}` is its own business).
      const signed = await server.api(r.method.toUpperCase(), r.url, {
        headers: { Authorization: basic(WEBHOOK_SECRET) },
        body: {},
      });
      expect(signed.status, `${r.method} ${r.path}`).not.toBe(401);
    }
  });

  it('refuses signed-in non-admins on every admin route with 403', async () => {
    const admins = routes().filter((r) => r.access === 'admin');
    // The gift's settings (PRODUCT.md, Recovery) are in the walk, reading and saving.
    for (const method of ['get', 'put'])
      expect(admins.some((r) => r.method === method && r.path === '/api/admin/gift-settings')).toBe(true);
    for (const r of admins) {
      const res = await server.api(r.method.toUpperCase(), r.url, {
        token: userToken,
        body: r.method === 'get' ? undefined : {},
      });
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(res.body.error).toBe('Admin access required');
    }
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await server.api('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, data: null });
  });

  it('serves the configuration calls publicly', async () => {
    const cfg = await server.api<{ apiUrl: string }>('GET', '/api/config');
    expect(cfg.body.apiUrl).toBe(server.config.publicUrl);
    const app = await server.api<{ domainName: string; isDevelopment: boolean; companyName: string }>(
      'GET',
      '/api/app-config',
    );
    expect(app.body).toMatchObject({
      domainName: server.config.domainName,
      isDevelopment: true,
      companyName: 'Homing Labs',
    });
    expect(app.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
