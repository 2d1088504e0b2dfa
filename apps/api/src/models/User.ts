import { Model } from 'objection';

export class User extends Model {
  static override tableName = 'users';

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
