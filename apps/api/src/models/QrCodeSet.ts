import { Model, type QueryBuilder } from 'objection';
import { BaseModel } from './BaseModel';
// A cycle with QrCode is fine: relation mappings are thunks, read after both modules load.
import { QrCode } from './QrCode';

/**
 * A code has left the print room when its set is printed and, for a child of a split, released.
 * Only then may an owner claim it (PRODUCT.md, Codes).
 */
export const isSetClaimable = (set: Pick<QrCodeSet, 'isPrinted' | 'isReleased' | 'parentSetId'>) =>
  set.isPrinted && (set.parentSetId === null || set.isReleased);

export class QrCodeSet extends BaseModel {
  static override tableName = 'qr_code_sets';
  static override hasUpdatedAt = true;

  id!: string;
  name!: string;
  parentSetId!: string | null;
  templateId!: string;
  rows!: number;
  columns!: number;
  firstRow!: number;
  isPrinted!: boolean;
  printedAt!: Date | null;
  isReleased!: boolean;
  releasedAt!: Date | null;
  createdBy!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
  qrCodes?: QrCode[];
  children?: QrCodeSet[];

  static override relationMappings = () => ({
    qrCodes: {
      relation: Model.HasManyRelation,
      modelClass: QrCode,
      join: { from: 'qr_code_sets.id', to: 'qr_codes.setId' },
    },
    children: {
      relation: Model.HasManyRelation,
      modelClass: QrCodeSet,
      join: { from: 'qr_code_sets.id', to: 'qr_code_sets.parentSetId' },
    },
  });

  static override modifiers = {
    topLevel: (q: QueryBuilder<QrCodeSet>) => q.whereNull('parentSetId'),
  };
}
