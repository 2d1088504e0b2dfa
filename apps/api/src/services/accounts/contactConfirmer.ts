import type { TrxCtx } from '../../ctx';
import { conflict } from '../../errors';
import { User } from '../../models/User';
import { accountTokenRedeemer } from './accountTokenRedeemer';

export const EMAIL_TAKEN = 'This e-mail address is already used by another account.';
export const PHONE_TAKEN = 'This phone number is already used by another account.';

/**
 * Confirms a contact: an e-mailed link's secret (the link may be opened signed out: the secret
 * is the proof) or a texted code `codeAttempter` accepted. The contact then replaces the old one,
 * confirmed; a number takes the SMS opt-in chosen with it.
 */
export async function contactConfirmer(
  props: { secret: string } | { tokenId: string },
  ctx: TrxCtx<User | null>,
) {
  const token = await accountTokenRedeemer(
    { purpose: 'secret' in props ? 'email_confirm' : 'phone_confirm', ...props },
    ctx,
  );
  const column = token.channel === 'email' ? 'email' : 'phoneNumber';
  const other = await User.query(ctx.trx).where(column, token.target).whereNot('id', token.userId).first();
  if (other) throw conflict('contact_taken', token.channel === 'email' ? EMAIL_TAKEN : PHONE_TAKEN);
  const now = new Date();
  await User.query(ctx.trx)
    .findById(token.userId)
    .patch(
      token.channel === 'email'
        ? { email: token.target, emailVerifiedAt: now }
        : {
            phoneNumber: token.target,
            phoneVerifiedAt: now,
            ...(token.smsOptIn !== null ? { smsOptIn: token.smsOptIn } : {}),
          },
    );
  // A reset secret sent to the old contact dies with it.
  await ctx
    .trx('accountTokens')
    .where({ userId: token.userId, purpose: 'password_reset' })
    .whereNull('usedAt')
    .update({ usedAt: now });
  return (await User.query(ctx.trx).findById(token.userId))!;
}
