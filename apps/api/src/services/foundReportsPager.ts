import type { Ctx } from '../ctx';
import type { FoundReportRow } from '../presenters/foundActivity';
import { newestFirstPage } from './newestFirstPage';
import { threadStateColumns } from './threadLoader';

/** Finder reports about the owner's items, newest first. */
export async function foundReportsPager(props: { page: number; limit: number }, { trx, actor }: Ctx) {
  const { rows, ...more } = await newestFirstPage<FoundReportRow>(
    () => trx('found_reports as r').join('items as i', 'i.id', 'r.item_id').where('i.owner_id', actor.id),
    ['r.*', 'i.name as item_name', ...threadStateColumns(trx)],
    ['r.created_at', 'r.id'],
    props,
  );
  return { reports: rows, ...more };
}
