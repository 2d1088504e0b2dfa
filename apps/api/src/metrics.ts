import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import client from 'prom-client';
import type { Logger } from './logger';

/**
 * Prometheus metrics of one process, in a registry of its own (tests run several servers in one
 * process). Served only by `startMetricsServer` on METRICS_HOST:METRICS_PORT, never on the app port.
 * Labels are bounded sets: a request is labelled by its route's path template, never its URL.
 */
export function createMetrics(opts: { knex?: Knex } = {}) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'homing_' });
  const requests = talliedCounter(registry, {
    name: 'homing_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
  });
  const latency = new client.Histogram({
    name: 'homing_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until the handler returns; a stream counts its start)',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const eventStreams = new client.Gauge({
    name: 'homing_event_streams_open',
    help: 'Owner event streams (server-sent events) open on this process',
    registers: [registry],
  });
  const deliveries = new client.Counter({
    name: 'homing_notification_deliveries_total',
    help: 'Delivery attempts by channel and result (delivered, retry, failed)',
    labelNames: ['channel', 'result'] as const,
    registers: [registry],
  });
  const scans = talliedCounter(registry, {
    name: 'homing_scans_recorded_total',
    help: 'Scan analytics events recorded, by device type',
    labelNames: ['device_type'] as const,
  });
  const reports = new client.Counter({
    name: 'homing_found_reports_total',
    help: 'Finder reports stored, by whether they were held for a digest',
    labelNames: ['held'] as const,
    registers: [registry],
  });
  const { knex } = opts;
  if (knex) {
    // Read on scrape only: the partial index notifications_due covers both aggregates.
    const outbox = async () => {
      const { rows } = (await knex.raw(
        `SELECT count(*)::int AS depth,
                coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())), 0)::float8 AS oldest
           FROM notifications WHERE status = 'pending' AND (escalation_step IS NULL OR next_attempt_at <= now())`,
      )) as { rows: { depth: number; oldest: number }[] };
      return rows[0] ?? { depth: 0, oldest: 0 };
    };
    let pending: Promise<{ depth: number; oldest: number }> | null = null;
    // Both gauges share one query per scrape.
    const read = () => (pending ??= outbox().finally(() => setTimeout(() => (pending = null), 0)));
    new client.Gauge({
      name: 'homing_outbox_depth',
      help: 'Notifications waiting to be delivered (pending, due or not; escalation steps once due)',
      registers: [registry],
      async collect() {
        this.set((await read()).depth);
      },
    });
    new client.Gauge({
      name: 'homing_outbox_oldest_due_age_seconds',
      help: 'How long the oldest due notification has been waiting (0 when none is due)',
      registers: [registry],
      async collect() {
        this.set(Number((await read()).oldest));
      },
    });
  }

  // Per label set: a tally for the count and the latency's child, found by one Map look-up.
  const requestChildren = new Map<string, { count: Tally; time: client.Histogram.Internal<string> }>();
  const requestMetrics = (method: string, route: string, status: number) => {
    const key = `${method} ${route} ${status}`;
    let child = requestChildren.get(key);
    if (!child) {
      child = {
        count: requests.tally(key, { method, route, status: String(status) }),
        time: latency.labels(method, route),
      };
      requestChildren.set(key, child);
    }
    return child;
  };

  /** Counts and times a request by its matched route's template (`unmatched` for the rest). */
  const countRequest = (ctx: Context, ms: number) => {
    const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
    const child = requestMetrics(ctx.method, typeof route === 'string' ? route : 'unmatched', ctx.status);
    child.count.n++;
    child.time.observe(ms / 1000);
  };

  return {
    registry,
    countRequest,
    eventStreams,
    deliveries,
    /** Counts one scan recorded (a repeat is not). */
    countScan: (deviceType: string) => void scans.tally(deviceType, { device_type: deviceType }).n++,
    reports,
    /** The exposition text and its content type. */
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

interface Tally {
  n: number;
}

/**
 * A counter for the request path: each label set's tally is a plain number, handed to prom-client
 * when the registry is scraped (its `collect`), so counting costs an increment, not prom-client's
 * label check and hashing. `tally(key, labels)` finds (or makes) the label set's tally by `key`.
 */
function talliedCounter<L extends string>(
  registry: client.Registry,
  config: { name: string; help: string; labelNames: readonly L[] },
) {
  const tallies = new Map<string, Tally & { labels: client.LabelValues<L> }>();
  new client.Counter<L>({
    ...config,
    registers: [registry],
    collect() {
      for (const tally of tallies.values())
        if (tally.n) {
          this.inc(tally.labels, tally.n);
          tally.n = 0;
        }
    },
  });
  return {
    tally(key: string, labels: client.LabelValues<L>): Tally {
      let tally = tallies.get(key);
      if (!tally) tallies.set(key, (tally = { labels, n: 0 }));
      return tally;
    },
  };
}

export type DeliveryResult = 'delivered' | 'retry' | 'failed';

/** `/metrics` alone on an internal address (default 127.0.0.1): scrapers reach it, the public does not. */
export async function startMetricsServer(
  metrics: Metrics,
  where: { host: string; port: number },
  logger: Logger,
  // Idle sockets are kept as long as on the app's port (HTTP_KEEP_ALIVE_TIMEOUT_MS).
  keepAliveTimeoutMs?: number,
) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.render().then(
      ({ body, contentType }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
      (err: unknown) => {
        logger.warn({ err }, 'metrics collection failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  if (keepAliveTimeoutMs) server.keepAliveTimeout = keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${where.host.includes(':') ? `[${where.host}]` : where.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
