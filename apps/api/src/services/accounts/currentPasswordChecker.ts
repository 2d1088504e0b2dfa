import { SETTINGS_MESSAGES } from '@homing/shared';
import type { Ctx } from '../../ctx';
import { AppError, tooManyRequests } from '../../errors';
import { verifyPassword } from '../../lib/passwords';
import { sharedLimiter } from '../../lib/rateLimiter';

/** Wrong guesses of the current password per account in 15 minutes before it waits (429). */
export const MAX_WRONG_CURRENT_PASSWORD = 5;

export const wrongPassword = () => new AppError(403, 'wrong_password', SETTINGS_MESSAGES.wrongPassword);

/**
 * Confirms the actor's own password before a change that a borrowed session must not make
 * (password, deletion). Run in a route's `prepare`: scrypt must not hold a transaction, and the
 * guess counts whatever the transaction does. Each guess is counted first, so a stolen session
 * cannot try passwords quickly; a right one takes its count back.
 */
export async function currentPasswordChecker(props: { password: string }, { trx, actor }: Ctx) {
  const limiter = sharedLimiter(trx, {
    name: 'current-password',
    points: MAX_WRONG_CURRENT_PASSWORD,
    durationMs: 15 * 60 * 1000,
  });
  if (!(await limiter.hit(actor.id)).allowed)
    throw tooManyRequests('Too many wrong passwords. Please wait 15 minutes and try again.');
  if (!(await verifyPassword(props.password, actor.passwordHash))) throw wrongPassword();
  await limiter.refund(actor.id);
}
