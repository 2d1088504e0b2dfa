import type { Config } from '../config';
import type { Ctx } from '../ctx';
import { tooManyRequests } from '../errors';
import { addressKey, sharedLimiter } from './rateLimiter';

export const TOO_MANY_LOOKUPS = 'Too many code look-ups from this address. Please try again in a minute.';

/**
 * Counts one public look-up of a code (finder page, scan result, claim) against the client
 * address's limit per minute, shared by every API process (429 over it), so codes cannot be
 * harvested by guessing. Once an address is over, the refusals come from this process's memory
 * until the window ends: a flood costs the database nothing. Runs on the pool, outside any
 * transaction.
 */
export async function codeLookupLimiter(
  props: { ip: string },
  { trx, config }: Pick<Ctx, 'trx'> & { config: Config },
) {
  const limiter = sharedLimiter(trx, {
    name: 'lookup:ip',
    points: config.limits.codeLookupsPerMinute,
    durationMs: 60_000,
    blockInMemory: true,
    batch: true,
  });
  if (!(await limiter.hit(addressKey(props.ip))).allowed) throw tooManyRequests(TOO_MANY_LOOKUPS);
}
