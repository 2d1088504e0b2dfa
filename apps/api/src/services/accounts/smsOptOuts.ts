import type { Conn } from '../../ctx';

/** Numbers that answered STOP (kept in `sms_opt_outs`); nothing is texted to them. */
export async function isOptedOut(conn: Conn, phoneNumber: string) {
  return !!(await conn('smsOptOuts').where({ phoneNumber }).first());
}

/** The account's number can be texted: confirmed and not opted out (notices also need the opt-in). */
export async function canTextUser(
  conn: Conn,
  user: { phoneNumber: string | null; phoneVerifiedAt: Date | null },
): Promise<boolean> {
  return !!user.phoneNumber && !!user.phoneVerifiedAt && !(await isOptedOut(conn, user.phoneNumber));
}
