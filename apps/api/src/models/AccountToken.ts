import { BaseModel } from './BaseModel';

export type AccountTokenPurpose = 'password_reset' | 'email_confirm' | 'phone_confirm';

/** A one-time secret sent to a person (a link or a 6-digit code); only its SHA-256 is stored. */
export class AccountToken extends BaseModel {
  static override tableName = 'account_tokens';

  id!: string;
  userId!: string;
  purpose!: AccountTokenPurpose;
  channel!: 'email' | 'sms';
  target!: string;
  secretHash!: string;
  smsOptIn!: boolean | null;
  attempts!: number;
  expiresAt!: Date;
  usedAt!: Date | null;
  createdAt!: Date;
}
