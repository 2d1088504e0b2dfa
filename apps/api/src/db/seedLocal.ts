import crypto from 'node:crypto';
import { defaultTemplate } from '@homing/label-layout';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { QrCode } from '../models/QrCode';
import { QrCodeSet } from '../models/QrCodeSet';
import { User } from '../models/User';
import { setCreator } from '../services/labels/setCreator';
import { userRegistrar } from '../services/accounts/userRegistrar';

export const LOCAL_ADMIN_EMAIL = 'admin@homing.local';
export const DEMO_SET_NAME = 'Demo labels';
export const DEMO_CODE_COUNT = 8;

/** What the start banner tells a new user (`banner.ts`): the admin to sign in with and a label to try. */
export interface SeedOutcome {
  /** The password only on the start that created the account: it is never stored in clear. */
  admin: { contact: string; password: string | null } | null;
  demoUrl: string | null;
}

/**
 * The embedded trial: a local admin (its password shown only once) and a printed, released set
 * of demo labels, so a new user can open a label URL from the banner and claim it in the first minute.
 */
export async function seedLocal(deps: { knex: Knex; config: Config; logger: Logger }): Promise<SeedOutcome> {
  const admin = await seedAdmin(deps);
  const demoUrl = await seedDemoLabels(deps);
  return { admin, demoUrl };
}

async function seedAdmin({ knex, logger }: { knex: Knex; logger: Logger }): Promise<SeedOutcome['admin']> {
  const anyAdmin = await User.query(knex).findOne({ isAdmin: true }).orderBy('createdAt');
  if (anyAdmin) return { contact: anyAdmin.email ?? anyAdmin.phoneNumber ?? '', password: null };
  const password = crypto.randomBytes(9).toString('base64url');
  await userRegistrar(
    {
      email: LOCAL_ADMIN_EMAIL,
      password,
      name: 'Local Admin',
      phoneNumber: null,
      smsOptIn: false,
      isAdmin: true,
    },
    { trx: knex },
  );
  logger.info({ email: LOCAL_ADMIN_EMAIL }, 'created a local admin account');
  return { contact: LOCAL_ADMIN_EMAIL, password };
}

/** Creates the demo set once; on every start returns the URL of one of its labels that nobody has claimed. */
export async function seedDemoLabels({
  knex,
  config,
  logger,
}: {
  knex: Knex;
  config: Config;
  logger: Logger;
}) {
  let set = await QrCodeSet.query(knex).modify('topLevel').findOne({ name: DEMO_SET_NAME });
  if (!set) {
    set = await knex.transaction(async (trx) => {
      const created = await setCreator(
        { count: DEMO_CODE_COUNT, templateId: defaultTemplate.id, name: DEMO_SET_NAME },
        { trx },
      );
      // Printed and released: the demo labels have "left the print room" and can be claimed.
      const now = new Date();
      return QrCodeSet.query(trx).patchAndFetchById(created.set.id, {
        isPrinted: true,
        printedAt: now,
        isReleased: true,
        releasedAt: now,
      });
    });
    logger.info({ setId: set.id, count: DEMO_CODE_COUNT }, 'created demo labels');
  }
  const free = await QrCode.query(knex)
    .where({ setId: set.id })
    .whereNull('ownerId')
    .orderBy('gridRow')
    .orderBy('gridColumn')
    .first();
  if (!free) return null;
  return `${config.publicUrl}/qr/${free.value}`;
}
