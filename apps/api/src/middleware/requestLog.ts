import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../logger';

declare module 'koa' {
  interface BaseContext {
    log: Logger;
  }
}

/** One structured line per request; `ctx.log` carries the request id into handlers. */
export function requestLog(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    const id = crypto.randomUUID();
    ctx.log = logger.child({ reqId: id });
    ctx.set('X-Request-Id', id);
    try {
      await next();
    } finally {
      ctx.log.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  };
}
