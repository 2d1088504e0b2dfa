import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, HTTP_NOT_LOOPBACK, NOT_ADMIN, normalizeServerUrl } from './apiClient';

type Call = { url: string; method: string; auth: string | null; body: unknown };

function fakeServer(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const path = new URL(url).pathname;
    calls.push({
      url,
      method: init.method ?? 'GET',
      auth: headers.Authorization ?? null,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    });
    const answer = answers[`${init.method} ${path}`];
    if (!answer)
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const user = (isAdmin: boolean) => ({
  id: 'u1',
  name: null,
  email: 'a@example.com',
  phoneNumber: null,
  isAdmin,
  createdAt: '2026-11-22T10:00:00.000Z',
});

describe('normalizeServerUrl', () => {
  it('keeps origin and base path, drops the trailing slash, refuses other schemes', () => {
    expect(normalizeServerUrl(' https://homing.example/ ')).toBe('https://homing.example');
    expect(normalizeServerUrl('http://localhost:3000/base/')).toBe('http://localhost:3000/base');
    expect(() => normalizeServerUrl('file:///etc/passwd')).toThrow('must start with http:// or https://');
    expect(() => normalizeServerUrl('homing')).toThrow('Not a server URL: homing');
  });

  it('allows plain http:// to this machine only: a password must not cross a network in clear', () => {
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://127.1.2.3',
    ])
      expect(normalizeServerUrl(local)).toBe(local);
    for (const remote of [
      'http://homing.example',
      'http://192.168.1.20:3000',
      'http://10.0.0.1',
      'http://localhost.evil.example',
    ])
      expect(() => normalizeServerUrl(remote), remote).toThrow(HTTP_NOT_LOOPBACK);
    expect(normalizeServerUrl('https://192.168.1.20:3000')).toBe('https://192.168.1.20:3000');
  });
});

describe('createApiClient', () => {
  it('signs an admin in and sends the token from then on', async () => {
    const { fetch, calls } = fakeServer({
      // The API flattens: the spec's {success, user, sessionToken} plus the same keys under data.
      'POST /api/auth/login': {
        body: {
          success: true,
          user: user(true),
          sessionToken: 'tok',
          data: { user: user(true), sessionToken: 'tok' },
          error: null,
        },
      },
      'GET /api/app-config': {
        body: {
          success: true,
          domainName: 'homing.test',
          brandWord: 'homing',
          data: { domainName: 'homing.test', brandWord: 'homing' },
          error: null,
        },
      },
    });
    const api = createApiClient({ serverUrl: 'https://api.test/', fetch });
    expect(await api.login('a@example.com', 'pw')).toEqual({ user: user(true), token: 'tok' });
    expect(await api.getAppConfig()).toEqual({
      domainName: 'homing.test',
      brandWord: 'homing',
      // A server without the field (older than the SMS number): no number, no line.
      smsNumber: null,
    });
    expect(calls.map((c) => [c.method, c.url, c.auth])).toEqual([
      ['POST', 'https://api.test/api/auth/login', null],
      ['GET', 'https://api.test/api/app-config', 'Bearer tok'],
    ]);
    expect(calls[0].body).toEqual({ identifier: 'a@example.com', password: 'pw' });
  });

  it('refuses a non-admin and ends the session it was given', async () => {
    const { fetch, calls } = fakeServer({
      'POST /api/auth/login': { body: { success: true, user: user(false), sessionToken: 'tok' } },
      'POST /api/auth/logout': { body: { success: true, data: null, error: null } },
    });
    await expect(createApiClient({ serverUrl: 'https://api.test', fetch }).login('a', 'b')).rejects.toThrow(
      NOT_ADMIN,
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: 'https://api.test/api/auth/logout',
      auth: 'Bearer tok',
    });
  });

  it('carries the server’s error text and status', async () => {
    const { fetch } = fakeServer({
      'POST /api/auth/login': {
        status: 401,
        body: { success: false, data: null, error: 'Invalid credentials', code: 'invalid_credentials' },
      },
      'POST /api/admin/qr-sets/mark-sets-printed': {
        status: 409,
        body: {
          success: false,
          data: null,
          error: 'A child set cannot be printed on its own',
          code: 'print_child_set',
        },
      },
      'GET /api/admin/qr-sets/x': { status: 500, body: 'not json' },
    });
    const api = createApiClient({ serverUrl: 'https://api.test', token: 't', fetch });
    await expect(api.login('a', 'b')).rejects.toMatchObject({
      message: 'Invalid credentials',
      status: 401,
      code: 'invalid_credentials',
    });
    await expect(api.markSetsPrinted(['s'])).rejects.toMatchObject({
      message: 'A child set cannot be printed on its own',
      status: 409,
    });
    await expect(api.getSet('x')).rejects.toThrow('Failed to load set data for printing (HTTP 500)');
  });

  it('says which server it could not reach', async () => {
    const { fetch } = fakeServer({});
    const error = await createApiClient({ serverUrl: 'https://api.test', fetch })
      .getAppConfig()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(
      'Cannot reach the server at https://api.test: connect ECONNREFUSED 127.0.0.1:9',
    );
  });

  it('refuses a set it does not understand rather than printing garbage', async () => {
    const { fetch } = fakeServer({
      'GET /api/admin/qr-sets/s1': { body: { success: true, data: { id: 's1' }, error: null } },
    });
    await expect(createApiClient({ serverUrl: 'https://api.test', fetch }).getSet('s1')).rejects.toThrow(
      'The server sent a set this station does not understand',
    );
  });

  it('gives up on a server that does not answer in time, saying so', async () => {
    // A real server that accepts the request and never answers.
    const stalled = createServer(() => undefined);
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const error = await createApiClient({ serverUrl: url, token: 't', timeoutMs: 300 })
        .getSet('s1')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'timeout',
        message: `The server at ${url} did not answer within 300 ms`,
      });
      // The server never answers, so this is the client giving up, and not before its time.
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      stalled.closeAllConnections();
      stalled.close();
    }
  });
});
