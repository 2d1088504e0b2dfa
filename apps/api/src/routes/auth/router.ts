import { loginRequest, registerRequest, toE164 } from '@homing/shared';
import { presentUser } from '../../presenters/user';
import { route, type Deps, type RouteDef } from '../../routing';
import { authenticator } from '../../services/authenticator';
import { sessionCreator } from '../../services/sessionCreator';
import { sessionRevoker } from '../../services/sessionRevoker';
import { userRegistrar } from '../../services/userRegistrar';

// No transactions here: hashing a password (scrypt) must not hold a database connection.
export function authRoutes({ config }: Deps): RouteDef[] {
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
      async ({ body, ctx: http }, ctx) => {
        const contact = body.email ?? body.phoneNumber ?? '';
        const isAdmin = config.bootstrapAdmins.some((c) => c === contact || toE164(c) === contact);
        const user = await userRegistrar({ ...body, isAdmin }, ctx);
        const sessionToken = await sessionCreator(
          { userId: user.id, ttlMs: config.sessionTtlMs, userAgent: http.get('User-Agent') },
          ctx,
        );
        return { user: presentUser(user), sessionToken };
      },
    ),

    route(
      { method: 'post', path: '/api/auth/login', access: 'public', body: loginRequest, flatten: true },
      async ({ body, ctx: http }, ctx) => {
        const user = await authenticator({ ...body, ip: http.ip }, ctx);
        const sessionToken = await sessionCreator(
          { userId: user.id, ttlMs: config.sessionTtlMs, userAgent: http.get('User-Agent') },
          ctx,
        );
        return { user: presentUser(user), sessionToken };
      },
    ),

    route({ method: 'post', path: '/api/auth/logout', access: 'user' }, async ({ ctx: http }, ctx) => {
      await sessionRevoker({ sessionId: http.state.sessionId }, ctx);
      return { loggedOut: true };
    }),

    route(
      { method: 'get', path: '/api/auth/me', access: 'user', flatten: true },
      async (_input, { actor }) => ({
        user: presentUser(actor),
      }),
    ),
  ];
}
