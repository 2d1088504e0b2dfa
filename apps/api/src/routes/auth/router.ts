import { loginRequest, registerRequest, toE164 } from '@homing/shared';
import { presentUser } from '../../presenters/user';
import { route, type Deps } from '../../routing';
import { authenticator } from '../../services/authenticator';
import { sessionCreator, sessionRevoker } from '../../services/sessions';
import { userRegistrar } from '../../services/userRegistrar';

export function authRoutes({ db, config }: Deps) {
  return [
    route(
      {
        method: 'post',
        path: '/api/auth/register',
        access: 'public',
        body: registerRequest,
        flatten: true,
        status: 201,
      },
      async ({ body }) => {
        const contact = body.email ?? body.phoneNumber ?? '';
        const user = await userRegistrar({
          ...body,
          isAdmin: config.bootstrapAdmins.some((c) => c === contact || toE164(c) === contact),
        });
        const sessionToken = await sessionCreator({ userId: user.id, ttlMs: config.sessionTtlMs });
        return { user: presentUser(user), sessionToken };
      },
    ),

    route(
      { method: 'post', path: '/api/auth/login', access: 'public', body: loginRequest, flatten: true },
      async ({ body, ctx }) => {
        const user = await authenticator({ ...body, ip: ctx.ip }, { knex: db });
        const sessionToken = await sessionCreator({ userId: user.id, ttlMs: config.sessionTtlMs });
        return { user: presentUser(user), sessionToken };
      },
    ),

    route({ method: 'post', path: '/api/auth/logout', access: 'user' }, async ({ ctx }) => {
      await sessionRevoker({ sessionId: ctx.state.sessionId });
      return { loggedOut: true };
    }),

    route({ method: 'get', path: '/api/auth/me', access: 'user', flatten: true }, async ({ user }) => ({
      user: presentUser(user),
    })),
  ];
}
