import type { RegisterInput } from '@homing/shared';
import type { Effects, TrxCtx } from '../../ctx';
import { User } from '../../models/User';
import { accountExistsSms } from '../../notifications/messages';
import { enqueue } from '../../notifications/outbox';
import { smsRecipient } from '../../notifications/recipients';
import { accountTokenIssuer, type AccountMessageDeps } from './accountTokenIssuer';
import { contactMessageAllowed } from './contactMessageCeiling';
import { sessionCreator } from './sessionCreator';
import { userRegistrar } from './userRegistrar';

export const SIGN_UP_CHECK_EMAIL = 'Check your e-mail to continue.';
export const SIGN_UP_CHECK_PHONE = 'Check your phone to continue.';

/**
 * A sign-up. A new contact gets its account and a session at once (a phone number also gets a
 * confirmation code: nothing else is texted to it until it is confirmed). A contact that already
 * has an account is never said to: the page gets "check your e-mail/phone" and the holder of the
 * contact gets a "you already have an account" message with a way to reset the password.
 */
export async function signUpProcessor(
  props: RegisterInput & { passwordHash: string; isAdmin: boolean; sessionTtlMs: number; userAgent?: string },
  ctx: TrxCtx<User | null> & Effects & AccountMessageDeps,
): Promise<{ user: User; sessionToken: string } | { user: null; sessionToken: null; message: string }> {
  const { trx, config } = ctx;
  const existing = await User.query(trx).findOne(
    props.email ? { email: props.email } : { phoneNumber: props.phoneNumber },
  );
  if (existing) {
    if (props.email) {
      await accountTokenIssuer(
        {
          userId: existing.id,
          purpose: 'password_reset',
          channel: 'email',
          target: props.email,
          accountExists: true,
        },
        ctx,
      );
      return { user: null, sessionToken: null, message: SIGN_UP_CHECK_EMAIL };
    }
    // A notice, not a code: only to a number that may be texted (the worker checks again).
    const phone = await smsRecipient(trx, existing.id);
    if (phone && (await contactMessageAllowed(phone, trx))) {
      await enqueue(trx, [
        {
          channel: 'sms',
          to: phone,
          text: accountExistsSms({ publicUrl: config.publicUrl, brandName: config.brand.name }),
          kind: 'notice',
          userId: existing.id,
          idempotencyKey: `account-exists-${existing.id}-${Date.now()}`,
        },
      ]);
      ctx.afterCommit(() => ctx.worker?.wake());
    }
    return { user: null, sessionToken: null, message: SIGN_UP_CHECK_PHONE };
  }
  const user = await userRegistrar(props, ctx);
  // The browser's zone at sign-up is the owner's until they choose another; the rest stays default.
  if (props.timeZone)
    await trx('notificationPreferences').insert({ userId: user.id, timeZone: props.timeZone });
  if (user.phoneNumber)
    await accountTokenIssuer(
      {
        userId: user.id,
        purpose: 'phone_confirm',
        channel: 'sms',
        target: user.phoneNumber,
        smsOptIn: user.smsOptIn,
      },
      ctx,
    );
  const sessionToken = await sessionCreator(
    { userId: user.id, ttlMs: props.sessionTtlMs, userAgent: props.userAgent },
    ctx,
  );
  return { user, sessionToken };
}
