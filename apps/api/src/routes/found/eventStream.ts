import { PassThrough } from 'node:stream';
import { route, type Deps } from '../../routing';

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for the owner's open dashboards. Read with fetch (the bearer token goes in a
 * header, never in the URL); each event is `event: found_report|found_event` with JSON data.
 */
export function ownerEventStream({ hub }: Deps) {
  return route(
    { method: 'get', path: '/api/users/me/events', access: 'user', raw: true },
    async ({ ctx }, { actor: user }) => {
      // Compression would buffer the stream (no-transform below also keeps it off); events leave at once.
      ctx.compress = false;
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.set({
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
      });
      const stream = new PassThrough();
      ctx.status = 200;
      ctx.body = stream;
      stream.write(': connected\n\n');
      const unsubscribe = hub.subscribe(user.id, (event) =>
        stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`),
      );
      const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        stream.end();
      };
      ctx.req.once('close', close);
      stream.once('error', close);
    },
  );
}
