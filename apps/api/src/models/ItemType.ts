import { BaseModel } from './BaseModel';

export class ItemType extends BaseModel {
  static override tableName = 'item_types';

  id!: string;
  icon!: string;
  displayName!: string;
  sortOrder!: number;
}
