import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { Config } from './config';
import { connect, migrateLatest, type Database } from './db/connection';
import { createLogger, type Logger } from './logger';
import { createMetrics, startMetricsServer } from './metrics';
import { seedLocal, type SeedOutcome } from './db/seedLocal';
import { createHub, createWorker } from './notifications';
import { addressHashSecretMaker } from './lib/addressHash';
import { vapidKeys } from './notifications/push';
import { retentionJob } from './notifications/retention';
import type { Deps } from './routing';
import { workAfterAnswer } from './lib/afterAnswer';

export interface RunningServer {
  url: string;
  /** The internal `/metrics` listener's URL, or null when METRICS_PORT is unset. */
  metricsUrl: string | null;
  db: Database;
  logger: Logger;
  deps: Deps;
  /** What the embedded trial's seed made or found (the start banner shows it); null without a seed. */
  seed: SeedOutcome | null;
  /** Graceful stop within `timeoutMs` (default SHUTDOWN_TIMEOUT_MS); true when nothing was cut. */
  shutdown(timeoutMs?: number): Promise<boolean>;
  /** Immediate stop (tests): open connections are cut, deliveries in hand are handed back. */
  close(): Promise<void>;
}

/**
 * The HTTP server with every socket bounded in time and number: a client that sends nothing or
 * half its headers is cut at `headersTimeoutMs`, a slow body at `requestTimeoutMs`, a silent socket
 * at `idleTimeoutMs`; past `maxConnections` (kept below the open-file limit, so /healthz and the
 * database still get descriptors) or `maxConnectionsPerAddress` (a trusted proxy's excepted) new
 * sockets are closed at once.
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
      // A trusted proxy carries every client: it limits them itself (deploy/nginx.conf.template).
      if (limits.uncountedAddress(address)) return;
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

/** Resolves true when `work` settles before `deadline` (ms since the epoch), else false. */
async function beforeDeadline(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The port cannot be had (another process holds it, or it needs privileges): one line says so. */
export class PortUnavailableError extends Error {
  constructor(
    readonly port: number,
    readonly code: string,
  ) {
    super(
      code === 'EADDRINUSE'
        ? `Port ${port} is already in use: stop the other process or set PORT to a free port (PORT=${port + 1} npm start)`
        : `Port ${port} cannot be opened (${code}): set PORT to another port (PORT=3000 npm start)`,
    );
    this.name = 'PortUnavailableError';
  }
}

function listen(server: http.Server, port: number, host: string | undefined) {
  return new Promise<void>((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE' || err.code === 'EACCES' ? new PortUnavailableError(port, err.code) : err,
      );
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/** Until the app is ready, the bound port answers 503 (a health check waits; a browser retries). */
const starting: http.RequestListener = (_req, res) => {
  res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '1', Connection: 'close' });
  res.end('starting\n');
};

/**
 * Listens, then connects, migrates and seeds the embedded default: the whole product in one
 * process. The port comes first, so a busy one is reported before anything is created (the data
 * folder, the migrated schema, the local admin whose password is shown only once).
 */
export async function startServer(
  config: Config,
  opts: { db?: Database; logger?: Logger } = {},
): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel, config.logFormat);
  let handler = starting;
  const server = createHttpServer(config.http, (req, res) => handler(req, res));
  await listen(server, config.port, config.host).catch(async (err: unknown) => {
    await opts.db?.close();
    throw err;
  });
  let db: Database | undefined = opts.db;
  let seed: SeedOutcome | null = null;
  try {
    db ??= await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const applied = await migrateLatest(db.knex);
    if (applied.length) logger.info({ applied }, 'database migrated');
    if (config.seedDemo) seed = await seedLocal({ knex: db.knex, config, logger });
    // The instance's Web Push keys: made on the first start, kept ever after.
    await vapidKeys(db.knex);
    await addressHashSecretMaker(db.knex);
  } catch (err) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db?.close();
    throw err;
  }
  const hub = await createHub(db, logger);
  const metrics = createMetrics({ knex: db.knex });
  const worker = config.runWorker ? createWorker(db, config, logger, {}, metrics, hub) : null;
  const retention = config.runWorker ? retentionJob({ knex: db.knex, logger }, config.retention) : null;
  const stopping = new AbortController();
  const deps: Deps = { db: db.knex, config, logger, hub, worker, stopping: stopping.signal, metrics };
  const app = createApp(deps);
  // Once stopping, every answer closes its connection (createApp), so keep-alive clients move elsewhere.
  handler = app.callback();
  const metricsServer = config.metrics
    ? await startMetricsServer(metrics, config.metrics, logger, config.http.keepAliveTimeoutMs)
    : null;
  worker?.start();
  retention?.start();
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;

  let closing: Promise<boolean> | null = null;
  /**
   * Graceful stop: readiness turns 503 and event streams end with a retry hint; the listener
   * closes (no new connections); requests in flight finish, each closing its connection, and idle
   * keep-alive sockets are closed; the worker leases no more jobs, finishes the deliveries in hand
   * and hands back any lease still held. Whatever is still open at `timeoutMs` is cut. True when
   * everything finished in time.
   */
  const shutdown = (timeoutMs = config.shutdownTimeoutMs) =>
    (closing ??= (async () => {
      const deadline = Date.now() + timeoutMs;
      stopping.abort();
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // A request that finishes leaves an idle socket behind (its response said Connection: close,
      // but the client may be slow to hang up).
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const finished = await beforeDeadline(
        Promise.all([
          drained,
          worker?.stop({ timeoutMs: Math.max(0, deadline - Date.now() - 100) }),
          retention?.stop(),
        ]),
        deadline,
      );
      clearInterval(sweep);
      if (!finished) {
        logger.warn({ timeoutMs }, 'shutdown timed out; closing the connections still open');
        server.closeAllConnections();
      }
      await beforeDeadline(workAfterAnswer(), Math.max(deadline, Date.now()));
      await hub.close();
      await metricsServer?.close();
      // A query still running past the deadline must not keep the process up.
      return (await beforeDeadline(db.close(), Math.max(deadline, Date.now()) + 1_000)) && finished;
    })());

  const close = async () => {
    stopping.abort();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await worker?.stop();
    await retention?.stop();
    await hub.close();
    await metricsServer?.close();
    await db.close();
  };
  return { url, metricsUrl: metricsServer?.url ?? null, db, logger, deps, seed, shutdown, close };
}
