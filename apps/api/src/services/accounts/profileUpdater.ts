import type { TrxCtx } from '../../ctx';
import { User } from '../../models/User';

/** Changes the actor's display name (null clears it). */
export async function profileUpdater(props: { name: string | null }, { trx, actor }: TrxCtx) {
  return User.query(trx).patchAndFetchById(actor.id, { name: props.name });
}
