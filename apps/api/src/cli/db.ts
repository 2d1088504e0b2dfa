import { migrateLatest, rollback } from '../db/connection';
import { openForCli } from './startup';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'rollback') {
  console.error('usage: db.ts migrate|rollback');
  process.exit(2);
}
const { db } = await openForCli();
try {
  const names = command === 'migrate' ? await migrateLatest(db.knex) : await rollback(db.knex);
  console.log(names.length ? `${command}: ${names.join(', ')}` : `${command}: nothing to do`);
} finally {
  await db.close();
}
