import type { Item as ItemDto, ItemType as ItemTypeDto } from '@homing/shared';
import type { Item } from '../../models/Item';
import type { ItemType } from '../../models/ItemType';
import { photoUrl } from '../../storage/photoStore';

/** An item as loaded by policies/ownedItemFinder: with its type and its label's value. */
export type LoadedItem = Item & { itemType: ItemType; qrCodeValue: string | null };

export const presentItemType = (t: ItemType): ItemTypeDto => ({
  id: t.id,
  icon: t.icon,
  displayName: t.displayName,
});

/** The owner's view of an item (PRODUCT.md, Entities). */
export const presentItem = (item: LoadedItem): ItemDto => ({
  id: item.id,
  name: item.name,
  description: item.description,
  photoUrl: photoUrl(item.photoKey),
  status: item.status,
  itemType: presentItemType(item.itemType),
  qrCode: item.qrCodeValue ?? null,
  createdAt: new Date(item.createdAt).toISOString(),
  lost: presentLost(item),
});

/** Lost mode as owners and finders see it (the same four fields), or null. */
export const presentLost = (item: Pick<Item, 'lostAt' | 'lostMessage' | 'lostReward' | 'lostStolen'>) =>
  item.lostAt
    ? {
        since: new Date(item.lostAt).toISOString(),
        message: item.lostMessage ?? '',
        reward: item.lostReward ?? '',
        stolen: !!item.lostStolen,
      }
    : null;
