import type { Ctx } from '../../ctx';
import { AppError, notFound } from '../../errors';
import type { User } from '../../models/User';
import { openReportCounter } from './openReportCounter';
import { publicItemFinder } from './publicItemFinder';
import { reportTargetFinder } from './reportTargetFinder';

/** The spec's 404, with its own id when the label has an owner to write to but no item. */
const UNATTACHED = 'label_unattached';

/**
 * What the finder page shows for a label: the active item (a claimed label with no item answers
 * 404 `label_unattached`: the finder may still message its owner), and for its owner (scanning their own
 * label after a report) how many reports they may mark recovered; null for anyone else.
 */
export async function finderPageLoader(props: { qrCode: string }, { trx, actor }: Ctx<User | null>) {
  const found = await publicItemFinder(props, { trx });
  if (!found) {
    // Still the spec's 404 and text; the finder page offers the message form under it.
    if (await reportTargetFinder(props, { trx }))
      throw new AppError(404, UNATTACHED, 'Item not found or inactive');
    throw notFound('Item not found or inactive');
  }
  const isOwner = actor?.id === found.item.ownerId;
  const openReportCount = isOwner ? await openReportCounter({ itemId: found.item.id }, { trx }) : null;
  return { item: found.item, openReportCount };
}
