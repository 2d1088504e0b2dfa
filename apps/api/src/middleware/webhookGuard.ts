import crypto from 'node:crypto';
import type { Middleware } from 'koa';
import { authenticationRequired, notFound } from '../errors';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * The guard of `access: 'webhook'` routes: a provider's callback proves itself with HTTP Basic,
 * the password being the webhook's secret (SMS_INBOUND_SECRET: Twilio puts credentials in the
 * webhook URL), compared in constant time; anything else is 401 with a challenge. Without a
 * configured secret the webhook does not exist (404).
 */
export function webhookGuard(secret: string | null): Middleware {
  return async (ctx, next) => {
    if (!secret) throw notFound();
    const given = /^Basic\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
    const password = given ? Buffer.from(given, 'base64').toString('utf8').split(':').slice(1).join(':') : '';
    if (!given || !crypto.timingSafeEqual(digest(password), digest(secret))) {
      ctx.set('WWW-Authenticate', 'Basic realm="sms"');
      throw authenticationRequired();
    }
    return next();
  };
}
