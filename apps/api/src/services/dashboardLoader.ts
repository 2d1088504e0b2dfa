import { DASHBOARD_LIST_MAX } from '@homing/shared';
import type { Knex } from 'knex';
import type { LoadedItem } from '../presenters/item';
import type { FoundEventRow, FoundReportRow } from '../presenters/foundActivity';
import { itemsQuery, type Ctx } from './itemQueries';

type Trx = Ctx['trx'];

// Found events are scans of the owner's items by others: the scan recorder links a scan to its
// item only when the scanner is not the owner (routes/found), so every linked scan counts.
const foundEventsQuery = (trx: Trx, ownerId: string) =>
  trx('scan_events as e').join('items as i', 'i.id', 'e.item_id').where('i.owner_id', ownerId);

const foundReportsQuery = (trx: Trx, ownerId: string) =>
  trx('found_reports as r').join('items as i', 'i.id', 'r.item_id').where('i.owner_id', ownerId);

const count = async (q: Knex.QueryBuilder) => {
  const rows = (await q.count({ n: '*' })) as { n: string | number }[];
  return Number(rows[0]?.n ?? 0);
};

/** One page of a list, newest first (ties by id); one row more than asked tells whether more follow. */
async function newestFirstPage<R>(
  list: () => Knex.QueryBuilder,
  columns: string[],
  [timeColumn, idColumn]: [string, string],
  { page, limit }: { page: number; limit: number },
) {
  const rows: R[] = await list()
    .select(columns)
    .orderBy(timeColumn, 'desc')
    .orderBy(idColumn, 'desc')
    .offset((page - 1) * limit)
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, totalCount: await count(list()) };
}

export async function foundEventsPager(props: { page: number; limit: number }, { trx, actor }: Ctx) {
  const { rows, ...more } = await newestFirstPage<FoundEventRow>(
    () => foundEventsQuery(trx, actor.id),
    ['e.id', 'e.scanned_at', 'i.id as item_id', 'i.name as item_name'],
    ['e.scanned_at', 'e.id'],
    props,
  );
  return { events: rows, ...more };
}

export async function foundReportsPager(props: { page: number; limit: number }, { trx, actor }: Ctx) {
  const { rows, ...more } = await newestFirstPage<FoundReportRow>(
    () => foundReportsQuery(trx, actor.id),
    ['r.*', 'i.name as item_name'],
    ['r.created_at', 'r.id'],
    props,
  );
  return { reports: rows, ...more };
}

/** The dashboard: newest few of each list plus totals, so the screen knows when to offer View All. */
export async function dashboardLoader(_props: object, ctx: Ctx) {
  const { trx, actor } = ctx;
  const first = { page: 1, limit: DASHBOARD_LIST_MAX };
  const items = (await itemsQuery(trx)
    .where('items.ownerId', actor.id)
    .orderBy('items.createdAt', 'desc')
    .orderBy('items.id', 'desc')
    .limit(DASHBOARD_LIST_MAX)) as LoadedItem[];
  const itemCount = await count(trx('items').where('owner_id', actor.id));
  const codes = trx('qr_codes').where('owner_id', actor.id);
  const claimedCount = await count(codes.clone());
  const unassignedCount = await count(codes.clone().whereNull('item_id'));
  const events = await foundEventsPager(first, ctx);
  const reports = await foundReportsPager(first, ctx);
  return {
    items: { items, totalCount: itemCount },
    qrCodes: { unassignedCount, claimedCount },
    events,
    reports,
  };
}
