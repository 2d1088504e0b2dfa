import { parseContact } from '@homing/shared';
import type { Knex } from 'knex';
import { User } from '../models/User';

/** What `npm run admin` prints and its exit code: 0 done, 1 nobody has that contact, 2 usage. */
export interface AdminOutcome {
  status: 0 | 1 | 2;
  message: string;
}

export interface AdminChange {
  grant: boolean;
  /** The contact as typed (the messages repeat it). */
  input: string;
  where: { email: string } | { phoneNumber: string };
}

/** `grant|revoke <email-or-phone>`: the change it asks for, or why it cannot be read (exit 2). */
export function parseAdminArgs(args: string[]): AdminChange | AdminOutcome {
  const [command, input] = args;
  if ((command !== 'grant' && command !== 'revoke') || !input)
    return { status: 2, message: 'usage: npm run admin -- grant|revoke <email-or-phone>' };
  const contact = parseContact(input);
  if (contact.kind === 'invalid') return { status: 2, message: contact.message };
  return {
    grant: command === 'grant',
    input,
    where: contact.kind === 'email' ? { email: contact.email } : { phoneNumber: contact.phoneNumber },
  };
}

/** Gives or takes admin rights from the account with that contact. */
export async function setAdminRights(knex: Knex, change: AdminChange): Promise<AdminOutcome> {
  const updated = await User.query(knex).patch({ isAdmin: change.grant }).where(change.where);
  if (!updated)
    return { status: 1, message: `No account with ${change.input}. The person must register first.` };
  return {
    status: 0,
    message: `${change.input} is ${change.grant ? 'now an admin' : 'no longer an admin'}.`,
  };
}
