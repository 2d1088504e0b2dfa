/**
 * An open-loop load: requests leave on a fixed schedule (the i-th at start + i / rate), whether or
 * not earlier ones have been answered, and each latency counts from its scheduled time, so a stall
 * shows in the figures instead of silently slowing the load (no coordinated omission). autocannon's
 * `overallRate` is not this: its connections each wait for their answer, then for their turn.
 */
import http from 'node:http';

export interface Shot {
  /** The server to send it to, when not the load's own `url` (a balancer's choice of process). */
  base?: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface OpenLoopResult {
  rate: number;
  /** Successful answers per second over the run. */
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers, failed connections and requests unanswered within the timeout. */
  errors: number;
  /** The errors by kind: a status, `timeout` or a socket error's code. */
  errorKinds: string;
}

const TIMEOUT_MS = 10_000;

export async function openLoop(opts: {
  url: string;
  rate: number;
  durationMs: number;
  next: () => Shot;
}): Promise<OpenLoopResult> {
  const { hostname, port } = new URL(opts.url);
  // Below the API's MAX_CONNECTIONS_PER_ADDRESS (256): past it the server resets new connections,
  // which would count as errors; requests beyond wait here, and their wait counts in their latency.
  // An idle socket is closed after 4 s, before the API closes it (HTTP_KEEP_ALIVE_TIMEOUT_MS, 5 s),
  // as nginx's upstream keepalive_timeout is set below it: else a request sent on a socket the
  // server is closing reads ECONNRESET, which no real client path would see.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200, timeout: 4_000 });
  const total = Math.round((opts.rate * opts.durationMs) / 1000);
  const latencies: number[] = [];
  const kinds = new Map<string, number>();
  let answered = 0;
  let lastAnswer = 0;

  const send = (intended: number) =>
    new Promise<void>((resolve) => {
      const shot = opts.next();
      const done = (error: string | null) => {
        const now = performance.now();
        latencies.push(now - intended);
        if (error) kinds.set(error, (kinds.get(error) ?? 0) + 1);
        else answered++;
        lastAnswer = now;
        resolve();
      };
      const to = shot.base ? new URL(shot.base) : { hostname, port };
      const req = http.request(
        {
          host: to.hostname,
          port: to.port,
          agent,
          method: shot.method,
          path: shot.path,
          headers: { ...(shot.body ? { 'content-type': 'application/json' } : {}), ...shot.headers },
          timeout: TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode! < 300 ? null : String(res.statusCode)));
          res.on('error', () => done('aborted'));
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      req.on('error', (err: NodeJS.ErrnoException) => done(err.code ?? 'error'));
      req.end(shot.body);
    });

  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  while (sent < total) {
    // Everything due by now leaves now, each stamped with the time it was due.
    const due = Math.min(total, Math.floor(((performance.now() - start) * opts.rate) / 1000) + 1);
    for (; sent < due; sent++) inFlight.push(send(start + (sent * 1000) / opts.rate));
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return {
    rate: opts.rate,
    achieved: answered / ((lastAnswer - start) / 1000),
    p50: +pct(0.5).toFixed(1),
    p95: +pct(0.95).toFixed(1),
    p99: +pct(0.99).toFixed(1),
    errors: [...kinds.values()].reduce((a, b) => a + b, 0),
    errorKinds: [...kinds].map(([kind, n]) => `${kind}×${n}`).join(' '),
  };
}
