import type http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadConfig } from './config';
import { createHttpServer } from './server';
import { closeServer } from './testing/httpServer';
import { startTestServer, type TestServer } from './testing/testServer';

// Short limits so the tests run in seconds; production defaults are in config.ts and the README.
const HEADERS_MS = 400;
const REQUEST_MS = 800;
const KEEP_ALIVE_MS = 1_000;
const PER_ADDRESS = 4;

// Each limit is proven on a server where it is the only one that can close a socket (every other
// limit at its far end, past vitest's hang guard), so the socket's closing is the event under
// test: what the server sent says which limit closed it, and the time before it only that it was
// not closed early. Nothing here bounds how late a busy machine may be.
const FAR = {
  HTTP_HEADERS_TIMEOUT_MS: '300000',
  HTTP_REQUEST_TIMEOUT_MS: '3600000',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '300000',
  HTTP_IDLE_TIMEOUT_MS: '3600000',
};

let product: TestServer;
const listeners: http.Server[] = [];
const ports: Record<'headers' | 'request' | 'keepAlive' | 'perAddress', number> = {
  headers: 0,
  request: 0,
  keepAlive: 0,
  perAddress: 0,
};
// One product on one database; each set of limits is a listener of its own, made as startServer
// makes its listener (createHttpServer), serving the same app.
beforeAll(async () => {
  product = await startTestServer();
  const listen = async (name: keyof typeof ports, env: Record<string, string>) => {
    const { http: limits } = loadConfig({ NODE_ENV: 'test', ...FAR, ...env });
    const listener = createHttpServer(limits, createApp(product.deps).callback());
    listeners.push(listener);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    ports[name] = (listener.address() as net.AddressInfo).port;
  };
  await listen('headers', { HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS) });
  await listen('request', {
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
  });
  await listen('keepAlive', { HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS) });
  await listen('perAddress', { MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) });
});
afterAll(async () => {
  await Promise.all(listeners.map(closeServer));
  await product.close();
});

interface OpenSocket {
  socket: net.Socket;
  /** Resolves, with the milliseconds since the connection was asked for, once the socket closed. */
  closed: Promise<number>;
  isClosed: () => boolean;
  received: () => string;
}

async function open(port: number, localAddress = '127.0.0.1'): Promise<OpenSocket> {
  // Timed from before connecting: the server's clock for this socket cannot start earlier.
  const started = Date.now();
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  let data = '';
  let isClosed = false;
  socket.on('data', (chunk) => (data += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve(Date.now() - started);
    }),
  );
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, isClosed: () => isClosed, received: () => data };
}

/**
 * Sends `text` a few bytes at a time, every `everyMs`, until the socket closes. The first bytes go
 * at once: on a busy machine the first tick may come after the headers timeout.
 */
function trickle(socket: net.Socket, text: string, everyMs: number) {
  let at = 0;
  const send = () => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text.slice(at, at + 2));
    at += 2;
  };
  const timer = setInterval(send, everyMs);
  send();
  socket.once('close', () => clearInterval(timer));
}

/**
 * A socket that `send` writes to until the server cuts it: what it received, and when. The server
 * shares this process's event loop; when the loop stalls (a loaded machine), the socket can be cut
 * while bytes are still arriving, and the reset loses the server's answer before it is read. Such
 * an attempt proves nothing and is made again (five in all).
 */
async function cutWhileSending(port: number, send: (socket: net.Socket) => void) {
  for (let attempt = 1; ; attempt++) {
    const { socket, closed, received } = await open(port);
    send(socket);
    const ms = await closed;
    if (received() === '' && attempt < 5) continue;
    return { ms, received: received() };
  }
}

const healthz = (port: number, localAddress?: string) =>
  new Promise<number>((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  });

describe('slow and idle clients', () => {
  it('answers 408 and closes a socket that sends nothing at the headers timeout', async () => {
    const { closed, received } = await open(ports.headers);
    expect(await closed).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 and closes a socket that trickles its headers (slowloris) at the headers timeout', async () => {
    const { ms, received } = await cutWhileSending(ports.headers, (socket) =>
      trickle(socket, `GET /healthz HTTP/1.1\r\nHost: localhost\r\n${'X-Pad: a\r\n'.repeat(200)}`, 40),
    );
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - 50);
  });

  it('answers 408 and closes a request whose body never finishes at the request timeout', async () => {
    const { ms, received } = await cutWhileSending(ports.request, (socket) => {
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"a":',
      );
      trickle(socket, ' '.repeat(400), 40);
    });
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(REQUEST_MS - 50);
  });

  it('announces its keep-alive timeout and closes an idle keep-alive connection after it', async () => {
    const { socket, closed, received } = await open(ports.keepAlive);
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const ms = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
    // In whole seconds: 1, where the default would say 5.
    expect(received()).toMatch(/\r\nKeep-Alive: timeout=1\r\n/i);
    expect(ms).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
  });
});

describe('connections per address', () => {
  it('refuses sockets past the cap from one address while other addresses are served', async () => {
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => open(ports.perAddress)));
    const extra = await open(ports.perAddress);
    // Closed by the server, with nothing sent, while the sockets under the cap stay open: no
    // timeout on this server comes within the test's life.
    await extra.closed;
    expect(extra.received()).toBe('');
    expect(held.filter((h) => h.isClosed())).toEqual([]);
    expect(await healthz(ports.perAddress, '127.0.0.2')).toBe(200);
    for (const h of held) h.socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    expect(await healthz(ports.perAddress)).toBe(200);
  });
});
