import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Context, Next } from 'koa';
import type { Logger } from '../logger';

declare module 'koa' {
  interface BaseContext {
    log: Logger;
  }
}

const REQUEST_ID = Symbol('requestId');

/**
 * The path as logged: a conversation's token (`…/t/{token}`, a finder's only key to it) is
 * replaced, so logs hold no secret. Query strings (reset links' tokens) are never logged.
 */
export const loggedPath = (path: string) => path.replace(/\/t\/[^/]+/g, '/t/[token]');
const CHILD = Symbol('requestLogger');
type Logged = Context & { [REQUEST_ID]?: string; [CHILD]?: Logger };

/**
 * The outermost middleware: one structured line per request, and `answered(ctx, ms)` (metrics, the
 * connection's keep-alive) once the rest has run, timed once for both. `ctx.log` carries the
 * request id into handlers. The child logger behind `ctx.log` (a getter on the app's context) is
 * made on first use: most requests log nothing but their line, which names its request id itself
 * (the same fields, in the same order, as the child's would).
 */
export function requestLog(
  app: Koa,
  logger: Logger,
  answered: (ctx: Context, ms: number) => void = () => undefined,
) {
  Object.defineProperty(app.context, 'log', {
    get(this: Logged) {
      return (this[CHILD] ??= logger.child({ reqId: this[REQUEST_ID] }));
    },
    set(this: Logged, value: Logger) {
      this[CHILD] = value;
    },
    configurable: true,
  });
  return async (ctx: Logged, next: Next) => {
    const started = performance.now();
    const reqId = crypto.randomUUID();
    ctx[REQUEST_ID] = reqId;
    ctx.set('X-Request-Id', reqId);
    try {
      await next();
    } finally {
      const elapsed = performance.now() - started;
      answered(ctx, elapsed);
      const ms = Math.round(elapsed);
      const { method, status } = ctx;
      const path = loggedPath(ctx.path);
      const child = ctx[CHILD];
      if (child) child.info({ method, path, status, ms }, 'request');
      else logger.info({ reqId, method, path, status, ms }, 'request');
    }
  };
}
