import type { FinderLocale } from '@homing/shared';

import type { Knex } from 'knex';
import type { Conn, Ctx } from '../../ctx';
import { notFound } from '../../errors';
import type { ThreadStateRow } from '../../lib/threadState';
import { heldDigest } from './heldDigest';

/** presenters/finders/foundActivity's unattachedLabelName in SQL, over `items as i` and `qr_codes as c` left-joined to a report. */
export const UNATTACHED_LABEL_NAME_SQL = "coalesce(i.name, 'Label ' || c.value || ' (not attached)')";
/** Whether that name is the owner's list name of a label on no item (finders get lib/finderItemName's). */
export const UNATTACHED_SQL = '(i.name IS NULL) AS unattached';

/**
 * Columns that decide a conversation's state, for a query over `found_reports as r`: the newest
 * finder message, whether the item was marked recovered since (the conversation is then
 * read-only) and whether the owner blocked its sender (its device or contact).
 */
export function threadStateColumns(trx: Conn) {
  return [
    trx.raw(
      `GREATEST(r.created_at, (SELECT max(m.created_at) FROM thread_messages m
        WHERE m.found_report_id = r.id AND m.sender = 'finder')) AS last_finder_message_at`,
    ),
    trx.raw(
      `EXISTS (SELECT 1 FROM recoveries rc WHERE rc.item_id = r.item_id
        AND rc.recovered_at >= r.created_at) AS recovered`,
    ),
    // By the report's owner (a report about a label with no item has no item to go through), by
    // its finder's device or contact (lib/senderKeys.ts), never by a network address.
    trx.raw(
      `EXISTS (SELECT 1 FROM blocked_senders b WHERE b.owner_id = r.owner_id
        AND b.sender_hash IN (r.device_hash, r.email_hash, r.phone_hash)) AS blocked`,
    ),
  ];
}

export interface ThreadReport extends ThreadStateRow {
  id: string;
  /** Null for a label on no item (never attached, or its item deleted). */
  itemId: string | null;
  qrCodeId: string;
  /** Past the item's ceiling: its owner is told by the window's digest (foundReportCreator.ts). */
  held: boolean;
  /** The owner's name for it ("Label … (not attached)" for a label on no item: finderItemName for a finder). */
  itemName: string;
  unattached: boolean;
  ownerId: string;
  qrCode: string | null;
  message: string;
  latitude: string | null;
  longitude: string | null;
  createdAt: Date;
  finderEmail: string;
  finderPhone: string;
  finderLocale: FinderLocale;
  /** Opened by a text: the finder is answered by text, with no link. */
  byText: boolean;
  /** Null until that contact of the finder's is confirmed: the owner's words are not relayed to it before. */
  finderEmailConfirmedAt: Date | null;
  finderPhoneConfirmedAt: Date | null;
  reporterAddressHash: string | null;
}

export interface ThreadMessageRow {
  id: string;
  sender: 'finder' | 'owner';
  body: string;
  latitude: string | null;
  longitude: string | null;
  createdAt: Date;
}

export interface OwnerDelivery {
  threadMessageId: string | null;
  channel: 'email' | 'sms' | 'push';
  deliveredAt: Date;
}

export interface HeldDelivery {
  threadMessageId: string | null;
  nextAttemptAt: Date;
}

export function threadReportQuery(trx: Conn) {
  // A report about a label with no item is a conversation too (PRODUCT.md, Label states): named as the owner's
  // list names it, "Label ABC123 (not attached)".
  return trx('foundReports as r')
    .leftJoin('items as i', 'i.id', 'r.itemId')
    .leftJoin('qrCodes as c', 'c.id', 'r.qrCodeId')
    .select(
      'r.id',
      'r.itemId',
      'r.qrCodeId',
      'r.held',
      trx.raw(`${UNATTACHED_LABEL_NAME_SQL} AS item_name`),
      trx.raw(UNATTACHED_SQL),
      'r.ownerId',
      'c.value as qrCode',
      'r.message',
      'r.latitude',
      'r.longitude',
      'r.createdAt',
      'r.finderEmail',
      'r.finderPhone',
      'r.finderLocale',
      'r.byText',
      'r.finderEmailConfirmedAt',
      'r.finderPhoneConfirmedAt',
      'r.reporterAddressHash',
      'r.ownerReadAt',
      'r.ownerRepliedAt',
      'r.closedAt',
      ...threadStateColumns(trx),
    );
}

/**
 * One conversation as stored: the report (its own text is the first message), the messages after
 * it, and the owner's delivered and quiet-held notifications (the finder's receipts). Presenters decide what each
 * side sees (presenters/finders/thread.ts).
 */
export async function threadLoader(props: { foundReportId: string }, { trx }: Pick<Ctx, 'trx'>) {
  const report = (await threadReportQuery(trx).where('r.id', props.foundReportId).first()) as
    ThreadReport | undefined;
  if (!report) throw notFound('Conversation not found');
  const messages = (await trx('threadMessages')
    .where({ foundReportId: report.id })
    .orderBy([{ column: 'createdAt' }, { column: 'id' }])
    .select('id', 'sender', 'body', 'latitude', 'longitude', 'createdAt')) as ThreadMessageRow[];
  // A held report's owner is told by its window's one digest, filed under the window's first report.
  const digest = report.held
    ? heldDigest(report.itemId ?? report.qrCodeId, new Date(report.createdAt))
    : null;
  const aboutIt = (q: Knex.QueryBuilder) =>
    q.where('foundReportId', report.id).modify((about) => {
      if (digest) about.orWhereIn('idempotencyKey', [digest.key('email'), digest.key('sms')]);
    });
  const deliveries = (await trx('notifications')
    .where(aboutIt)
    .where({ audience: 'owner', status: 'delivered' })
    .orderBy('deliveredAt')
    .select('threadMessageId', 'channel', 'deliveredAt')) as OwnerDelivery[];
  // The owner's alerts that quiet hours hold, and until when (the finder's "held until 07:00").
  const held = (await trx('notifications')
    .where(aboutIt)
    .where({ audience: 'owner', status: 'pending', quietHeld: true })
    .whereNull('escalationStep')
    .orderBy('nextAttemptAt')
    .select('threadMessageId', 'nextAttemptAt')) as HeldDelivery[];
  return { report, messages, deliveries, held };
}

export type LoadedThread = Awaited<ReturnType<typeof threadLoader>>;
