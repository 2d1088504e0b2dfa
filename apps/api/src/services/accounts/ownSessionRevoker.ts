import type { Ctx } from '../../ctx';
import { notFound } from '../../errors';
import { Session } from '../../models/Session';
import { SETTINGS_MESSAGES } from '@homing/shared';

/** Signs out one of the actor's sessions; someone else's (or an unknown) id is 404, as if absent. */
export async function ownSessionRevoker(props: { sessionId: string }, { trx, actor }: Ctx) {
  const revoked = await Session.query(trx)
    .patch({ revokedAt: new Date() })
    .where({ id: props.sessionId, userId: actor.id })
    .whereNull('revokedAt');
  if (!revoked) throw notFound(SETTINGS_MESSAGES.sessionNotFound);
}
