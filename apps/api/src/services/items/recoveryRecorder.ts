import crypto from 'node:crypto';
import type { GiftRefusalReason } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { conflict, notFound } from '../../errors';
import { Item } from '../../models/Item';
import { addressHash } from '../../lib/addressHash';
import { CODE_ALPHABET } from '../../lib/codeValues';
import type { Config } from '../../config';
import { closeNoticeSender } from '../finders/closeNoticeSender';
import { openReports } from '../finders/openReportCounter';
import { giftSettingsLoader } from './giftSettings';

export const NO_OPEN_REPORT = 'There is no new finder report for this item to mark as recovered.';

const pad = (n: number) => String(n).padStart(2, '0');
/** The spec's MM-DD-YYYY, of a UTC day. */
const utcDate = (d: Date) => `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${d.getUTCFullYear()}`;

/** Why a recovery earns no gift, in plain words (the finder page says the same in es/fr by reason). */
export const GIFT_REFUSAL_MESSAGES = {
  own_account: 'The message about it was sent from your own account. Gifts are for things a stranger found.',
  own_network:
    'The message about it was sent from the same network (internet address) you are using now. Gifts are for things a stranger found.',
  item_gifted: 'This item has already earned its one gift.',
  no_conversation:
    'A gift needs a real conversation with the finder: a reply from you, then a reply from the finder.',
  monthly_limit: (limit: number, again: Date) =>
    `This account has had its ${limit === 1 ? 'gift' : `${limit} gifts`} for this month. Gifts start again on ${utcDate(again)}.`,
} as const;

const voucherCode = () =>
  'GIFT-' + Array.from(crypto.randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The owner marks an item recovered after a finder report: the recovery is recorded and the item
 * becomes `recovered` (an item switched off stays `inactive`). Finders still reach a recovered
 * item's owner, and a new report makes it `active` again (foundReportCreator).
 *
 * The gift cannot be farmed. A recovery earns a voucher only when all of these hold, checked in this
 * order; the first that fails is the refusal's reason (`refusal`, with the voucher null):
 * - `own_account` / `own_network`: some open report was sent by someone else, that is neither from
 *   the owner's session nor from the address the owner marks the recovery from;
 * - `item_gifted`: the item never earned a voucher before (a voided one included);
 * - `no_conversation`: on such a report, the owner replied and the finder answered after that;
 * - `monthly_limit`: the account got fewer vouchers this calendar month (UTC) than the admins'
 *   monthly limit (voided ones count).
 * A voucher expires after the admins' number of days (`gift_settings`, else the defaults).
 */
export async function recoveryRecorder(
  props: { itemId: string; ip: string },
  { trx, actor, config }: TrxCtx & { config: Pick<Config, 'brand'> },
) {
  // The account, then the item: two taps, or two items at once, cannot pass the monthly limit twice.
  await trx('users').where({ id: actor.id }).forUpdate().first('id');
  const item = await Item.query(trx).findById(props.itemId).forUpdate();
  if (!item || item.ownerId !== actor.id) throw notFound('Item not found');
  const reports: {
    id: string;
    reporterId: string | null;
    reporterAddressHash: string | null;
    closedAt: Date | null;
  }[] = await openReports(trx, item.id)
    .orderBy('r.createdAt', 'desc')
    .select('r.id', 'r.reporterId', 'r.reporterAddressHash', 'r.closedAt');
  const latest = reports[0];
  if (!latest) throw conflict('no_open_report', NO_OPEN_REPORT);

  const settings = await giftSettingsLoader({}, { trx });
  const refusal = await giftRefusal();

  const [recovery] = await trx('recoveries')
    .insert({ itemId: item.id, foundReportId: latest.id })
    .returning('*');
  const [voucher] = refusal
    ? [null]
    : await trx('giftVouchers')
        .insert({
          code: voucherCode(),
          userId: actor.id,
          recoveryId: recovery.id,
          expiresAt: new Date(Date.now() + settings.validDays * DAY_MS),
        })
        .returning('*');
  await Item.query(trx)
    .findById(item.id)
    .patch({
      recoveredAt: recovery.recoveredAt,
      status: item.status === 'inactive' ? 'inactive' : 'recovered',
      // Home again: lost mode ends (its scans stop alerting, the label's page stops saying lost).
      lostAt: null,
      lostMessage: null,
      lostReward: null,
      lostStolen: false,
    });
  // Their conversations close: each finder who gave a number is told once, in their language.
  await closeNoticeSender(
    { foundReportIds: reports.filter((r) => !r.closedAt).map((r) => r.id), reason: 'recovered' },
    { trx, config },
  );
  return { recovery, voucher, item, settings, refusal };

  async function giftRefusal(): Promise<{ reason: GiftRefusalReason; message: string } | null> {
    const refuse = (reason: Exclude<GiftRefusalReason, 'monthly_limit'>) => ({
      reason,
      message: GIFT_REFUSAL_MESSAGES[reason],
    });
    const ownAddress = await addressHash(trx, props.ip);
    const bySomeoneElse = reports.filter(
      (r) => r.reporterId !== actor.id && r.reporterAddressHash !== ownAddress,
    );
    if (!bySomeoneElse.length) return refuse(latest!.reporterId === actor.id ? 'own_account' : 'own_network');

    const earlierGift = await trx('giftVouchers as v')
      .join('recoveries as rc', 'rc.id', 'v.recoveryId')
      .where('rc.itemId', item!.id)
      .first('v.id');
    if (earlierGift) return refuse('item_gifted');

    // The owner replied, and the finder wrote again after that reply.
    const conversation = await trx('threadMessages as o')
      .join('threadMessages as f', 'f.foundReportId', 'o.foundReportId')
      .whereIn(
        'o.foundReportId',
        bySomeoneElse.map((r) => r.id),
      )
      .where('o.sender', 'owner')
      .where('f.sender', 'finder')
      .whereRaw('f.created_at > o.created_at')
      .first('o.foundReportId');
    if (!conversation) return refuse('no_conversation');

    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [row] = (await trx('giftVouchers')
      .where({ userId: actor.id })
      .where('issuedAt', '>=', monthStart)
      .count({ n: '*' })) as { n: string | number }[];
    if (Number(row?.n ?? 0) >= settings.monthlyLimit) {
      const again = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      return {
        reason: 'monthly_limit',
        message: GIFT_REFUSAL_MESSAGES.monthly_limit(settings.monthlyLimit, again),
      };
    }
    return null;
  }
}
