import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { serviceUnavailable } from '../../errors';
import { route, type Deps } from '../../routing';

/**
 * The open streams of this process: at most `perUser` per account (a new one closes that account's
 * oldest: a reloaded dashboard replaces itself) and `max` in all (then 503), so no account can hold
 * the process's sockets and file descriptors.
 */
function streamRegistry(limits: { perUser: number; max: number }) {
  const byUser = new Map<string, (() => void)[]>();
  let total = 0;
  return {
    /** Registers a stream's closer; returns its release, or null when the process is full. */
    open(userId: string, close: () => void): (() => void) | null {
      const mine = byUser.get(userId) ?? [];
      while (mine.length >= limits.perUser) mine[0]!();
      if (total >= limits.max) return null;
      mine.push(close);
      byUser.set(userId, mine);
      total++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total--;
        const list = byUser.get(userId) ?? [];
        const at = list.indexOf(close);
        if (at >= 0) list.splice(at, 1);
        if (!list.length) byUser.delete(userId);
      };
    },
  };
}

const SHUTDOWN_RETRY_MS = 1_000;

/**
 * Server-sent events for the owner's open dashboards. Read with fetch (the bearer token goes in a
 * header, never in the URL); each event is `event: found_report|found_event|thread_changed` with
 * JSON data. A comment every heartbeat keeps proxies from closing a quiet stream and lets a dead
 * peer be found.
 */
export function ownerEventStream(deps: Deps) {
  const open = eventStreamOpener(deps);
  return route(
    { method: 'get', path: '/api/users/me/events', access: 'user', raw: true },
    async ({ ctx }, { actor }) => open(ctx, actor.id),
  );
}

/**
 * Opens one server-sent event stream on `ctx` for the hub key `key` (an owner's id, or a finder's
 * conversation), within the process's limits: at most `perUser` streams per key (a new one closes
 * the oldest) and `max` in all (then 503).
 */
export function eventStreamOpener({ hub, config, stopping, metrics }: Deps) {
  const { heartbeatMs, ...limits } = config.eventStreams;
  const registry = streamRegistry(limits);
  return async (ctx: Context, key: string) => {
    const stream = new PassThrough();
    let heartbeat: NodeJS.Timeout | undefined = undefined;
    let unsubscribe = () => {};
    let release: (() => void) | null = null;
    const close = () => {
      stopping.removeEventListener('abort', closeForShutdown);
      clearInterval(heartbeat);
      unsubscribe();
      release?.();
      stream.end();
    };
    // A graceful shutdown ends the stream with a reconnect hint (SSE `retry`), so the client
    // reconnects soon, to another process behind the load balancer or to this one restarted.
    const closeForShutdown = () => {
      stream.write(`retry: ${SHUTDOWN_RETRY_MS}\n\n`);
      close();
    };
    if (stopping.aborted) throw serviceUnavailable('The server is restarting. Please try again in a moment.');
    const releaseSlot = registry.open(key, close);
    if (!releaseSlot) throw serviceUnavailable('Too many live connections. Please try again in a moment.');
    metrics.eventStreams.inc();
    let counted = true;
    // close() may run more than once (client gone, then stream error); the gauge drops once.
    release = () => {
      releaseSlot();
      if (counted) metrics.eventStreams.dec();
      counted = false;
    };
    // Compression would buffer the stream (no-transform below also keeps it off); events leave at once.
    ctx.compress = false;
    // Heartbeats keep a live stream busy; one whose writes stall for three of them is dropped.
    ctx.req.socket.setTimeout(heartbeatMs * 3);
    ctx.req.socket.setNoDelay(true);
    ctx.set({
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    ctx.status = 200;
    ctx.body = stream;
    stream.write(': connected\n\n');
    unsubscribe = hub.subscribe(key, (event) =>
      stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`),
    );
    heartbeat = setInterval(() => stream.write(': ping\n\n'), heartbeatMs);
    ctx.req.once('close', close);
    stopping.addEventListener('abort', closeForShutdown, { once: true });
    stream.once('error', close);
  };
}
