import type { Ctx } from '../ctx';
import { notFound } from '../errors';
import type { User } from '../models/User';
import { openReportCounter } from './openReportCounter';
import { publicItemFinder } from './publicItemFinder';

/**
 * What the finder page shows for a label: the active item, and for its owner (scanning their own
 * label after a report) how many reports they may mark recovered; null for anyone else.
 */
export async function finderPageLoader(props: { qrCode: string }, { trx, actor }: Ctx<User | null>) {
  const found = await publicItemFinder(props, { trx });
  if (!found) throw notFound('Item not found or inactive');
  const isOwner = actor?.id === found.item.ownerId;
  const openReportCount = isOwner ? await openReportCounter({ itemId: found.item.id }, { trx }) : null;
  return { item: found.item, openReportCount };
}
