import { migrateLatest } from '../db/connection';
import { createLogger } from '../logger';
import { createWorker } from '../notifications';
import { openForCli } from './startup';

// The notification worker alone, for scale: run the API with WORKER=0 and as many of these as needed.
const { config, db } = await openForCli();
const logger = createLogger(config.logLevel);
await migrateLatest(db.knex);
const worker = createWorker(db, config, logger);
worker.start();
logger.info('notification worker started');
const stop = async () => {
  await worker.stop();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
