import { z } from 'zod';
import { BACKUP_CONTACT_MESSAGES, backupContactConfirm, backupContactRequest } from '@homing/shared';
import { existingPhone } from '../../lib/existingPhone';
import { backupContactAdds } from '../../limits';
import { presentBackupContact } from '../../presenters/accounts/backupContact';
import { route, type Deps, type RouteDef } from '../../routing';
import { backupContactAdder } from '../../services/accounts/backupContactAdder';
import { backupContactConfirmer } from '../../services/accounts/backupContactConfirmer';
import { backupContactRemover } from '../../services/accounts/backupContactRemover';
import { backupContactsLister } from '../../services/accounts/backupContactsLister';

const backupParams = z.object({ id: z.uuid({ error: BACKUP_CONTACT_MESSAGES.notFound }) });

/** Backup contacts (escalation): up to 3 per owner, each confirming by link before receiving anything. */
export function backupContactRoutes({ config, worker }: Deps): RouteDef[] {
  const list = async (ctx: Parameters<typeof backupContactsLister>[1]) => ({
    contacts: (await backupContactsLister({}, ctx)).map(presentBackupContact),
  });
  return [
    route({ method: 'get', path: '/api/users/me/backup-contacts', access: 'user' }, (_input, ctx) =>
      list(ctx),
    ),

    route(
      {
        method: 'post',
        path: '/api/users/me/backup-contacts',
        access: 'user',
        body: existingPhone(
          backupContactRequest,
          (b) => (b.contact.kind === 'phone' ? b.contact.value : null),
          'contact',
          BACKUP_CONTACT_MESSAGES.invalid,
        ),
        transaction: true,
        limits: [backupContactAdds],
      },
      async ({ body }, ctx) => {
        await backupContactAdder(body, { ...ctx, config, worker });
        return list(ctx);
      },
    ),

    route(
      {
        method: 'delete',
        path: '/api/users/me/backup-contacts/:id',
        access: 'user',
        params: backupParams,
        transaction: true,
      },
      async ({ params }, ctx) => {
        await backupContactRemover(params, ctx);
        return list(ctx);
      },
    ),

    // The link sent to the contact: opened by someone with no account; its secret is the proof.
    route(
      {
        method: 'post',
        path: '/api/backup-contacts/confirm',
        access: 'public',
        body: backupContactConfirm,
        transaction: true,
      },
      async ({ body }, ctx) => {
        await backupContactConfirmer(body, ctx);
        return { message: BACKUP_CONTACT_MESSAGES.confirmed };
      },
    ),
  ];
}
