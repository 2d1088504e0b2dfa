import type { TrxCtx } from '../../ctx';
import { User } from '../../models/User';
import { otherSessionsRevoker } from './otherSessionsRevoker';

/**
 * Stores the actor's new password (hashed beforehand, outside the transaction) and signs out every
 * other session: whoever may have known the old password is out; this session stays.
 */
export async function passwordChanger(
  props: { passwordHash: string; keepSessionId: string | null },
  ctx: TrxCtx,
) {
  await User.query(ctx.trx).findById(ctx.actor.id).patch({ passwordHash: props.passwordHash });
  return otherSessionsRevoker({ keepSessionId: props.keepSessionId }, ctx);
}
