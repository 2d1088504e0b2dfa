import { migrateLatest } from '../db/connection';
import { createLogger } from '../logger';
import { createMetrics, startMetricsServer } from '../metrics';
import { createHub, createWorker } from '../notifications';
import { retentionJob } from '../notifications/retention';
import { openForCli } from './startup';

// The notification worker alone, for scale: run the API with WORKER=0 and as many of these as needed.
const { config, db } = await openForCli();
const logger = createLogger(config.logLevel, config.logFormat);
await migrateLatest(db.knex);
const metrics = createMetrics({ knex: db.knex });
// Its deliveries are receipts on finders' open conversation pages (LISTEN/NOTIFY reaches the API).
const hub = await createHub(db, logger);
const worker = createWorker(db, config, logger, {}, metrics, hub);
// Deliveries and the outbox are counted here; METRICS_PORT must differ from any API process's on this host.
const metricsServer = config.metrics
  ? await startMetricsServer(metrics, config.metrics, logger, config.http.keepAliveTimeoutMs)
  : null;
const retention = retentionJob({ knex: db.knex, logger }, config.retention);
worker.start();
retention.start();
logger.info('notification worker started');
// Deliveries in hand get SHUTDOWN_TIMEOUT_MS to finish; leases still held then are handed back.
const stop = async () => {
  setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 2_000).unref();
  await Promise.all([
    worker.stop({ timeoutMs: config.shutdownTimeoutMs }),
    retention.stop(),
    metricsServer?.close(),
  ]);
  await hub.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
