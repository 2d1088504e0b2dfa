import type { Config } from '../../config';
import type { Ctx } from '../../ctx';
import { normalizeCodeValue } from '../../lib/codeValues';
import { isSetClaimable } from '../../models/QrCodeSet';
import { presentPublicItem } from '../../presenters/finders/publicItem';
import { publicItemFinder } from './publicItemFinder';

/**
 * What a label is, as a visitor (no session) meets it at `/qr/{code}` (PRODUCT.md, Label states):
 * - `item`: on an active item, found or lost (the finder page with the item and the form);
 * - `unattached`: claimed but on no item (never attached, or its item deleted): the form reaches
 *   the label's owner;
 * - `inactive`: its item is switched off (the scan's not-active text, no form);
 * - `unclaimed`: nobody owns it (never claimed, or released by a deleted account); `claimable`
 *   when its set has left the print room: the claim landing at once, with its set (`setId`, and
 *   `setCount` = codes of the set nobody owns, as the scan answers them), and the finder's note;
 * - `unknown`: no such code ("QR code not found" and the form to type a code).
 */
export type LabelState =
  | { state: 'item'; item: ReturnType<typeof presentPublicItem> }
  | { state: 'unattached' | 'inactive' | 'unknown' }
  | { state: 'unclaimed'; claimable: false }
  | { state: 'unclaimed'; claimable: true; setId: string; setCount: number };

/**
 * The label's page for a visitor, embedded in the finder page's HTML: the same public view as
 * `GET /api/found/{code}` for an item (the presenter's allowlist, never owner contact details), or
 * the state the finder page speaks to, and the brand. The found item, every finder's common case,
 * is the one join of `publicItemFinder`; any other state costs one more look-up.
 */
export async function labelPageLoader(
  props: { qrCode: string },
  { trx, config }: Pick<Ctx, 'trx'> & { config: Config },
): Promise<LabelState & { brandName: string }> {
  const brandName = config.brand.name;
  const found = await publicItemFinder(props, { trx });
  if (found) return { state: 'item', item: presentPublicItem(found.item), brandName };
  const code = (await trx('qrCodes as c')
    .join('qrCodeSets as s', 's.id', 'c.setId')
    .leftJoin('items as i', 'i.id', 'c.itemId')
    .where('c.value', normalizeCodeValue(props.qrCode))
    .first(
      'c.ownerId',
      'c.itemId',
      'c.setId',
      'i.status',
      's.isPrinted',
      's.isReleased',
      's.parentSetId',
      // The claim landing's set note, in the same round trip: the set's codes nobody owns (only a
      // code nobody owns reads it; a set holds at most a few hundred codes).
      trx.raw(
        '(select count(*) from qr_codes u where u.set_id = c.set_id and u.owner_id is null) as set_count',
      ),
    )) as
    | {
        ownerId: string | null;
        setId: string;
        itemId: string | null;
        status: string | null;
        isPrinted: boolean;
        isReleased: boolean;
        parentSetId: string | null;
        setCount: string | number;
      }
    | undefined;
  if (!code) return { state: 'unknown', brandName };
  // Not found above with an item: the item is switched off.
  if (code.itemId && code.status) return { state: 'inactive', brandName };
  if (code.ownerId) return { state: 'unattached', brandName };
  if (!isSetClaimable(code)) return { state: 'unclaimed', claimable: false, brandName };
  return {
    state: 'unclaimed',
    claimable: true,
    setId: code.setId,
    setCount: Number(code.setCount),
    brandName,
  };
}
