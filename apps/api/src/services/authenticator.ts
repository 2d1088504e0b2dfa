import { parseContact } from '@homing/shared';
import type { Ctx } from '../ctx';
import { invalidCredentials, tooManyRequests } from '../errors';
import { User } from '../models/User';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords';
import { rateLimiter } from './rateLimiter';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

/** Checks a login; repeated failures for one identifier or one address are answered 429. */
export async function authenticator(
  props: { identifier: string; password: string; ip: string },
  { trx }: Pick<Ctx, 'trx'>,
) {
  const contact = parseContact(props.identifier);
  const canonical =
    contact.kind === 'email'
      ? contact.email
      : contact.kind === 'phone'
        ? contact.phoneNumber
        : props.identifier.toLowerCase();
  const limiter = rateLimiter(trx, { windowMs: WINDOW_MS });
  const accountKey = `login:id:${canonical}`;
  const addressKey = `login:ip:${props.ip}`;
  const [byAccount, byAddress] = await Promise.all([limiter.peek(accountKey), limiter.peek(addressKey)]);
  if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byAddress >= MAX_FAILURES_PER_ADDRESS)
    throw tooManyRequests('Too many failed login attempts. Please wait 15 minutes and try again.');

  const user =
    contact.kind === 'invalid'
      ? undefined
      : await User.query(trx).findOne(
          contact.kind === 'email' ? { email: contact.email } : { phoneNumber: contact.phoneNumber },
        );
  const ok = await verifyPassword(props.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !ok) {
    await Promise.all([limiter.hit(accountKey), limiter.hit(addressKey)]);
    throw invalidCredentials();
  }
  await limiter.clear(accountKey);
  return user;
}
