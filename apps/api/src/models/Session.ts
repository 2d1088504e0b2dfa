import { BaseModel } from './BaseModel';

/** A sign-in. Only the SHA-256 of the bearer token is stored, so a database leak gives no sessions. */
export class Session extends BaseModel {
  static override tableName = 'sessions';

  id!: string;
  userId!: string;
  tokenHash!: string;
  expiresAt!: Date;
  revokedAt!: Date | null;
  createdAt!: Date;
  lastUsedAt!: Date | null;
  userAgent!: string | null;
}
