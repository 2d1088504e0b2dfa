import type { Config } from '../../config';
import type { Ctx } from '../../ctx';
import { tooManyRequests } from '../../errors';
import { addressKey, sharedLimiter } from '../../lib/rateLimiter';

export const TOO_MANY_LOOKUPS = 'Too many code look-ups from this address. Please try again in a minute.';

/**
 * Counts one public look-up of a code (finder page, scan result, claim) against the client
 * address's limit per minute, shared by every API process (429 over it), so codes cannot be
 * harvested by guessing. Once an address is over, it is refused at once, from this process's
 * memory, until the window ends: this throws before returning a promise, so a flood costs the
 * database nothing and a route can refuse before it starts any work. Runs on the pool, outside
 * any transaction.
 */
export function codeLookupLimiter(
  props: { ip: string },
  { trx, config }: Pick<Ctx, 'trx'> & { config: Config },
): Promise<void> {
  const limiter = sharedLimiter(trx, {
    name: 'lookup:ip',
    points: config.limits.codeLookupsPerMinute,
    durationMs: 60_000,
    blockInMemory: true,
    batch: true,
  });
  const key = addressKey(props.ip);
  if (limiter.refusing(key)) throw tooManyRequests(TOO_MANY_LOOKUPS);
  return limiter.hit(key).then((outcome) => {
    if (!outcome.allowed) throw tooManyRequests(TOO_MANY_LOOKUPS);
  });
}
