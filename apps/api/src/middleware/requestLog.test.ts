import http from 'node:http';
import { PassThrough } from 'node:stream';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { loggedPath, requestLog } from './requestLog';
import { listenForTest } from '../testing/httpServer';
import { WAIT_MS } from '../testing/patience';

// requestLog alone on a bare Koa app, its JSON lines read back from a stream.
const raw: string[] = [];
let server: Awaited<ReturnType<typeof listenForTest>>;
let url: string;
beforeAll(async () => {
  const out = new PassThrough();
  let buffer = '';
  out.on('data', (d: Buffer) => {
    buffer += d.toString();
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      raw.push(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
    }
  });
  const app = new Koa();
  app.use(requestLog(app, createLogger('info', 'json', out)));
  app.use(async (ctx) => {
    if (ctx.path === '/logs') ctx.log.warn({ step: 'inside' }, 'handler says');
    ctx.body = 'ok';
  });
  server = await listenForTest(http.createServer(app.callback()));
  url = server.url;
});
afterAll(() => server.close());

const linesOf = async (path: string) => {
  raw.length = 0;
  const res = await fetch(url + path);
  await res.text();
  // The request's own line is its last (written as the handler returns); wait for it.
  await vi.waitFor(() => expect(raw.some((line) => line.includes('"msg":"request"'))).toBe(true), {
    timeout: WAIT_MS,
    interval: 5,
  });
  const lines = raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { id: res.headers.get('x-request-id'), lines, raw: [...raw] };
};

describe('requestLog', () => {
  it("writes one line per request naming the request's id, as sent in X-Request-Id", async () => {
    const { id, lines } = await linesOf('/quiet');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      expect.objectContaining({ reqId: id, method: 'GET', path: '/quiet', status: 200, msg: 'request' }),
    ]);
    expect(Object.keys(lines[0]!).indexOf('reqId')).toBeLessThan(Object.keys(lines[0]!).indexOf('method'));
  });

  it("gives handlers a logger that names the request's id, once, on every line", async () => {
    const { id, lines, raw } = await linesOf('/logs');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: id, step: 'inside', msg: 'handler says' }),
      expect.objectContaining({ reqId: id, path: '/logs', msg: 'request' }),
    ]);
    for (const line of raw) expect(line.match(/"reqId"/g)).toHaveLength(1);
  });
});

describe('what the log keeps', () => {
  it('replaces a conversation token in the path', () => {
    expect(loggedPath('/api/found/ABC123/t/s3cr3t-Token_x/messages')).toBe(
      '/api/found/ABC123/t/[token]/messages',
    );
    expect(loggedPath('/found/ABC123/t/s3cr3t')).toBe('/found/ABC123/t/[token]');
    expect(loggedPath('/api/items')).toBe('/api/items');
  });
});
