import { parseContact } from '@homing/shared';
import type { Effects, TrxCtx } from '../../ctx';
import { User } from '../../models/User';
import { accountTokenIssuer, type AccountMessageDeps } from './accountTokenIssuer';
import { mayTextCode } from '../../notifications/recipients';

export const RESET_SENT_EMAIL =
  'If an account uses this e-mail address, we have sent it a link to reset your password. The link works for 30 minutes.';
export const RESET_SENT_SMS =
  'If an account uses this phone number and it is confirmed, we have texted it a 6-digit code. The code works for 30 minutes.';

/**
 * The answer to a reset request: it depends only on the kind of contact typed, never on whether
 * an account matches. The route gives it before `passwordResetRequester` runs, so neither its
 * words nor its time tell who has an account.
 */
export function passwordResetAnswer(props: { identifier: string }): {
  channel: 'email' | 'sms';
  message: string;
} {
  return parseContact(props.identifier).kind === 'phone'
    ? { channel: 'sms', message: RESET_SENT_SMS }
    : { channel: 'email', message: RESET_SENT_EMAIL };
}

/**
 * Starts a password reset: a link to the account's e-mail address, or a code by SMS to its
 * confirmed phone number; nothing when no account matches.
 */
export async function passwordResetRequester(
  props: { identifier: string },
  ctx: TrxCtx<User | null> & Effects & AccountMessageDeps,
): Promise<void> {
  const contact = parseContact(props.identifier);
  if (contact.kind === 'phone') {
    const user = await User.query(ctx.trx).findOne({ phoneNumber: contact.phoneNumber });
    if (user && (await mayTextCode(ctx.trx, user)))
      await accountTokenIssuer(
        { userId: user.id, purpose: 'password_reset', channel: 'sms', target: contact.phoneNumber },
        ctx,
      );
    return;
  }
  if (contact.kind === 'email') {
    const user = await User.query(ctx.trx).findOne({ email: contact.email });
    if (user)
      await accountTokenIssuer(
        { userId: user.id, purpose: 'password_reset', channel: 'email', target: contact.email },
        ctx,
      );
  }
}
