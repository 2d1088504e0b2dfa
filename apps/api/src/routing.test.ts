import http from 'node:http';
import Koa from 'koa';
import compress from 'koa-compress';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notFound, tooManyRequests } from './errors';
import type { Limit } from './limits';
import { errorHandler } from './middleware/errorHandler';
import { route, routesMiddleware, type Deps } from './routing';
import { listenForTest } from './testing/httpServer';

// route() alone, on a bare Koa app: no database (these handlers and limits never query).
const events: string[] = [];
const later = <T>(ms: number, value: () => T) => new Promise<T>((r) => setTimeout(() => r(value()), ms));
const params = z.object({ code: z.string() });
/** A limit that counts with `count` (which may throw at once, as a limit that knows it refuses). */
const limit = (count: () => Promise<unknown>): Limit<unknown> => ({
  name: 'test',
  bind: () => () => count().then(() => undefined),
});
const routes = [
  route(
    {
      method: 'get',
      path: '/slow-refusal/:code',
      access: 'public',
      params,
      limits: [
        limit(() =>
          later(50, () => void events.push('counted')).then(() =>
            Promise.reject(tooManyRequests('Slow down')),
          ),
        ),
      ],
    },
    async ({ params }) => {
      events.push(`handler ${params.code}`);
      throw notFound('No such code');
    },
  ),
  route(
    {
      method: 'get',
      path: '/refused-at-once/:code',
      access: 'public',
      params,
      limits: [
        limit(() => {
          throw tooManyRequests('Slow down');
        }),
      ],
    },
    async ({ params }) => {
      events.push(`handler ${params.code}`);
      return { code: params.code };
    },
  ),
  route({ method: 'get', path: '/api/things/:code', access: 'public', params }, async ({ params }) => ({
    thing: params.code,
  })),
  route({ method: 'post', path: '/api/things', access: 'public' }, async () => 'made'),
  route({ method: 'get', path: '/api/others', access: 'public' }, async () => 'others'),
  route({ method: 'get', path: '/api/big/list', access: 'public' }, async () =>
    Array.from({ length: 100 }, (_, i) => ({ name: `Thing ${i}`, note: 'é' })),
  ),
  route({ method: 'get', path: '/healthz', access: 'public' }, async () => 'ok'),
  route(
    {
      method: 'get',
      path: '/allowed/:code',
      access: 'public',
      params,
      limits: [limit(() => later(30, () => void events.push('counted')))],
    },
    async ({ params }) => {
      events.push(`handler ${params.code}`);
      return { code: params.code };
    },
  ),
  route(
    {
      method: 'post',
      path: '/writes/:code',
      access: 'public',
      params,
      limits: [
        limit(() =>
          later(30, () => void events.push('counted')).then(() =>
            Promise.reject(tooManyRequests('Slow down')),
          ),
        ),
      ],
    },
    async ({ params }) => {
      events.push(`handler ${params.code}`);
      return { code: params.code };
    },
  ),
];

let server: Awaited<ReturnType<typeof listenForTest>>;
let url: string;
beforeAll(async () => {
  const app = new Koa();
  const logger = pino({ level: 'silent' });
  app.use(async (ctx, next) => {
    ctx.log = logger;
    await next();
  });
  app.use(errorHandler);
  app.use(compress({ threshold: 1024 }));
  app.use(routesMiddleware(routes, { db: {} as Knex } as Deps));
  server = await listenForTest(http.createServer(app.callback()));
  url = server.url;
});
afterAll(() => server.close());

const get = async (path: string) => {
  events.length = 0;
  const res = await fetch(url + path);
  return { status: res.status, body: await res.json() };
};

describe('route() with limits', () => {
  it('on a read-only route starts the handler at once but sends the refusal, even when the handler failed first', async () => {
    const res = await get('/slow-refusal/ABC');
    expect(res).toMatchObject({ status: 429, body: { success: false, data: null, error: 'Slow down' } });
    expect(events).toEqual(['handler ABC', 'counted']);
  });

  it('does not start the handler when the limit refuses at once', async () => {
    const res = await get('/refused-at-once/ABC');
    expect(res).toMatchObject({ status: 429, body: { success: false, data: null, error: 'Slow down' } });
    expect(events).toEqual([]);
  });

  it("sends the handler's answer once the count has passed", async () => {
    const res = await get('/allowed/ABC');
    expect(res).toEqual({ status: 200, body: { success: true, data: { code: 'ABC' }, error: null } });
    expect(events).toEqual(['handler ABC', 'counted']);
  });

  it('on a route that writes counts before the handler, which a refusal never starts', async () => {
    events.length = 0;
    const res = await fetch(`${url}/writes/ABC`, { method: 'POST' });
    expect(res.status).toBe(429);
    expect(events).toEqual(['counted']);
  });
});

describe('routesMiddleware (a router per path prefix)', () => {
  it('finds each route through its prefix, as one router would', async () => {
    expect(await get('/api/things/7')).toMatchObject({ status: 200, body: { data: { thing: '7' } } });
    expect(await get('/API/Things/7')).toMatchObject({ status: 200, body: { data: { thing: '7' } } });
    expect(await get('/api/things/7/')).toMatchObject({ status: 200, body: { data: { thing: '7' } } });
    expect(await get('/api/others')).toMatchObject({ status: 200, body: { data: 'others' } });
    expect(await get('/healthz')).toMatchObject({ status: 200, body: { data: 'ok' } });
    expect(await get('/healthz/')).toMatchObject({ status: 200, body: { data: 'ok' } });
    expect((await fetch(`${url}/api/things`, { method: 'POST' })).status).toBe(200);
  });

  it('answers 405 for a known path with another method, 404 for an unknown one', async () => {
    const put = await fetch(`${url}/api/things/7`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('HEAD, GET');
    expect(await get('/api/nothing/7')).toMatchObject({ status: 404, body: { error: 'No such API route' } });
    expect((await fetch(`${url}/nothing`)).status).toBe(404);
    expect((await fetch(`${url}/healthz/more`)).status).toBe(404);
  });

  it('refuses a one-segment prefix that also leads a longer one', () => {
    const one = route({ method: 'get', path: '/api/:anything', access: 'public' }, async () => null);
    const two = route({ method: 'get', path: '/api/things', access: 'public' }, async () => null);
    expect(() => routesMiddleware([two, one], {} as Deps)).toThrow(/one-segment route prefix/);
  });
});

describe('the envelope as sent', () => {
  it('is JSON with its exact length, and compressed from 1 kB when the client accepts it', async () => {
    const small = await fetch(`${url}/api/things/7`);
    const text = await small.text();
    expect(small.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toEqual({ success: true, data: { thing: '7' }, error: null });

    const big = await fetch(`${url}/api/big/list`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect(big.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await big.json()) as { data: { name: string; note: string }[] };
    expect(body.data).toHaveLength(100);
    expect(body.data[99]).toEqual({ name: 'Thing 99', note: 'é' });
  });
});
