import type { Ctx } from '../../ctx';

export interface BackupContactRow {
  id: string;
  kind: 'email' | 'phone';
  value: string;
  confirmedAt: Date | null;
  createdAt: Date;
}

/** The actor's backup contacts, oldest first (never the confirmation secret's hash). */
export async function backupContactsLister(_props: object, { trx, actor }: Ctx) {
  return (await trx('backupContacts')
    .where({ ownerId: actor.id })
    .orderBy('createdAt')
    .select('id', 'kind', 'value', 'confirmedAt', 'createdAt')) as BackupContactRow[];
}
