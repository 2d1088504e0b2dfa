import type { Ctx } from '../../ctx';
import { QrCode } from '../../models/QrCode';
import { normalizeCodeValue } from '../../lib/codeValues';
import { publicItemFinder } from './publicItemFinder';

/**
 * Whom a finder's message about a label reaches: the owner of the active item it is on, or, for a
 * claimed label with no item (never attached, or its item deleted), the label's owner, so a finder
 * never meets a dead end. Null for everything a finder cannot write to: unknown codes, labels nobody
 * claimed, and items their owner switched off.
 */
export async function reportTargetFinder(props: { qrCode: string }, { trx }: Pick<Ctx, 'trx'>) {
  const found = await publicItemFinder(props, { trx });
  if (found) return { item: found.item, code: found.code, ownerId: found.item.ownerId };
  const code = await QrCode.query(trx)
    .findOne({ value: normalizeCodeValue(props.qrCode) })
    .whereNull('itemId')
    .whereNotNull('ownerId');
  if (!code?.ownerId) return null;
  return { item: null, code, ownerId: code.ownerId };
}
