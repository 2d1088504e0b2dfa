import type { Knex } from 'knex';
import type { Conn } from '../ctx';

// Who may be texted: the one copy of the rule. Services ask it before they write an SMS to the
// outbox, and the worker asks it again as it sends (an opt-in may be withdrawn, a number may answer
// STOP or change in between).

/** The number answered STOP (`sms_opt_outs`): nothing at all is texted to it. */
export async function optedOut(conn: Conn, phoneNumber: string) {
  return !!(await conn('smsOptOuts').where({ phoneNumber }).first('phoneNumber'));
}

/**
 * Query modifier on `users`: accounts whose own number may get alerts and notices. The spec's "a
 * phone with opt-in" means one the owner proved is theirs (`phone_verified_at`: a number typed at
 * sign-up may be anyone's) with `sms_opt_in` on, and not opted out by STOP.
 */
export function textableUsers(q: Knex.QueryBuilder) {
  void q
    .whereNotNull('users.phoneNumber')
    .whereNotNull('users.phoneVerifiedAt')
    .where('users.smsOptIn', true)
    .whereNotExists((s) =>
      s.from('smsOptOuts').whereRaw('?? = ??', ['smsOptOuts.phoneNumber', 'users.phoneNumber']),
    );
}

/** The number an account's alerts and notices are texted to, or null when it may not be texted. */
export async function smsRecipient(conn: Conn, userId: string): Promise<string | null> {
  const row = (await conn('users').where('users.id', userId).modify(textableUsers).first('phoneNumber')) as
    { phoneNumber: string } | undefined;
  return row?.phoneNumber ?? null;
}

/**
 * May a one-time code the person asked for (a password reset) go to the account's number: it must
 * be confirmed and not opted out; the opt-in is for alerts, not for codes.
 */
export async function mayTextCode(
  conn: Conn,
  user: { phoneNumber: string | null; phoneVerifiedAt: Date | null },
): Promise<boolean> {
  return !!user.phoneNumber && !!user.phoneVerifiedAt && !(await optedOut(conn, user.phoneNumber));
}
