import { parseContact } from '@homing/shared';
import type { Ctx } from '../../ctx';
import { invalidCredentials, tooManyRequests } from '../../errors';
import { User } from '../../models/User';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../../lib/passwords';
import { addressKey, sharedLimiter } from '../../lib/rateLimiter';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures for one account from one address: then that pair waits (429). */
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Failures from one address, whatever the accounts. */
export const MAX_FAILURES_PER_ADDRESS = 20;
/** Failures for one account from everywhere, past which each check is delayed, never refused. */
export const ACCOUNT_SLOWDOWN_AFTER = 50;
const ACCOUNT_DELAY_STEP_MS = 200;
const ACCOUNT_DELAY_MAX_MS = 5_000;
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please wait 15 minutes and try again.';

/**
 * Checks a login. Every attempt is counted before the password is checked, by the same atomic
 * statement that decides (so parallel guesses cannot slip past the limit), per (account, address)
 * and per address; a success takes its count back. A stranger elsewhere cannot lock the owner out:
 * the account's own count from every address only slows its checks down.
 */
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
  const durationMs = WINDOW_MS;
  const byAddress = sharedLimiter(trx, { name: 'login:ip', points: MAX_FAILURES_PER_ADDRESS, durationMs });
  const byPair = sharedLimiter(trx, {
    name: 'login:id-ip',
    points: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    durationMs,
  });
  const byAccount = sharedLimiter(trx, { name: 'login:id', points: ACCOUNT_SLOWDOWN_AFTER, durationMs });
  const address = addressKey(props.ip);
  const pair = `${canonical}:${address}`;

  if (!(await byAddress.hit(address)).allowed) throw tooManyRequests(TOO_MANY_LOGINS);
  if (!(await byPair.hit(pair)).allowed) {
    await byAddress.refund(address);
    throw tooManyRequests(TOO_MANY_LOGINS);
  }
  const account = await byAccount.hit(canonical);
  if (!account.allowed) {
    const over = account.consumed - ACCOUNT_SLOWDOWN_AFTER;
    await new Promise((r) => setTimeout(r, Math.min(over * ACCOUNT_DELAY_STEP_MS, ACCOUNT_DELAY_MAX_MS)));
  }

  const user =
    contact.kind === 'invalid'
      ? undefined
      : await User.query(trx).findOne(
          contact.kind === 'email' ? { email: contact.email } : { phoneNumber: contact.phoneNumber },
        );
  const ok = await verifyPassword(props.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !ok) throw invalidCredentials();
  await Promise.all([byPair.clear(pair), byAddress.refund(address), byAccount.refund(canonical)]);
  return user;
}
