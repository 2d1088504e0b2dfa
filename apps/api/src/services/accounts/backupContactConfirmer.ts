import { BACKUP_CONTACT_MESSAGES } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { AppError } from '../../errors';
import type { User } from '../../models/User';
import { hashSecret } from '../../lib/accountSecrets';

/**
 * The would-be backup contact follows their link (public: the secret is the proof). One
 * conditional UPDATE confirms and forgets the secret, so a link works once, also under concurrency.
 */
export async function backupContactConfirmer(props: { token: string }, { trx }: TrxCtx<User | null>) {
  const done = (await trx('backupContacts')
    .where({ tokenHash: hashSecret(props.token) })
    .whereNull('confirmedAt')
    .update({ confirmedAt: trx.fn.now(), tokenHash: null })
    .returning('id')) as { id: string }[];
  if (!done.length) throw new AppError(400, 'invalid_token', BACKUP_CONTACT_MESSAGES.badLink);
}
