import type { Knex } from 'knex';
import { setCreator } from '../services/setCreator';

/** A printed top-level set of `count` codes, as if an admin had printed it. */
export async function printedSet(knex: Knex, count = 8) {
  const { set, codes } = await knex.transaction((trx) =>
    setCreator({ count, templateId: 'avery-4221', name: 'Test set' }, { trx }),
  );
  await knex('qrCodeSets').where({ id: set.id }).update({ isPrinted: true, printedAt: new Date() });
  return { set, codes };
}

/** An item of `ownerId` with a claimed code assigned to it; returns the item id and code value. */
export async function assignedItem(
  knex: Knex,
  ownerId: string,
  opts: { name?: string; status?: string; description?: string } = {},
) {
  const { codes } = await printedSet(knex, 1);
  const [item] = await knex('items')
    .insert({
      ownerId,
      itemTypeId: 'keys',
      name: opts.name ?? 'House keys',
      description: opts.description ?? 'Blue fob',
      status: opts.status ?? 'active',
    })
    .returning('*');
  await knex('qrCodes')
    .where({ id: codes[0]!.id })
    .update({ ownerId, claimedAt: new Date(), itemId: item.id, assignedAt: new Date() });
  return { itemId: item.id as string, code: codes[0]!.value, codeId: codes[0]!.id };
}
