import { Model } from 'objection';

export class PendingAssignment extends Model {
  static override tableName = 'pending_assignments';

  id!: string;
  itemId!: string;
  ownerId!: string;
  expiresAt!: Date;
  completedAt!: Date | null;
  qrCodeId!: string | null;
  createdAt!: Date;
}
