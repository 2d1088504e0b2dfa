import { Model } from 'objection';
import { ItemType } from './ItemType';

export type ItemStatus = 'active' | 'inactive' | 'recovered';

export class Item extends Model {
  static override tableName = 'items';

  id!: string;
  ownerId!: string;
  itemTypeId!: string;
  name!: string;
  description!: string;
  photoKey!: string | null;
  status!: ItemStatus;
  recoveredAt!: Date | null;
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
