import { SETTINGS_MESSAGES } from '@homing/shared';
import type { Ctx } from '../../ctx';
import { AppError, tooManyRequests } from '../../errors';
import { verifyPassword } from '../../lib/passwords';
import { limiterOf, rules } from '../../lib/limitRules';

export const wrongPassword = () => new AppError(403, 'wrong_password', SETTINGS_MESSAGES.wrongPassword);

/**
 * Confirms the actor's own password before a change that a borrowed session must not make
 * (password, deletion). Run in a route's `prepare`: scrypt must not hold a transaction, and the
 * guess counts whatever the transaction does. Each guess is counted first, so a stolen session
 * cannot try passwords quickly; a right one takes its count back.
 */
export async function currentPasswordChecker(props: { password: string }, { trx, actor }: Ctx) {
  const limiter = limiterOf(rules.currentPassword, trx);
  if (!(await limiter.hit(actor.id)).allowed) throw tooManyRequests(rules.currentPassword.message);
  if (!(await verifyPassword(props.password, actor.passwordHash))) throw wrongPassword();
  await limiter.refund(actor.id);
}
