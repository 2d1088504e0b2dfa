import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { Config } from './config';
import { connect, migrateLatest, type Database } from './db/connection';
import { createLogger, type Logger } from './logger';
import { seedLocal } from './db/seedLocal';
import { createHub, createWorker } from './notifications';
import type { Deps } from './routing';

export interface RunningServer {
  url: string;
  db: Database;
  logger: Logger;
  deps: Deps;
  close(): Promise<void>;
}

/**
 * The HTTP server with every socket bounded in time and number: a client that sends nothing or
 * half its headers is cut at `headersTimeoutMs`, a slow body at `requestTimeoutMs`, a silent socket
 * at `idleTimeoutMs`; past `maxConnections` (kept below the open-file limit, so /healthz and the
 * database still get descriptors) or `maxConnectionsPerAddress` new sockets are closed at once.
 */
export function createHttpServer(limits: Config['http'], handler: http.RequestListener) {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    handler,
  );
  server.timeout = limits.idleTimeoutMs;
  server.maxConnections = limits.maxConnections;
  const perAddress = limits.maxConnectionsPerAddress;
  if (perAddress > 0) {
    const open = new Map<string, number>();
    server.on('connection', (socket) => {
      const address = socket.remoteAddress ?? '';
      const count = (open.get(address) ?? 0) + 1;
      if (count > perAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }
  return server;
}

/** Connects, migrates, seeds the embedded default and listens: the whole product in one process. */
export async function startServer(
  config: Config,
  opts: { db?: Database; logger?: Logger } = {},
): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const db = opts.db ?? (await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  try {
    const applied = await migrateLatest(db.knex);
    if (applied.length) logger.info({ applied }, 'database migrated');
    if (config.seedDemo) await seedLocal({ knex: db.knex, config, logger });
  } catch (err) {
    await db.close();
    throw err;
  }
  const hub = await createHub(db, logger);
  const worker = config.runWorker ? createWorker(db, config, logger) : null;
  const deps: Deps = { db: db.knex, config, logger, hub, worker };
  const app = createApp(deps);
  const server = createHttpServer(config.http, app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  worker?.start();
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  return {
    url,
    db,
    logger,
    deps,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await worker?.stop();
      await hub.close();
      await db.close();
    },
  };
}
