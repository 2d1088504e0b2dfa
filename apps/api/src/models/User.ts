import { BaseModel } from './BaseModel';

export class User extends BaseModel {
  static override tableName = 'users';
  static override hasUpdatedAt = true;

  id!: string;
  name!: string | null;
  email!: string | null;
  phoneNumber!: string | null;
  passwordHash!: string;
  smsOptIn!: boolean;
  /** Null until the address is confirmed (a link by e-mail). */
  emailVerifiedAt!: Date | null;
  /** Null until the number is confirmed (a code by SMS); nothing is texted to it before. */
  phoneVerifiedAt!: Date | null;
  isAdmin!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
