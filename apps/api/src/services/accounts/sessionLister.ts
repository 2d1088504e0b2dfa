import type { Ctx } from '../../ctx';
import { Session } from '../../models/Session';

/** The actor's live sessions (not expired, not signed out), most recently used first. */
export async function sessionLister(_props: object, { trx, actor }: Ctx) {
  return Session.query(trx)
    .where({ userId: actor.id })
    .whereNull('revokedAt')
    .where('expiresAt', '>', new Date())
    .orderByRaw('coalesce(last_used_at, created_at) desc')
    .orderBy('id');
}
