import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { sessionResolver } from '../services/accounts/sessionResolver';

/** Reads `Authorization: Bearer <token>`; an unknown or expired token leaves the caller anonymous. */
export function loadSession(db: Knex): Middleware {
  return async (ctx, next) => {
    ctx.state.user = null;
    ctx.state.sessionId = null;
    const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
    if (match) {
      const found = await sessionResolver({ token: match[1]! }, { trx: db });
      if (found) {
        ctx.state.user = found.user;
        ctx.state.sessionId = found.session.id;
      }
    }
    await next();
  };
}
