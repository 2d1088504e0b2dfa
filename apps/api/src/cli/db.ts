import { makeMigration, MigrationRefusedError } from '@homing/migrations';
import { migrateLatest, rollback } from '../db/connection';
import { openForCli } from './startup';

const usage = 'usage: db.ts migrate | rollback | make <what_it_does>';
const [command, what] = process.argv.slice(2);
if (command === 'make') {
  if (!what) {
    console.error('usage: npm run db:make -- <what_it_does>');
    process.exit(2);
  }
  // No database: the new file is stamped with this machine's time (UTC).
  try {
    console.log(`created migrations/${makeMigration(what, new Date())}`);
  } catch (err) {
    if (!(err instanceof MigrationRefusedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
} else if (command === 'migrate' || command === 'rollback') {
  const { db } = await openForCli();
  try {
    const names = command === 'migrate' ? await migrateLatest(db.knex) : await rollback(db.knex);
    console.log(names.length ? `${command}: ${names.join(', ')}` : `${command}: nothing to do`);
  } finally {
    await db.close();
  }
} else {
  console.error(usage);
  process.exit(2);
}
