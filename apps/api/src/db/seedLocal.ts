import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { User } from '../models/User';
import { userRegistrar } from '../services/userRegistrar';

export const LOCAL_ADMIN_EMAIL = 'admin@homing.local';

/** The embedded trial: a local admin, created once, whose password is printed only that once. */
export async function seedLocal({ logger }: { knex: Knex; config: Config; logger: Logger }) {
  const anyAdmin = await User.query().findOne({ isAdmin: true });
  if (anyAdmin) return;
  const password = crypto.randomBytes(9).toString('base64url');
  await userRegistrar({
    email: LOCAL_ADMIN_EMAIL,
    password,
    name: 'Local Admin',
    phoneNumber: null,
    smsOptIn: false,
    isAdmin: true,
  });
  logger.info({ email: LOCAL_ADMIN_EMAIL }, 'created a local admin account');
  console.log(
    `\n  Local admin created: ${LOCAL_ADMIN_EMAIL} / ${password}\n  (shown once; change it with npm run admin)\n`,
  );
}
