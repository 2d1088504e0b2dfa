import type { Knex } from 'knex';
import type { Conn } from '../ctx';

/**
 * Every table that holds an owner's personal data, in one place: the export reads each section,
 * the account deleter removes (or unlinks) each one, and the deletion test proves every section
 * is empty afterwards. A new table with personal rows adds its section here.
 *
 * `afterDeletion` says what deleting the account does to the section's rows: `deleted` (gone with
 * the account) or `unlinked` (rows that belong to someone else too, kept without the link to
 * the account: reports this person sent, as a finder, about other owners' items).
 */
export interface PersonalDataSection {
  name: string;
  afterDeletion: 'deleted' | 'unlinked';
  rows(trx: Conn, userId: string): Knex.QueryBuilder;
}

const ownItems = (trx: Conn, userId: string) => trx('items').select('id').where({ ownerId: userId });
const ownCodes = (trx: Conn, userId: string) => trx('qrCodes').select('id').where({ ownerId: userId });

export const PERSONAL_DATA: readonly PersonalDataSection[] = [
  {
    name: 'account',
    afterDeletion: 'deleted',
    // Everything but the password hash.
    rows: (trx, userId) =>
      trx('users')
        .where({ id: userId })
        .select('id', 'name', 'email', 'phoneNumber', 'smsOptIn', 'isAdmin', 'createdAt', 'updatedAt'),
  },
  {
    name: 'notificationPreferences',
    afterDeletion: 'deleted',
    rows: (trx, userId) => trx('notificationPreferences').where({ userId }),
  },
  {
    name: 'backupContacts',
    afterDeletion: 'deleted',
    // Never the confirmation secret's hash.
    rows: (trx, userId) =>
      trx('backupContacts')
        .where({ ownerId: userId })
        .select('id', 'kind', 'value', 'confirmedAt', 'createdAt')
        .orderBy('createdAt'),
  },
  {
    name: 'sessions',
    afterDeletion: 'deleted',
    // Never the token hash.
    rows: (trx, userId) =>
      trx('sessions')
        .where({ userId })
        .select('id', 'createdAt', 'lastUsedAt', 'expiresAt', 'revokedAt', 'userAgent')
        .orderBy('createdAt'),
  },
  {
    name: 'items',
    afterDeletion: 'deleted',
    rows: (trx, userId) => trx('items').where({ ownerId: userId }).orderBy('createdAt'),
  },
  {
    name: 'labels',
    afterDeletion: 'deleted',
    rows: (trx, userId) =>
      trx('qrCodes')
        .where({ ownerId: userId })
        .select('id', 'value', 'claimedAt', 'itemId', 'assignedAt')
        .orderBy('value'),
  },
  {
    name: 'pendingAssignments',
    afterDeletion: 'deleted',
    rows: (trx, userId) => trx('pendingAssignments').where({ ownerId: userId }),
  },
  {
    name: 'foundReports',
    afterDeletion: 'deleted',
    // What finders wrote about the owner's items (without the hash of the sender's address).
    rows: (trx, userId) =>
      trx('foundReports')
        .whereIn('itemId', ownItems(trx, userId))
        .select(
          'id',
          'itemId',
          'finderName',
          'finderPhone',
          'finderEmail',
          'message',
          'latitude',
          'longitude',
          'address',
          'foundAt',
          'reportMetadata',
          'held',
          'createdAt',
        )
        .orderBy('createdAt'),
  },
  {
    name: 'scans',
    afterDeletion: 'deleted',
    rows: (trx, userId) =>
      trx('scanEvents')
        .where((q) => q.whereIn('itemId', ownItems(trx, userId)).orWhereIn('qrCodeId', ownCodes(trx, userId)))
        .orderBy('scannedAt'),
  },
  {
    name: 'recoveries',
    afterDeletion: 'deleted',
    rows: (trx, userId) => trx('recoveries').whereIn('itemId', ownItems(trx, userId)),
  },
  {
    name: 'giftVouchers',
    afterDeletion: 'deleted',
    rows: (trx, userId) => trx('giftVouchers').where({ userId }),
  },
  {
    name: 'notifications',
    afterDeletion: 'deleted',
    rows: (trx, userId) =>
      trx('notifications')
        .where({ userId })
        .select('id', 'channel', 'payload', 'status', 'urgent', 'createdAt', 'deliveredAt')
        .orderBy('createdAt'),
  },
  {
    name: 'claimGrants',
    afterDeletion: 'deleted',
    rows: (trx, userId) => trx('claimGrants').where({ holder: `user:${userId}` }),
  },
  {
    name: 'reportsSent',
    afterDeletion: 'unlinked',
    rows: (trx, userId) =>
      trx('foundReports')
        .where({ reporterId: userId })
        .select('id', 'finderName', 'finderPhone', 'finderEmail', 'message', 'foundAt', 'createdAt'),
  },
];
