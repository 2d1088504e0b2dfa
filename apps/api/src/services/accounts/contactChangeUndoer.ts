import type { TrxCtx } from '../../ctx';
import { conflict } from '../../errors';
import { Session } from '../../models/Session';
import { User } from '../../models/User';
import { accountTokenRedeemer } from './accountTokenRedeemer';
import { EMAIL_TAKEN, PHONE_TAKEN } from './contactConfirmer';

/**
 * Undoes a change of contact with the link its old address or number received: the old contact is
 * the account's again, confirmed; every session ends and every other pending secret (a reset or a
 * confirmation sent to the new contact) dies, so whoever made the change is out and the holder
 * can reset the password through the restored contact. Another undo link (the other contact's)
 * still works.
 */
export async function contactChangeUndoer(props: { secret: string }, ctx: TrxCtx<User | null>) {
  const token = await accountTokenRedeemer({ purpose: 'contact_undo', ...props }, ctx);
  const column = token.channel === 'email' ? 'email' : 'phoneNumber';
  const other = await User.query(ctx.trx).where(column, token.target).whereNot('id', token.userId).first();
  if (other) throw conflict('contact_taken', token.channel === 'email' ? EMAIL_TAKEN : PHONE_TAKEN);
  const now = new Date();
  await User.query(ctx.trx)
    .findById(token.userId)
    .patch(
      token.channel === 'email'
        ? { email: token.target, emailVerifiedAt: now }
        : { phoneNumber: token.target, phoneVerifiedAt: now },
    );
  await Session.query(ctx.trx)
    .patch({ revokedAt: now })
    .where({ userId: token.userId })
    .whereNull('revokedAt');
  await ctx
    .trx('accountTokens')
    .where({ userId: token.userId })
    .whereNot({ purpose: 'contact_undo' })
    .whereNull('usedAt')
    .update({ usedAt: now });
  return { channel: token.channel };
}
