import { Item } from '../models/Item';
import { QrCode } from '../models/QrCode';
import { normalizeCodeValue } from './codeValues';

/**
 * The active item a label is attached to, or null (unknown code, no item, inactive item): one
 * indexed join, since every finder's page load asks it.
 */
export async function findActiveItemByCode(qrCode: string) {
  const row = await Item.knex()('qrCodes as c')
    .join('items as i', 'i.id', 'c.itemId')
    .join('itemTypes as t', 't.id', 'i.itemTypeId')
    .where('c.value', normalizeCodeValue(qrCode))
    .whereNot('i.status', 'inactive')
    .first(
      'c.id as codeId',
      'i.id',
      'i.ownerId',
      'i.name',
      'i.description',
      'i.photoKey',
      'i.status',
      't.icon',
      't.displayName',
      'i.itemTypeId',
    );
  if (!row) return null;
  const item = Item.fromJson(
    {
      id: row.id,
      ownerId: row.ownerId,
      itemTypeId: row.itemTypeId,
      name: row.name,
      description: row.description,
      photoKey: row.photoKey,
      status: row.status,
      itemType: { id: row.itemTypeId, icon: row.icon, displayName: row.displayName },
    },
    { skipValidation: true },
  );
  const code = QrCode.fromJson(
    { id: row.codeId, value: normalizeCodeValue(qrCode) },
    { skipValidation: true },
  );
  return { item, code };
}
