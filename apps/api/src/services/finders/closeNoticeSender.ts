import type { FinderLocale } from '@homing/shared';
import type { Config } from '../../config';
import type { Conn } from '../../ctx';
import { closeNoticeSms } from '../../notifications/finderMessages';
import { enqueue } from '../../notifications/outbox';
import { optedOut } from '../../notifications/recipients';
import { finderItemName } from '../../lib/finderItemName';
import { UNATTACHED_LABEL_NAME_SQL, UNATTACHED_SQL } from './threadLoader';

/**
 * Conversations that just closed (the item marked recovered, or the owner closing one, a block
 * included): each finder who gave a number is told once by text, in their language, with the
 * reason their page shows (PRODUCT.md, Conversations). A fixed text through the outbox, never the owner's words; a
 * number that answered STOP is not texted (notifications/recipients.ts; the worker asks again).
 */
export async function closeNoticeSender(
  props: { foundReportIds: string[]; reason: 'recovered' | 'closed' },
  { trx, config }: { trx: Conn; config: Pick<Config, 'brand'> },
) {
  if (!props.foundReportIds.length) return;
  const reports = (await trx('foundReports as r')
    .leftJoin('items as i', 'i.id', 'r.itemId')
    .leftJoin('qrCodes as c', 'c.id', 'r.qrCodeId')
    .whereIn('r.id', props.foundReportIds)
    .whereNot('r.finderPhone', '')
    .select(
      'r.id',
      'r.ownerId',
      'r.finderPhone',
      'r.finderLocale',
      trx.raw(`${UNATTACHED_LABEL_NAME_SQL} AS item_name`),
      trx.raw(UNATTACHED_SQL),
      'c.value as qrCode',
    )) as {
    id: string;
    ownerId: string;
    finderPhone: string;
    finderLocale: FinderLocale;
    itemName: string;
    unattached: boolean;
    qrCode: string | null;
  }[];
  const jobs = [];
  for (const r of reports) {
    if (await optedOut(trx, r.finderPhone)) continue;
    jobs.push({
      userId: r.ownerId,
      foundReportId: r.id,
      audience: 'finder' as const,
      channel: 'sms' as const,
      to: r.finderPhone,
      text: closeNoticeSms({
        brand: config.brand.name,
        item: finderItemName(r, r.finderLocale),
        locale: r.finderLocale,
        reason: props.reason,
      }),
      // Once per conversation, however it closes.
      idempotencyKey: `thread-closed-${r.id}`,
    });
  }
  await enqueue(trx, jobs);
}
