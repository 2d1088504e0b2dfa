import type { Effects, TrxCtx } from '../../ctx';
import { User } from '../../models/User';
import { accountTokenIssuer, type AccountMessageDeps } from './accountTokenIssuer';

/**
 * Adds or changes the account's e-mail address or phone number: a link to the new address, a
 * code to the new number. Nothing changes until it is confirmed; the old contact stays until then.
 * The same contact, already confirmed, needs no confirmation (a phone's opt-in is just saved).
 */
export async function contactChangeRequester(
  props: { email: string } | { phoneNumber: string; smsOptIn: boolean },
  ctx: TrxCtx & Effects & AccountMessageDeps,
): Promise<{ sent: boolean }> {
  const user = (await User.query(ctx.trx).findById(ctx.actor.id).forUpdate())!;
  if ('email' in props) {
    if (props.email === user.email && user.emailVerifiedAt) return { sent: false };
    await accountTokenIssuer(
      { userId: user.id, purpose: 'email_confirm', channel: 'email', target: props.email },
      ctx,
    );
    return { sent: true };
  }
  if (props.phoneNumber === user.phoneNumber && user.phoneVerifiedAt) {
    await User.query(ctx.trx).findById(user.id).patch({ smsOptIn: props.smsOptIn });
    return { sent: false };
  }
  await accountTokenIssuer(
    {
      userId: user.id,
      purpose: 'phone_confirm',
      channel: 'sms',
      target: props.phoneNumber,
      smsOptIn: props.smsOptIn,
    },
    ctx,
  );
  return { sent: true };
}
