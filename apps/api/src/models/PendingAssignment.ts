import { BaseModel } from './BaseModel';

export class PendingAssignment extends BaseModel {
  static override tableName = 'pending_assignments';

  id!: string;
  itemId!: string;
  ownerId!: string;
  expiresAt!: Date;
  completedAt!: Date | null;
  qrCodeId!: string | null;
  /** The label the owner's scan offered for this assignment (`assignment_pending`), if any. */
  scannedQrCodeId!: string | null;
  createdAt!: Date;
}
