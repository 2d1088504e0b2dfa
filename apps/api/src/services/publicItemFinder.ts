import { Item } from '../models/Item';
import { QrCode } from '../models/QrCode';
import { User } from '../models/User';
import { normalizeCodeValue } from './codeValues';

/** The active item a label is attached to, or null (unknown code, no item, inactive item). */
export async function findActiveItemByCode(qrCode: string) {
  const code = await QrCode.query().findOne({ value: normalizeCodeValue(qrCode) });
  if (!code?.itemId) return null;
  const item = await Item.query().findById(code.itemId).withGraphFetched('itemType');
  if (!item || item.status === 'inactive') return null;
  const owner = await User.query().findById(item.ownerId);
  if (!owner) return null;
  return { code, item, owner };
}
