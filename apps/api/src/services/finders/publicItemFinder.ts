import type { Knex } from 'knex';
import type { Ctx, Conn } from '../../ctx';
import { batched } from '../../db/batched';
import { preparedQuery } from '../../db/prepared';
import type { Item } from '../../models/Item';
import type { ItemType } from '../../models/ItemType';
import type { QrCode } from '../../models/QrCode';
import { normalizeCodeValue } from '../../lib/codeValues';

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
  lostAt: Date | null;
  lostMessage: string | null;
  lostReward: string | null;
  lostStolen: boolean;
  icon: string;
  displayName: string;
}

// The batch's codes travel as one array, so the statement's text is the same for any batch size
// (a prepared statement's name belongs to one text). Each code is an index probe (a LATERAL
// subquery with LIMIT 1: by value, then the item and its type by key) whatever the tables' sizes
// when the plan was made (`db/prepared.ts`); a join over the array hashed the whole items table.
export const LOOKUP = `
  SELECT x.* FROM unnest(?::text[]) AS v(value)
   CROSS JOIN LATERAL (
         SELECT c.value, c.id AS code_id, i.id, i.owner_id, i.item_type_id, i.name, i.description,
                i.photo_key, i.status, i.lost_at, i.lost_message, i.lost_reward, i.lost_stolen, t.icon,
                t.display_name
           FROM qr_codes c
           JOIN items i ON i.id = c.item_id
           JOIN item_types t ON t.id = i.item_type_id
          WHERE c.value = v.value AND i.status <> 'inactive'
          LIMIT 1) x`;

const lookupRows = (trx: Conn, values: string[]) =>
  preparedQuery<Row>(trx, 'public-items-by-code', LOOKUP, [[...new Set(values)]]);

// On the pool, the pages loading at the same moment share one lookup (a popular label is looked
// up once); one batcher per pool. In a transaction, the lookup runs on that transaction.
const batchers = new WeakMap<Knex, (value: string) => Promise<Row | null>>();
function lookupOn(trx: Conn): (value: string) => Promise<Row | null> {
  if (trx.isTransaction) return async (value) => (await lookupRows(trx, [value]))[0] ?? null;
  let lookup = batchers.get(trx);
  if (!lookup) {
    lookup = batched(async (values: string[]) => {
      const byValue = new Map((await lookupRows(trx, values)).map((row) => [row.value, row]));
      return values.map((value) => byValue.get(value) ?? null);
    });
    batchers.set(trx, lookup);
  }
  return lookup;
}

/** The item as a finder's page and report need it: its own fields and its type, no owner details. */
export type PublicItemRecord = Omit<Row, 'value' | 'codeId' | 'icon' | 'displayName'> & {
  itemType: Pick<ItemType, 'id' | 'icon' | 'displayName'>;
};

/**
 * The active item a label is attached to, or null (unknown code, no item, inactive item): an
 * indexed join as a prepared statement, batched across concurrent page loads on the pool, since
 * every finder's page load asks it. Plain records, not Objection models: building a model and its
 * relation on every page load cost a tenth of the look-up's throughput, and nothing here queries
 * through them.
 */
export async function publicItemFinder(
  props: { qrCode: string },
  { trx }: Pick<Ctx, 'trx'>,
): Promise<{ item: PublicItemRecord; code: Pick<QrCode, 'id' | 'value'> } | null> {
  const value = normalizeCodeValue(props.qrCode);
  const row = await lookupOn(trx)(value);
  if (!row) return null;
  const { value: _value, codeId, icon, displayName, ...fields } = row;
  return {
    item: { ...fields, itemType: { id: row.itemTypeId, icon, displayName } },
    code: { id: codeId, value },
  };
}
