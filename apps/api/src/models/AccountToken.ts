import { BaseModel } from './BaseModel';

/** `contact_undo`: sent to the old address or number after a change; its target is restored. */
export type AccountTokenPurpose = 'password_reset' | 'email_confirm' | 'phone_confirm' | 'contact_undo';

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
