import { describe, expect, it, vi } from 'vitest';
import { createApiClient, NETWORK_ERROR } from './client';

type Call = { url: string; init: RequestInit };

function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return respond(String(input), init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(respond: Parameters<typeof fakeFetch>[0], token: string | null = 'tok-1') {
  const { fetch, calls } = fakeFetch(respond);
  let current = token;
  const onUnauthorized = vi.fn(() => {
    current = null;
  });
  const client = createApiClient({ fetch, getToken: () => current, onUnauthorized, baseUrl: '' });
  return { client, calls, onUnauthorized, setToken: (t: string | null) => (current = t) };
}

const headers = (call: Call) => call.init.headers as Record<string, string>;

describe('api client', () => {
  it('sends the bearer token and returns the envelope with the status', async () => {
    const { client, calls } = setup(() => json(200, { success: true, data: { n: 1 }, error: null }));
    const result = await client.get<{ n: number }>('/api/items');
    expect(result).toMatchObject({ success: true, data: { n: 1 }, error: null, status: 200 });
    expect(headers(calls[0]!).Authorization).toBe('Bearer tok-1');
  });

  it('posts JSON', async () => {
    const { client, calls } = setup(() => json(201, { success: true, data: null, error: null }));
    await client.post('/api/things', { a: 1 });
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"a":1}');
    expect(headers(calls[0]!)['Content-Type']).toBe('application/json');
  });

  it('signs the user out on a 401 of an authenticated call', async () => {
    const { client, onUnauthorized } = setup(() =>
      json(401, { success: false, data: null, error: 'Please log in', code: 'authentication_required' }),
    );
    const result = await client.get('/api/users/me/data');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ success: false, error: 'Please log in', status: 401 });
  });

  it('does not sign anyone out for a 401 of a public call (e.g. a wrong password)', async () => {
    const { client, onUnauthorized } = setup(() =>
      json(401, { success: false, data: null, error: 'Invalid email/phone or password' }),
    );
    const result = await client.post(
      '/api/auth/login',
      { identifier: 'a@b.co', password: 'x' },
      { auth: false },
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(result.error).toBe('Invalid email/phone or password');
  });

  it('ignores a late 401 of an older token', async () => {
    const { client, onUnauthorized } = setup(() => json(401, { success: false, data: null, error: 'x' }));
    await client.get('/api/a', { token: 'old-token' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a failed request into a network_error envelope', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await client.get('/api/a')).toMatchObject({ success: false, code: NETWORK_ERROR, status: 0 });
  });

  it('rethrows an abort', async () => {
    const { client } = setup(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(client.get('/api/a')).rejects.toThrow('aborted');
  });

  it('handles a response that is not JSON', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await client.get('/api/a')).toMatchObject({ success: false, data: null, error: '', status: 502 });
  });

  it('uploads multipart without a Content-Type header', async () => {
    const { client, calls } = setup(() => json(200, { success: true, data: null, error: null }));
    const form = new FormData();
    form.set('photo', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await client.upload('/api/items/1/photo', form);
    expect(calls[0]!.init.body).toBe(form);
    expect(headers(calls[0]!)['Content-Type']).toBeUndefined();
  });

  it('takes its base from GET /api/config once', async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url === '/api/config'
        ? json(200, { success: true, apiUrl: 'https://api.homing.example', data: {} })
        : json(200, { success: true, data: null, error: null }),
    );
    const client = createApiClient({
      fetch,
      getToken: () => null,
      onUnauthorized: () => {},
      pageOrigin: 'https://homing.example',
    });
    await client.get('/api/a');
    await client.get('/api/b');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/config',
      'https://api.homing.example/api/a',
      'https://api.homing.example/api/b',
    ]);
  });

  it('falls back to this site when /api/config fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetch, calls } = fakeFetch((url) => {
      if (url === '/api/config') throw new TypeError('offline');
      return json(200, { success: true, data: null, error: null });
    });
    const client = createApiClient({ fetch, getToken: () => null, onUnauthorized: () => {} });
    await client.get('/api/a');
    expect(calls[1]!.url).toBe('/api/a');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
