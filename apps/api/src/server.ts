import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { Config } from './config';
import { connect, migrateLatest, type Database } from './db/connection';
import { createLogger, type Logger } from './logger';
import { seedLocal } from './db/seedLocal';

export interface RunningServer {
  url: string;
  db: Database;
  logger: Logger;
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
  const app = createApp({ db: db.knex, config, logger });
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  return {
    url,
    db,
    logger,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
