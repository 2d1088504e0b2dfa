import { parseContact } from '@homing/shared';
import type { Ctx } from '../../ctx';
import { invalidCredentials, tooManyRequests } from '../../errors';
import { User } from '../../models/User';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../../lib/passwords';
import { addressKey } from '../../lib/rateLimiter';
import { limiterOf, loginSlowdown, rules } from '../../lib/limitRules';

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
  const byAddress = limiterOf(rules.loginByAddress, trx);
  const byPair = limiterOf(rules.loginByAccountAndAddress, trx);
  const byAccount = limiterOf(rules.loginByAccount, trx);
  const address = addressKey(props.ip);
  const pair = `${canonical}:${address}`;

  if (!(await byAddress.hit(address)).allowed) throw tooManyRequests(rules.loginByAddress.message);
  if (!(await byPair.hit(pair)).allowed) {
    await byAddress.refund(address);
    throw tooManyRequests(rules.loginByAccountAndAddress.message);
  }
  const account = await byAccount.hit(canonical);
  if (!account.allowed) {
    const over = account.consumed - rules.loginByAccount.points({});
    await new Promise((r) => setTimeout(r, Math.min(over * loginSlowdown.stepMs, loginSlowdown.maxMs)));
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
