import type { TrxCtx } from '../../ctx';
import { Session } from '../../models/Session';
import { User } from '../../models/User';
import { accountTokenRedeemer, invalidLink } from './accountTokenRedeemer';
import { sessionCreator } from './sessionCreator';

/**
 * Completes a reset with a link's secret or a code `codeAttempter` accepted: the secret is used
 * up, the password replaced (hashed before the transaction), every session of the account
 * revoked, and a new one opened for the person who reset it.
 */
export async function passwordResetter(
  props: ({ secret: string } | { tokenId: string }) & {
    passwordHash: string;
    ttlMs: number;
    userAgent?: string;
  },
  ctx: TrxCtx<User | null>,
) {
  const token = await accountTokenRedeemer({ purpose: 'password_reset', ...props }, ctx);
  const user = await User.query(ctx.trx).findById(token.userId);
  if (!user) throw invalidLink();
  // The contact the secret went to must still be the account's: a changed address ends it.
  if (token.target !== (token.channel === 'email' ? user.email : user.phoneNumber)) throw invalidLink();
  const now = new Date();
  await User.query(ctx.trx)
    .findById(user.id)
    .patch({
      passwordHash: props.passwordHash,
      // Following the link proves the address; the code proves the number.
      ...(token.channel === 'email' && !user.emailVerifiedAt ? { emailVerifiedAt: now } : {}),
    });
  await Session.query(ctx.trx).patch({ revokedAt: now }).where({ userId: user.id }).whereNull('revokedAt');
  // Other reset secrets die with the old password.
  await ctx
    .trx('accountTokens')
    .where({ userId: user.id, purpose: 'password_reset' })
    .whereNull('usedAt')
    .update({ usedAt: now });
  const sessionToken = await sessionCreator(
    { userId: user.id, ttlMs: props.ttlMs, userAgent: props.userAgent },
    ctx,
  );
  return { user: (await User.query(ctx.trx).findById(user.id))!, sessionToken };
}
