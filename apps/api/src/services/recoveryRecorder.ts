import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { conflict, notFound } from '../errors';
import { Item } from '../models/Item';
import { CODE_ALPHABET } from './codeValues';

export const NO_OPEN_REPORT = 'There is no new finder report for this item to mark as recovered.';

const voucherCode = () =>
  'GIFT-' + Array.from(crypto.randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

/** Finder reports of an item newer than its last recovery: what a recovery would resolve. */
export function openReports(knex: Knex, itemId: string) {
  return knex('foundReports as r')
    .where('r.itemId', itemId)
    .whereNotExists(
      knex('recoveries as rc').whereRaw('rc.item_id = r.item_id').whereRaw('rc.recovered_at >= r.created_at'),
    );
}

/**
 * The owner marks an item recovered after a finder report: the recovery is recorded and a gift
 * voucher issued, once per report (the landing page's promise).
 */
export async function recoveryRecorder(props: { itemId: string; ownerId: string }, { knex }: { knex: Knex }) {
  return knex.transaction(async (trx) => {
    // Locks the item so two taps cannot issue two vouchers.
    const item = await Item.query(trx).findById(props.itemId).forUpdate();
    if (!item || item.ownerId !== props.ownerId) throw notFound('Item not found');
    const latest = await openReports(trx, item.id).orderBy('r.createdAt', 'desc').first('r.id');
    if (!latest) throw conflict('no_open_report', NO_OPEN_REPORT);
    const [recovery] = await trx('recoveries')
      .insert({ itemId: item.id, foundReportId: latest.id })
      .returning('*');
    const [voucher] = await trx('giftVouchers')
      .insert({ code: voucherCode(), userId: props.ownerId, recoveryId: recovery.id })
      .returning('*');
    await Item.query(trx).patch({ recoveredAt: recovery.recoveredAt }).findById(item.id);
    return { recovery, voucher, item };
  });
}
