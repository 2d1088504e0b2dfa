import type { Effects, TrxCtx } from '../../ctx';
import { conflict } from '../../errors';
import { User } from '../../models/User';
import { accountTokenIssuer, type AccountMessageDeps } from './accountTokenIssuer';
import { accountTokenRedeemer } from './accountTokenRedeemer';

/** How long the old address's undo link works. */
export const UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const EMAIL_TAKEN = 'This e-mail address is already used by another account.';
export const PHONE_TAKEN = 'This phone number is already used by another account.';

/**
 * Confirms a contact: an e-mailed link's secret (the link may be opened signed out: the secret
 * is the proof) or a texted code `codeAttempter` accepted. The contact then replaces the old one,
 * confirmed; a number takes the SMS opt-in chosen with it. A confirmed old contact it replaces is
 * told, with a link that undoes the change (`contactChangeUndoer`).
 */
export async function contactConfirmer(
  props: { secret: string } | { tokenId: string },
  ctx: TrxCtx<User | null> & Effects & AccountMessageDeps,
) {
  const token = await accountTokenRedeemer(
    { purpose: 'secret' in props ? 'email_confirm' : 'phone_confirm', ...props },
    ctx,
  );
  const column = token.channel === 'email' ? 'email' : 'phoneNumber';
  const other = await User.query(ctx.trx).where(column, token.target).whereNot('id', token.userId).first();
  if (other) throw conflict('contact_taken', token.channel === 'email' ? EMAIL_TAKEN : PHONE_TAKEN);
  const before = (await User.query(ctx.trx).findById(token.userId))!;
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
  const old = token.channel === 'email' ? before.email : before.phoneNumber;
  const oldConfirmed = token.channel === 'email' ? before.emailVerifiedAt : before.phoneVerifiedAt;
  if (old && oldConfirmed && old !== token.target)
    await accountTokenIssuer(
      {
        userId: token.userId,
        purpose: 'contact_undo',
        channel: token.channel,
        target: old,
        changedTo: { what: token.channel === 'email' ? 'email' : 'phone', to: token.target },
        ttlMs: UNDO_TTL_MS,
      },
      ctx,
    );
  return (await User.query(ctx.trx).findById(token.userId))!;
}
