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
  isAdmin!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
