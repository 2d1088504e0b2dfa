import { Model } from 'objection';
import { BaseModel } from './BaseModel';
import { QrCodeSet } from './QrCodeSet';

export class QrCode extends BaseModel {
  static override tableName = 'qr_codes';

  id!: string;
  value!: string;
  setId!: string;
  gridRow!: number;
  gridColumn!: number;
  ownerId!: string | null;
  claimedAt!: Date | null;
  itemId!: string | null;
  assignedAt!: Date | null;
  createdAt!: Date;
  set?: QrCodeSet;

  static override relationMappings = () => ({
    set: {
      relation: Model.BelongsToOneRelation,
      modelClass: QrCodeSet,
      join: { from: 'qr_codes.setId', to: 'qr_code_sets.id' },
    },
  });
}
