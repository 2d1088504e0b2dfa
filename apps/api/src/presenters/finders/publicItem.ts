import type { Item } from '../../models/Item';
import type { ItemType } from '../../models/ItemType';
import { photoUrl } from '../../storage/photoStore';
import { presentLost } from '../items/item';

type PublicFields = Pick<
  Item,
  'id' | 'name' | 'description' | 'photoKey' | 'lostAt' | 'lostMessage' | 'lostReward' | 'lostStolen'
> & { itemType?: Pick<ItemType, 'id' | 'icon' | 'displayName'> | null };

/** What a finder may see of an item: never the owner's name, e-mail or phone. */
export const presentPublicItem = (item: PublicFields) => ({
  id: item.id,
  name: item.name,
  description: item.description,
  photoUrl: photoUrl(item.photoKey),
  itemType: item.itemType
    ? { id: item.itemType.id, icon: item.itemType.icon, displayName: item.itemType.displayName }
    : null,
  // Lost mode: the owner's message to finders, the reward and whether it was stolen (never contacts).
  lost: presentLost(item),
});

export const presentVoucher = (v: {
  id: string;
  code: string;
  issuedAt: Date;
  expiresAt: Date;
  redeemedAt: Date | null;
  voidedAt?: Date | null;
  itemName?: string;
}) => ({
  id: v.id,
  code: v.code,
  itemName: v.itemName ?? null,
  issuedAt: new Date(v.issuedAt).toISOString(),
  /** The last moment it can be redeemed (gift_settings' validity when it was issued). */
  expiresAt: new Date(v.expiresAt).toISOString(),
  redeemedAt: v.redeemedAt ? new Date(v.redeemedAt).toISOString() : null,
  /** Set when an admin voided the voucher: it is shown as void and cannot be used. */
  voidedAt: v.voidedAt ? new Date(v.voidedAt).toISOString() : null,
});
