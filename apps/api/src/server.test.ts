import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/testServer';

// Short limits so the test runs in seconds; production defaults are in config.ts and the README.
const HEADERS_MS = 400;
const REQUEST_MS = 800;
const KEEP_ALIVE_MS = 300;
const PER_ADDRESS = 4;

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer({
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
    HTTP_IDLE_TIMEOUT_MS: '5000',
    MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
  });
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

interface OpenSocket {
  socket: net.Socket;
  /** Milliseconds from connecting until the server closed it. */
  closed: Promise<number>;
  received: () => string;
}

async function open(localAddress = '127.0.0.1'): Promise<OpenSocket> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  let data = '';
  socket.on('data', (chunk) => (data += chunk.toString()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const started = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  return { socket, closed, received: () => data };
}

/**
 * Sends `text` a few bytes at a time, every `everyMs`, until the socket closes. The first bytes go
 * at once: on a busy machine the first tick may come after the headers timeout, and a socket that
 * has sent nothing is closed without a 408 (the test above).
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

const healthz = (localAddress?: string) =>
  new Promise<number>((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  });

describe('slow and idle clients', () => {
  it('closes a socket that sends nothing within the headers timeout', async () => {
    const { closed } = await open();
    const ms = await closed;
    expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(ms).toBeLessThan(HEADERS_MS + 1_000);
  });

  it('closes a socket that trickles its headers (slowloris) within the headers timeout, with 408', async () => {
    // The server shares this process's event loop. When the loop stalls (a loaded machine) between
    // the accept and the read of the first bytes, the server rightly sees a socket that sent nothing
    // and closes it without a 408: such an attempt proves nothing and is made again.
    for (let attempt = 1; ; attempt++) {
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      const { socket, closed, received } = await open();
      trickle(socket, `GET /healthz HTTP/1.1\r\nHost: localhost\r\n${'X-Pad: a\r\n'.repeat(200)}`, 40);
      const ms = await closed;
      stalls.disable();
      const stalledMs = stalls.max / 1e6;
      if (received() === '' && stalledMs >= 100 && attempt < 5) continue;
      expect(ms).toBeLessThan(HEADERS_MS + 1_000);
      expect(received()).toMatch(/^HTTP\/1\.1 408/);
      return;
    }
  });

  it('closes a request whose body never finishes within the request timeout', async () => {
    const { socket, closed } = await open();
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"a":',
    );
    trickle(socket, ' '.repeat(400), 40);
    const ms = await closed;
    expect(ms).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(ms).toBeLessThan(REQUEST_MS + 1_000);
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const { socket, closed, received } = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const ms = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
    // Node gives a keep-alive socket up to a second more than the timeout; the default is 5 s.
    expect(ms).toBeLessThan(KEEP_ALIVE_MS + 1_500);
  });
});

describe('connections per address', () => {
  it('refuses sockets past the cap from one address while other addresses are served', async () => {
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => open()));
    const extra = await open();
    // Closed at once by the server, long before any timeout.
    expect(await extra.closed).toBeLessThan(HEADERS_MS / 2);
    expect(extra.received()).toBe('');
    expect(await healthz('127.0.0.2')).toBe(200);
    for (const h of held) h.socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    expect(await healthz()).toBe(200);
  });
});
