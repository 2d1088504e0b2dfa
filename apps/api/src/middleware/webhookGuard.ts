import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { Config } from '../config';
import { AppError, authenticationRequired, notFound, tooManyRequests } from '../errors';
import { limiterOf, rules } from '../lib/limitRules';
import { addressKey } from '../lib/rateLimiter';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
const sameText = (a: string, b: string) => crypto.timingSafeEqual(digest(a), digest(b));

/**
 * Twilio's signature of a webhook request (`X-Twilio-Signature`): HMAC-SHA1 with the account's
 * auth token over the full URL Twilio requested, followed by each POST parameter's name and value
 * in the order of their names; base64.
 */
export function twilioSignature(authToken: string, url: string, form: Record<string, unknown>) {
  const data = Object.keys(form)
    .sort()
    .reduce((acc, key) => {
      const value = form[key];
      const values = Array.isArray(value) ? [...(value as unknown[])].map(String).sort() : [String(value)];
      return acc + values.map((v) => key + v).join('');
    }, url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * The guard of `access: 'webhook'` routes, by the SMS gateway that calls them.
 *
 * With `SMS_PROVIDER=twilio`, Twilio's own signature (`X-Twilio-Signature`, made with the auth
 * token, over `PUBLIC_URL` and the path it requested): a request without it or with another is
 * 403. No HTTP Basic.
 *
 * Otherwise (Kannel's smsbox, or the local outbox) HTTP Basic, the password being the webhook's
 * secret (SMS_INBOUND_SECRET: smsbox and most gateways put credentials in the webhook URL),
 * compared in constant time; anything else is 401 with a challenge. Wrong secrets are counted per
 * client address (`rules.webhookSecret`): past them every request from that address is 429 for
 * the rest of the window, the right secret too, so the secret cannot be guessed at speed (the
 * gateway, calling from its own address, is not affected). Without a configured secret the
 * webhook does not exist (404).
 */
export function webhookGuard(config: Pick<Config, 'sms' | 'publicUrl' | 'limits'>, db: Knex): Middleware {
  const { sms } = config;
  if (sms.provider === 'twilio')
    return async (ctx, next) => {
      const given = ctx.get('x-twilio-signature');
      const form = (ctx.request.body ?? {}) as Record<string, unknown>;
      const url = config.publicUrl + ctx.originalUrl;
      const expected = twilioSignature(sms.twilio.authToken, url, typeof form === 'object' ? form : {});
      if (!given || !sameText(given, expected))
        throw new AppError(403, 'bad_signature', 'The request is not signed by the SMS provider');
      return next();
    };
  const secret = sms.inboundSecret;
  const wrongSecrets = limiterOf(rules.webhookSecret, db, config.limits);
  const refused = () => tooManyRequests(rules.webhookSecret.message);
  return async (ctx, next) => {
    if (!secret) throw notFound();
    const address = addressKey(ctx.ip);
    if (wrongSecrets.refusing(address)) throw refused();
    const given = /^Basic\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
    const password = given ? Buffer.from(given, 'base64').toString('utf8').split(':').slice(1).join(':') : '';
    if (!given || !sameText(password, secret)) {
      // A request with no credentials at all is a client asking for the challenge: not a guess.
      if (given && !(await wrongSecrets.hit(address)).allowed) throw refused();
      ctx.set('WWW-Authenticate', 'Basic realm="sms"');
      throw authenticationRequired();
    }
    return next();
  };
}
