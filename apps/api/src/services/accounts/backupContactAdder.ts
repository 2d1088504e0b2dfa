import { BACKUP_CONTACT_MESSAGES, MAX_BACKUP_CONTACTS } from '@homing/shared';
import type { Effects, TrxCtx } from '../../ctx';
import { conflict } from '../../errors';
import { User } from '../../models/User';
import { backupConfirmEmail, backupConfirmSms } from '../../notifications/messages';
import { enqueue } from '../../notifications/outbox';
import { hashSecret, newLinkSecret } from '../../lib/accountSecrets';
import type { AccountMessageDeps } from './accountTokenIssuer';
import { contactMessageAllowed } from './contactMessageCeiling';

/**
 * Adds a backup contact (at most 3 per owner) and sends it a link to confirm
 * (`/backup/confirm?token=…`, 256-bit secret, SHA-256 stored, single use). Until it is followed
 * the contact receives nothing else. The owner's row lock makes count-then-insert atomic.
 */
export async function backupContactAdder(
  props: { contact: { kind: 'email' | 'phone'; value: string } },
  ctx: TrxCtx & Effects & AccountMessageDeps,
) {
  const { trx, actor, config } = ctx;
  const owner = (await User.query(trx).findById(actor.id).forUpdate())!;
  const existing = (await trx('backupContacts').where({ ownerId: owner.id }).select('kind', 'value')) as {
    kind: string;
    value: string;
  }[];
  const { kind, value } = props.contact;
  if (existing.some((c) => c.kind === kind && c.value === value))
    throw conflict('backup_contact_exists', BACKUP_CONTACT_MESSAGES.duplicate);
  if (existing.length >= MAX_BACKUP_CONTACTS)
    throw conflict('too_many_backup_contacts', BACKUP_CONTACT_MESSAGES.tooMany);
  const secret = newLinkSecret();
  const [row] = (await trx('backupContacts')
    .insert({ ownerId: owner.id, kind, value, tokenHash: hashSecret(secret) })
    .returning('id')) as { id: string }[];
  const link = `${config.publicUrl}/backup/confirm?token=${encodeURIComponent(secret)}`;
  const text = { publicUrl: config.publicUrl, brandName: config.brand.name, ownerName: owner.name };
  const job = {
    userId: owner.id,
    idempotencyKey: `backup-confirm-${row!.id}`,
    kind: 'backup_confirm' as const,
  };
  // Past the ceiling per victim the contact is listed, uninvited (the owner may remove and add it later).
  if (await contactMessageAllowed(value, trx))
    await enqueue(trx, [
      kind === 'email'
        ? { ...job, channel: 'email', to: value, ...backupConfirmEmail(link, text) }
        : { ...job, channel: 'sms', to: value, text: backupConfirmSms(link, text) },
    ]);
  ctx.afterCommit(() => ctx.worker?.wake());
  return row!.id;
}
