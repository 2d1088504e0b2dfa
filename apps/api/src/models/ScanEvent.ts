import { BaseModel } from './BaseModel';

export class ScanEvent extends BaseModel {
  static override tableName = 'scan_events';

  id!: string;
  qrCodeId!: string | null;
  itemId!: string | null;
  qrValue!: string;
  scannedAt!: Date;
  deviceType!: string | null;
  platform!: string | null;
  language!: string | null;
  timezone!: string | null;
  connectionType!: string | null;
  screenSize!: string | null;
  referrer!: string | null;
  userAgent!: string | null;
  createdAt!: Date;
}
