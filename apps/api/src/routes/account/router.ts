import {
  accountDeleteRequest,
  notificationPreferences,
  passwordChangeRequest,
  profileUpdate,
  SETTINGS_MESSAGES,
  type SignedInSession,
} from '@homing/shared';
import { z } from 'zod';
import type { Session } from '../../models/Session';
import { passwordWork } from '../../limits';
import { presentUser } from '../../presenters/accounts/user';
import { route, type Deps, type RouteDef } from '../../routing';
import { accountDeleter } from '../../services/accounts/accountDeleter';
import { currentPasswordChecker } from '../../services/accounts/currentPasswordChecker';
import { deviceSummary } from '../../lib/deviceSummary';
import { notificationPreferencesLoader } from '../../services/accounts/notificationPreferencesLoader';
import { notificationPreferencesUpdater } from '../../services/accounts/notificationPreferencesUpdater';
import { otherSessionsRevoker } from '../../services/accounts/otherSessionsRevoker';
import { ownSessionRevoker } from '../../services/accounts/ownSessionRevoker';
import { passwordChanger } from '../../services/accounts/passwordChanger';
import { hashPassword } from '../../lib/passwords';
import { personalDataExporter } from '../../services/accounts/personalDataExporter';
import { profileUpdater } from '../../services/accounts/profileUpdater';
import { sessionLister } from '../../services/accounts/sessionLister';

const sessionParams = z.object({ id: z.uuid({ error: SETTINGS_MESSAGES.sessionNotFound }) });

const presentSession = (s: Session, currentId: string | null): SignedInSession => ({
  id: s.id,
  createdAt: new Date(s.createdAt).toISOString(),
  lastUsedAt: s.lastUsedAt ? new Date(s.lastUsedAt).toISOString() : null,
  device: deviceSummary(s.userAgent),
  current: s.id === currentId,
});

/**
 * The owner's settings (`/settings`): profile, password, notification preferences, signed-in
 * sessions, export and deletion of the account. Password checks and hashing run in `prepare`:
 * scrypt must not hold a connection.
 */
export function accountRoutes(deps: Deps): RouteDef[] {
  return [
    route(
      {
        method: 'put',
        path: '/api/users/me/profile',
        access: 'user',
        body: profileUpdate,
        transaction: true,
      },
      async ({ body }, ctx) => ({ user: presentUser(await profileUpdater(body, ctx)) }),
    ),

    route(
      {
        method: 'post',
        path: '/api/users/me/password',
        access: 'user',
        body: passwordChangeRequest,
        transaction: true,
        limits: [passwordWork],
        prepare: async ({ body }, ctx) => {
          await currentPasswordChecker({ password: body.currentPassword }, ctx);
          return hashPassword(body.newPassword);
        },
      },
      async ({ prepared, ctx: http }, ctx) => {
        const signedOut = await passwordChanger(
          { passwordHash: prepared, keepSessionId: http.state.sessionId as string | null },
          { ...ctx, config: deps.config, worker: deps.worker },
        );
        return { message: SETTINGS_MESSAGES.passwordChanged, signedOutSessions: signedOut };
      },
    ),

    route(
      { method: 'get', path: '/api/users/me/notification-preferences', access: 'user' },
      async (_input, ctx) => notificationPreferencesLoader({}, ctx),
    ),
    route(
      {
        method: 'put',
        path: '/api/users/me/notification-preferences',
        access: 'user',
        body: notificationPreferences,
        transaction: true,
      },
      async ({ body }, ctx) => notificationPreferencesUpdater(body, { ...ctx, worker: deps.worker }),
    ),

    route({ method: 'get', path: '/api/users/me/sessions', access: 'user' }, async ({ ctx: http }, ctx) => ({
      sessions: (await sessionLister({}, ctx)).map((s) =>
        presentSession(s, http.state.sessionId as string | null),
      ),
    })),
    route(
      { method: 'post', path: '/api/users/me/sessions/sign-out-others', access: 'user' },
      async ({ ctx: http }, ctx) => ({
        signedOutSessions: await otherSessionsRevoker(
          { keepSessionId: http.state.sessionId as string | null },
          ctx,
        ),
      }),
    ),
    route(
      { method: 'delete', path: '/api/users/me/sessions/:id', access: 'user', params: sessionParams },
      async ({ params }, ctx) => {
        await ownSessionRevoker({ sessionId: params.id }, ctx);
        return { signedOut: true };
      },
    ),

    route(
      { method: 'get', path: '/api/users/me/export', access: 'user', raw: true },
      async ({ ctx: http }, ctx) => {
        const { exportedAt, stream } = personalDataExporter({}, ctx);
        const day = exportedAt.slice(0, 10);
        http.status = 200;
        http.set('Cache-Control', 'no-store');
        http.set(
          'Content-Disposition',
          `attachment; filename="${deps.config.brand.word}-export-${day}.json"`,
        );
        http.type = 'application/json';
        http.body = stream;
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/users/me/delete',
        access: 'user',
        body: accountDeleteRequest,
        transaction: true,
        limits: [passwordWork],
        prepare: ({ body }, ctx) => currentPasswordChecker({ password: body.password }, ctx),
      },
      async (_input, ctx) => {
        await accountDeleter({}, { ...ctx, worker: deps.worker });
        return { deleted: true, message: SETTINGS_MESSAGES.accountDeleted };
      },
    ),
  ];
}
