import { BACKUP_CONTACT_MESSAGES } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { notFound } from '../../errors';

/** Removes one of the actor's backup contacts (another owner's is not found); its pending alerts are then suppressed by the worker. */
export async function backupContactRemover(props: { id: string }, { trx, actor }: TrxCtx) {
  const gone = (await trx('backupContacts')
    .where({ id: props.id, ownerId: actor.id })
    .delete()
    .returning('id')) as { id: string }[];
  if (!gone.length) throw notFound(BACKUP_CONTACT_MESSAGES.notFound);
}
