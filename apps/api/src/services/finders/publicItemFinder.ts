import type { Ctx } from '../../ctx';
import type { Item } from '../../models/Item';
import type { ItemType } from '../../models/ItemType';
import type { QrCode } from '../../models/QrCode';
import { normalizeCodeValue } from '../../lib/codeValues';
import { FINDER_STATEMENTS } from './statements';

/** The item as a finder's page and report need it: its own fields and its type, no owner details. */
export type PublicItemRecord = Pick<
  Item,
  | 'id'
  | 'ownerId'
  | 'itemTypeId'
  | 'name'
  | 'description'
  | 'photoKey'
  | 'status'
  | 'lostAt'
  | 'lostMessage'
  | 'lostReward'
  | 'lostStolen'
> & { itemType: Pick<ItemType, 'id' | 'icon' | 'displayName'> };

/**
 * The active item a label is attached to, or null (unknown code, no item, inactive item): one
 * join by the code's unique value and the item's and type's keys, every finder's page load.
 */
export async function publicItemFinder(
  props: { qrCode: string },
  { trx }: Pick<Ctx, 'trx'>,
): Promise<{ item: PublicItemRecord; code: Pick<QrCode, 'id' | 'value'> } | null> {
  const value = normalizeCodeValue(props.qrCode);
  const row = (await trx('qrCodes as c')
    .join('items as i', 'i.id', 'c.itemId')
    .join('itemTypes as t', 't.id', 'i.itemTypeId')
    .where('c.value', value)
    .whereNot('i.status', 'inactive')
    // Planned once per connection, not at every page load (see FINDER_STATEMENTS).
    .options(FINDER_STATEMENTS.pageItem)
    .first(
      'c.id as codeId',
      'i.id',
      'i.ownerId',
      'i.itemTypeId',
      'i.name',
      'i.description',
      'i.photoKey',
      'i.status',
      'i.lostAt',
      'i.lostMessage',
      'i.lostReward',
      'i.lostStolen',
      't.icon',
      't.displayName',
    )) as
    | (Omit<PublicItemRecord, 'itemType'> & Pick<ItemType, 'icon' | 'displayName'> & { codeId: string })
    | undefined;
  if (!row) return null;
  const { codeId, icon, displayName, ...item } = row;
  return {
    item: { ...item, itemType: { id: item.itemTypeId, icon, displayName } },
    code: { id: codeId, value },
  };
}
