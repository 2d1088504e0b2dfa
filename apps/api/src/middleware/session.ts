import type { Context, Next } from 'koa';
import { sessionResolver } from '../services/sessions';

/** Reads `Authorization: Bearer <token>`; an unknown or expired token leaves the caller anonymous. */
export async function loadSession(ctx: Context, next: Next) {
  ctx.state.user = null;
  ctx.state.sessionId = null;
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
  if (match) {
    const found = await sessionResolver(match[1]!);
    if (found) {
      ctx.state.user = found.user;
      ctx.state.sessionId = found.session.id;
    }
  }
  await next();
}
