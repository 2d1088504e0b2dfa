import { BaseModel } from './BaseModel';

export class PendingAssignment extends BaseModel {
  static override tableName = 'pending_assignments';

  id!: string;
  itemId!: string;
  ownerId!: string;
  expiresAt!: Date;
  completedAt!: Date | null;
  qrCodeId!: string | null;
  createdAt!: Date;
}
