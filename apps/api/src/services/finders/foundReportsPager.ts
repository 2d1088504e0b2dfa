import type { Ctx } from '../../ctx';
import type { FoundReportRow } from '../../presenters/finders/foundActivity';
import { newestFirstPage } from '../../lib/newestFirstPage';
import { threadStateColumns, UNATTACHED_LABEL_NAME_SQL } from './threadLoader';

/**
 * Finder reports to the owner, newest first: about their items, and about their labels with no
 * item (never attached, or the item deleted), named "Label ABC123 (not attached)".
 */
export async function foundReportsPager(props: { page: number; limit: number }, { trx, actor }: Ctx) {
  const { rows, ...more } = await newestFirstPage<FoundReportRow>(
    () =>
      trx('found_reports as r')
        .leftJoin('items as i', 'i.id', 'r.item_id')
        .leftJoin('qr_codes as c', 'c.id', 'r.qr_code_id')
        .where('r.owner_id', actor.id),
    ['r.*', trx.raw(`${UNATTACHED_LABEL_NAME_SQL} AS item_name`), ...threadStateColumns(trx)],
    ['r.created_at', 'r.id'],
    props,
  );
  return { reports: rows, ...more };
}
