/**
 * Test support: a TCP proxy on loopback in front of the API that can be switched off (every
 * connection, open or new, is cut) and on again: to the station, the server is really unreachable.
 * It counts the mark-printed requests it let through, and can hold them (not passed on until
 * released), so a test can look at what other stations do while one mark request is in the air.
 */
import type { Socket } from 'node:net';
import { connect, createServer } from 'node:net';

export async function startSwitchableProxy(target: string) {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let up = true;
  let markRequests = 0;
  let holding = false;
  const held: (() => void)[] = [];
  const server = createServer((client) => {
    if (!up) return void client.destroy();
    const upstream = connect(Number(port), hostname);
    open.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (!chunk.includes('POST /api/admin/qr-sets/mark-sets-printed')) return void upstream.write(chunk);
      markRequests += 1;
      if (!holding) return void upstream.write(chunk);
      // Nothing more from this connection until the request is let through.
      client.pause();
      held.push(() => {
        upstream.write(chunk);
        client.resume();
      });
    });
    client.on('end', () => upstream.end());
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    get markRequests() {
      return markRequests;
    },
    down() {
      up = false;
      for (const socket of open) socket.destroy();
    },
    up() {
      up = true;
    },
    /** Mark requests wait here from now on, until `release`. */
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const pass of held.splice(0)) pass();
    },
    /** Stops listening and cuts every connection (a kept-alive one would hold the close open). */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}
