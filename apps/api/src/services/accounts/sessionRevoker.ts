import type { Ctx } from '../../ctx';
import { Session } from '../../models/Session';

/** Logs a session out; a session already revoked stays as it was. */
export async function sessionRevoker(props: { sessionId: string }, { trx }: Pick<Ctx, 'trx'>) {
  await Session.query(trx)
    .patch({ revokedAt: new Date() })
    .where({ id: props.sessionId })
    .whereNull('revokedAt');
}
