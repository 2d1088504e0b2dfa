import { Model } from 'objection';
import { BaseModel } from './BaseModel';
import { ItemType } from './ItemType';

// active and recovered: finders reach the owner; inactive: the label says so (switched off).
export type ItemStatus = 'active' | 'inactive' | 'recovered';

export class Item extends BaseModel {
  static override tableName = 'items';
  static override hasUpdatedAt = true;

  id!: string;
  ownerId!: string;
  itemTypeId!: string;
  name!: string;
  description!: string;
  photoKey!: string | null;
  status!: ItemStatus;
  recoveredAt!: Date | null;
  /** Lost mode: set while the owner says the item is missing (services/items/lostModeSetter). */
  lostAt!: Date | null;
  lostMessage!: string | null;
  lostReward!: string | null;
  lostStolen!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
  itemType?: ItemType;

  static override relationMappings = () => ({
    itemType: {
      relation: Model.BelongsToOneRelation,
      modelClass: ItemType,
      join: { from: 'items.itemTypeId', to: 'item_types.id' },
    },
  });
}
