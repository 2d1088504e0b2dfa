import { Model } from 'objection';

export class ItemType extends Model {
  static override tableName = 'item_types';

  id!: string;
  icon!: string;
  displayName!: string;
  sortOrder!: number;
}
