import { BaseModel } from './BaseModel';

export class FoundReport extends BaseModel {
  static override tableName = 'found_reports';

  id!: string;
  itemId!: string;
  qrCodeId!: string | null;
  finderName!: string;
  finderPhone!: string;
  finderEmail!: string;
  message!: string;
  latitude!: string | null;
  longitude!: string | null;
  address!: string | null;
  foundAt!: Date;
  reportMetadata!: Record<string, unknown> | null;
  /** Past the item's ceiling: stored and listed, but told to the owner in one digest. */
  held!: boolean;
  createdAt!: Date;
}
