import {
  loginRequest,
  passwordResetConfirm,
  passwordResetRequest,
  registerRequest,
  toE164,
} from '@homing/shared';
import { passwordResets, passwordWork, resetCodeDailyTries, resetCodeTries, signUps } from '../../limits';
import { presentUser } from '../../presenters/accounts/user';
import { route, type Deps, type RouteDef } from '../../routing';
import { authenticator } from '../../services/accounts/authenticator';
import { sessionCreator } from '../../services/accounts/sessionCreator';
import { sessionRevoker } from '../../services/accounts/sessionRevoker';
import { codeAttempter } from '../../services/accounts/codeAttempter';
import { liveSecretChecker } from '../../services/accounts/accountTokenRedeemer';
import { passwordResetAnswer, passwordResetRequester } from '../../services/accounts/passwordResetRequester';
import { existingPhone } from '../../lib/existingPhone';
import { afterAnswer } from '../../lib/afterAnswer';
import { inTransaction } from '../../ctx';
import { passwordResetter } from '../../services/accounts/passwordResetter';
import { hashPassword } from '../../lib/passwords';
import { signUpProcessor } from '../../services/accounts/signUpProcessor';
import { userByPhoneFinder } from '../../services/accounts/userByPhoneFinder';

// Hashing a password (scrypt) never holds a database connection: it runs in `prepare` or, on
// sign-in, on the pool.
export function authRoutes({ db, config, worker, logger }: Deps): RouteDef[] {
  return [
    route(
      {
        method: 'post',
        path: '/api/auth/register',
        access: 'public',
        body: existingPhone(registerRequest, (b) => b.phoneNumber, 'phoneNumber'),
        flatten: true,
        status: 201,
        transaction: true,
        limits: [signUps],
        prepare: async ({ body }) => ({ passwordHash: await hashPassword(body.password) }),
      },
      async ({ body, prepared, ctx: http }, ctx) => {
        const contact = body.email ?? body.phoneNumber ?? '';
        const isAdmin = config.bootstrapAdmins.some((c) => c === contact || toE164(c) === contact);
        const result = await signUpProcessor(
          {
            ...body,
            ...prepared,
            isAdmin,
            sessionTtlMs: config.sessionTtlMs,
            userAgent: http.get('User-Agent'),
          },
          { ...ctx, config, worker },
        );
        // A contact that already has an account: the same status, no session, "check your e-mail".
        if (!result.user) return result;
        return { user: presentUser(result.user), sessionToken: result.sessionToken };
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/auth/password-reset',
        access: 'public',
        body: passwordResetRequest,
        limits: [passwordResets],
      },
      // The same answer whether or not an account matches, given before the work is done (its
      // own transaction, after the answer), so the time taken tells nothing either.
      async ({ body }) => {
        const failed = (err: unknown) => logger.error({ err }, 'password reset request failed');
        afterAnswer(
          () =>
            inTransaction(
              db,
              (trx, effects) =>
                passwordResetRequester(body, { trx, actor: null, ...effects, config, worker }),
              failed,
            ),
          failed,
        );
        return passwordResetAnswer(body);
      },
    ),

    route(
      {
        method: 'post',
        path: '/api/auth/password-reset/confirm',
        access: 'public',
        body: passwordResetConfirm,
        flatten: true,
        transaction: true,
        limits: [passwordWork, resetCodeTries, resetCodeDailyTries],
        // On the pool: a wrong code's try must stay counted; scrypt must not hold the transaction.
        // The link or code is checked before the new password is hashed: a made-up one costs no scrypt.
        prepare: async ({ body }, ctx) => {
          let secret: { secret: string } | { tokenId: string };
          if ('token' in body) {
            await liveSecretChecker({ purpose: 'password_reset', secret: body.token }, ctx);
            secret = { secret: body.token };
          } else {
            const user = await userByPhoneFinder({ phoneNumber: body.phoneNumber }, ctx);
            secret = await codeAttempter(
              { userId: user?.id ?? null, purpose: 'password_reset', code: body.code },
              ctx,
            );
          }
          return { ...secret, passwordHash: await hashPassword(body.password) };
        },
      },
      async ({ prepared, ctx: http }, ctx) => {
        const { user, sessionToken } = await passwordResetter(
          { ...prepared, ttlMs: config.sessionTtlMs, userAgent: http.get('User-Agent') },
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
