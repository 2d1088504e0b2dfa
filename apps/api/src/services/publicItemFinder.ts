import { batched } from '../db/batched';
import { preparedQuery } from '../db/prepared';
import { Item } from '../models/Item';
import { QrCode } from '../models/QrCode';
import { normalizeCodeValue } from './codeValues';

interface Row {
  value: string;
  codeId: string;
  id: string;
  ownerId: string;
  itemTypeId: string;
  name: string;
  description: string;
  photoKey: string | null;
  status: Item['status'];
  icon: string;
  displayName: string;
}

const LOOKUP = `
  SELECT c.value, c.id AS "codeId", i.id, i.owner_id AS "ownerId", i.item_type_id AS "itemTypeId", i.name,
         i.description, i.photo_key AS "photoKey", i.status, t.icon, t.display_name AS "displayName"
    FROM qr_codes c
    JOIN items i ON i.id = c.item_id
    JOIN item_types t ON t.id = i.item_type_id
   WHERE c.value = ANY($1::text[]) AND i.status <> 'inactive'`;

// The pages loading at the same moment share one lookup (a popular label is looked up once).
const lookup = batched(async (values: string[]) => {
  const rows = await preparedQuery<Row>(Item.knex(), 'public-items-by-code', LOOKUP, [[...new Set(values)]]);
  const byValue = new Map(rows.map((row) => [row.value, row]));
  return values.map((value) => byValue.get(value) ?? null);
});

/**
 * The active item a label is attached to, or null (unknown code, no item, inactive item): an
 * indexed join as a prepared statement, batched across concurrent page loads, since every
 * finder's page load asks it.
 */
export async function findActiveItemByCode(qrCode: string) {
  const value = normalizeCodeValue(qrCode);
  const row = await lookup(value);
  if (!row) return null;
  const { value: _value, codeId, icon, displayName, ...fields } = row;
  const item = Item.fromJson(
    { ...fields, itemType: { id: row.itemTypeId, icon, displayName } },
    { skipValidation: true },
  );
  const code = QrCode.fromJson({ id: codeId, value }, { skipValidation: true });
  return { item, code };
}
