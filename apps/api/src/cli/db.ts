import { loadConfig } from '../config';
import { connect, migrateLatest, rollback } from '../db/connection';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'rollback') {
  console.error('usage: db.ts migrate|rollback');
  process.exit(2);
}
const config = loadConfig();
const db = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const names = command === 'migrate' ? await migrateLatest(db.knex) : await rollback(db.knex);
  console.log(names.length ? `${command}: ${names.join(', ')}` : `${command}: nothing to do`);
} finally {
  await db.close();
}
