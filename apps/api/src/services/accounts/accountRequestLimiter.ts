import type { Ctx } from '../../ctx';
import { tooManyRequests } from '../../errors';
import { addressKey, sharedLimiter } from '../../lib/rateLimiter';

export const TOO_MANY_ACCOUNT_REQUESTS = 'Too many requests. Please wait a while and try again.';

/**
 * Counts an account request (a reset, a sign-up, a code) per client address and per key (the
 * address or number it is about, whether or not an account has it), in a route's `prepare`:
 * over either limit → 429, the same for every key, so the limit reveals no account.
 */
export async function accountRequestLimiter(
  props: { name: string; ip: string; key: string; perKey: number; perAddress: number; windowMs: number },
  { trx }: Pick<Ctx<null>, 'trx'>,
) {
  const durationMs = props.windowMs;
  const byAddress = sharedLimiter(trx, { name: `${props.name}:ip`, points: props.perAddress, durationMs });
  const byKey = sharedLimiter(trx, { name: `${props.name}:key`, points: props.perKey, durationMs });
  const address = addressKey(props.ip);
  if (!(await byAddress.hit(address)).allowed) throw tooManyRequests(TOO_MANY_ACCOUNT_REQUESTS);
  if (!(await byKey.hit(props.key.toLowerCase())).allowed) {
    await byAddress.refund(address);
    throw tooManyRequests(TOO_MANY_ACCOUNT_REQUESTS);
  }
}
