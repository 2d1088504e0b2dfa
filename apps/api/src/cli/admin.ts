import { migrateLatest } from '../db/connection';
import { parseAdminArgs, setAdminRights } from './adminRights';
import { openForCli } from './startup';

// npm run admin -- grant|revoke <email-or-phone>
const change = parseAdminArgs(process.argv.slice(2));
if ('status' in change) {
  console.error(change.message);
  process.exit(change.status);
}
const { db } = await openForCli();
try {
  await migrateLatest(db.knex);
  const outcome = await setAdminRights(db.knex, change);
  if (outcome.status) console.error(outcome.message);
  else console.log(outcome.message);
  process.exitCode = outcome.status;
} finally {
  await db.close();
}
