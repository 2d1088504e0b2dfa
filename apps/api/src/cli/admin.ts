import { parseContact } from '@homing/shared';
import { migrateLatest } from '../db/connection';
import { User } from '../models/User';
import { openForCli } from './startup';

const [command, contactInput] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !contactInput) {
  console.error('usage: npm run admin -- grant|revoke <email-or-phone>');
  process.exit(2);
}
const contact = parseContact(contactInput);
if (contact.kind === 'invalid') {
  console.error(contact.message);
  process.exit(2);
}
const { db } = await openForCli();
try {
  await migrateLatest(db.knex);
  const where = contact.kind === 'email' ? { email: contact.email } : { phoneNumber: contact.phoneNumber };
  const updated = await User.query(db.knex)
    .patch({ isAdmin: command === 'grant' })
    .where(where);
  if (!updated) {
    console.error(`No account with ${contactInput}. The person must register first.`);
    process.exitCode = 1;
  } else {
    console.log(`${contactInput} is ${command === 'grant' ? 'now an admin' : 'no longer an admin'}.`);
  }
} finally {
  await db.close();
}
