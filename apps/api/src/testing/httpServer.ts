import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How long a test's HTTP server keeps an idle keep-alive socket: longer than any test. A server
 * that closes an idle socket as its client sends the next request on it makes that client read
 * ECONNRESET; clients give a socket up a little before the server's announced timeout, but on a
 * busy machine their timer can run late. So test servers leave idle sockets to their clients and
 * cut whatever is left when they close.
 */
export const TEST_KEEP_ALIVE_MS = 300_000;

/** Holds `server`'s idle sockets for `TEST_KEEP_ALIVE_MS` (set before or after it listens). */
export function holdIdleSockets<T extends http.Server>(server: T): T {
  server.keepAliveTimeout = TEST_KEEP_ALIVE_MS;
  return server;
}

/** Stops listening and cuts every connection still open; resolves once the server has closed. */
export const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/**
 * `server` on a loopback port the kernel picks free, its idle sockets held (above); `close()`
 * cuts what is still open.
 */
export async function listenForTest(server: http.Server) {
  holdIdleSockets(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}
