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
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5_000;
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
