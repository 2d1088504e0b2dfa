import type { Knex } from 'knex';
import type { Conn } from '../../ctx';

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
    name: 'pushDevices',
    afterDeletion: 'deleted',
    // Never the endpoint or the keys.
    rows: (trx, userId) =>
      trx('pushSubscriptions')
        .where({ userId })
        .select('id', 'device', 'createdAt', 'lastPushedAt')
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
    // What finders wrote to the owner, about an item or a label with no item: never the finder's
    // e-mail, phone or address hash, nor the device details their page sent (an owner never sees
    // them; the conversation is the way back).
    rows: (trx, userId) =>
      trx('foundReports')
        .where({ ownerId: userId })
        .select(
          'id',
          'itemId',
          'qrCodeId',
          'finderName',
          'message',
          'latitude',
          'longitude',
          'address',
          'foundAt',
          'held',
          'ownerReadAt',
          'ownerRepliedAt',
          'closedAt',
          'createdAt',
        )
        .orderBy('createdAt'),
  },
  {
    name: 'conversationMessages',
    afterDeletion: 'deleted',
    // The messages after each report, both sides' (the report's own text is the first message).
    rows: (trx, userId) =>
      trx('threadMessages')
        .whereIn('foundReportId', trx('foundReports').select('id').where({ ownerId: userId }))
        .select('id', 'foundReportId', 'sender', 'body', 'latitude', 'longitude', 'createdAt')
        .orderBy('createdAt'),
  },
  {
    name: 'blockedSenders',
    afterDeletion: 'deleted',
    // Which conversations the owner blocked (the sender's address hash stays private).
    rows: (trx, userId) =>
      trx('blockedSenders').where({ ownerId: userId }).select('id', 'foundReportId', 'createdAt'),
  },
  {
    name: 'contactConfirmations',
    afterDeletion: 'deleted',
    // Reset links and confirmation codes sent to the account's contacts (never their secrets).
    rows: (trx, userId) =>
      trx('accountTokens')
        .where({ userId })
        .select('id', 'purpose', 'channel', 'target', 'expiresAt', 'usedAt', 'createdAt')
        .orderBy('createdAt'),
  },
  {
    name: 'scans',
    afterDeletion: 'deleted',
    // When and where a label was scanned, and on what kind of device: never the finder's full
    // user agent, device id or address hash (only what the owner's screens show).
    rows: (trx, userId) =>
      trx('scanEvents')
        .where((q) => q.whereIn('itemId', ownItems(trx, userId)).orWhereIn('qrCodeId', ownCodes(trx, userId)))
        .select(
          'id',
          'qrCodeId',
          'itemId',
          'qrValue',
          'scannedAt',
          'deviceType',
          'platform',
          'latitude',
          'longitude',
        )
        .orderBy('scannedAt')
        .orderBy('id'),
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
      // The owner's own notifications; rows written to a finder (their conversation link, the
      // owner's replies) carry the finder's contact and are not the owner's to read.
      trx('notifications')
        .where({ userId, audience: 'owner' })
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
