import { DASHBOARD_LIST_MAX } from '@homing/shared';
import type { Ctx } from '../../ctx';
import type { LoadedItem } from '../../presenters/items/item';
import { foundEventsPager } from '../finders/foundEventsPager';
import { foundReportsPager } from '../finders/foundReportsPager';
import { countOf } from '../../lib/newestFirstPage';
import { itemsQuery } from '../../policies/ownedItemFinder';

/** The dashboard: newest few of each list plus totals, so the screen knows when to offer View All. */
export async function dashboardLoader(_props: object, ctx: Ctx) {
  const { trx, actor } = ctx;
  const first = { page: 1, limit: DASHBOARD_LIST_MAX };
  const items = (await itemsQuery(trx)
    .where('items.ownerId', actor.id)
    .orderBy('items.createdAt', 'desc')
    .orderBy('items.id', 'desc')
    .limit(DASHBOARD_LIST_MAX)) as LoadedItem[];
  const itemCount = await countOf(trx('items').where('owner_id', actor.id));
  const codes = trx('qr_codes').where('owner_id', actor.id);
  const claimedCount = await countOf(codes.clone());
  const unassignedCount = await countOf(codes.clone().whereNull('item_id'));
  const events = await foundEventsPager(first, ctx);
  const reports = await foundReportsPager(first, ctx);
  return {
    items: { items, totalCount: itemCount },
    qrCodes: { unassignedCount, claimedCount },
    events,
    reports,
  };
}
