import type { BackupContact } from '@homing/shared';
import type { BackupContactRow } from '../../services/accounts/backupContactsLister';

/** A backup contact as its owner sees it (never the confirmation secret's hash). */
export const presentBackupContact = (c: BackupContactRow): BackupContact => ({
  id: c.id,
  kind: c.kind,
  value: c.value,
  confirmed: !!c.confirmedAt,
  createdAt: new Date(c.createdAt).toISOString(),
});
