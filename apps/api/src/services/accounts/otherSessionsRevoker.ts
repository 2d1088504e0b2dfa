import type { Ctx } from '../../ctx';
import { Session } from '../../models/Session';

/** Signs out every session of the actor but `keepSessionId`; returns how many were live. */
export async function otherSessionsRevoker(props: { keepSessionId: string | null }, { trx, actor }: Ctx) {
  const query = Session.query(trx)
    .patch({ revokedAt: new Date() })
    .where({ userId: actor.id })
    .whereNull('revokedAt');
  if (props.keepSessionId) query.whereNot({ id: props.keepSessionId });
  return query;
}
