import { ITEM_MESSAGES } from '@homing/shared';
import type { Conn, Ctx } from '../../ctx';
import { validationError } from '../../errors';
import { ItemType } from '../../models/ItemType';

/** Every item type, in the order the pickers show them. */
export const itemTypeLister = (_props: object, { trx }: Pick<Ctx, 'trx'>) =>
  ItemType.query(trx).orderBy('sortOrder').orderBy('id');

/** The item type, or 400 for an unknown one (used by the item commands). */
export async function requireItemType(itemTypeId: string, trx: Conn) {
  const type = await ItemType.query(trx).findById(itemTypeId);
  if (!type) throw validationError(ITEM_MESSAGES.unknownType);
  return type;
}
