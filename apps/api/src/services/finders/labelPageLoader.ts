import type { Config } from '../../config';
import type { Ctx } from '../../ctx';
import { presentPublicItem } from '../../presenters/finders/publicItem';
import { publicItemFinder } from './publicItemFinder';

/**
 * What the label's page (`/qr/{code}`) shows a visitor when the label is on a found item: the same
 * public view as `GET /api/found/{code}` (the presenter's allowlist, never owner contact details)
 * and the brand, embedded in the finder page's HTML. Null for any other scan outcome (unknown,
 * unclaimed, unassigned, not active): those keep the owner app's scan screens.
 */
export async function labelPageLoader(
  props: { qrCode: string },
  { trx, config }: Pick<Ctx, 'trx'> & { config: Config },
) {
  const found = await publicItemFinder(props, { trx });
  return found ? { item: presentPublicItem(found.item), brandName: config.brand.name } : null;
}
