import knexFactory, { type Knex } from 'knex';
import { migrationSource } from '@homing/migrations';
import { migrateLatest } from '../db/connection';
import { openForCli } from './startup';

// Copies the embedded database into an empty PostgreSQL database:
//   npm run db:move-to-postgres -- --to postgres://user@host/db
// Rows travel as JSON (to_jsonb → jsonb_populate_recordset), so every type arrives exactly.

const BATCH = 2_000;
const usage = 'usage: npm run db:move-to-postgres -- --to postgres://user@host:5432/database';
const at = process.argv.indexOf('--to');
const targetUrl = at > 0 ? process.argv[at + 1] : undefined;
if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
  console.error(usage);
  process.exit(2);
}

interface Table {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Columns referencing the table itself (a split set's parent): filled in a second pass. */
  selfRefs: string[];
  dependsOn: string[];
}

async function tablesOf(knex: Knex): Promise<Table[]> {
  const names = (
    await knex.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'
                    AND tablename NOT IN ('knex_migrations', 'knex_migrations_lock') ORDER BY 1`)
  ).rows.map((r: { tablename: string }) => r.tablename) as string[];
  const tables: Table[] = [];
  for (const name of names) {
    const columns = (
      await knex.raw(
        `SELECT column_name::text AS col FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ?
         ORDER BY ordinal_position`,
        [name],
      )
    ).rows.map((r: { col: string }) => r.col) as string[];
    const primaryKey = (
      await knex.raw(
        `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
          WHERE i.indrelid = ?::regclass AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
        [name],
      )
    ).rows.map((r: { attname: string }) => r.attname) as string[];
    const fks = (
      await knex.raw(
        `SELECT c.confrelid::regclass::text AS parent, a.attname
           FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
          WHERE c.contype = 'f' AND c.conrelid = ?::regclass`,
        [name],
      )
    ).rows as { parent: string; attname: string }[];
    tables.push({
      name,
      columns,
      primaryKey: primaryKey.length ? primaryKey : columns,
      selfRefs: fks.filter((f) => f.parent === name).map((f) => f.attname),
      dependsOn: fks.filter((f) => f.parent !== name).map((f) => f.parent),
    });
  }
  // Parents before children.
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter((t) => !placed.has(t.name) && t.dependsOn.every((d) => placed.has(d)));
    if (!next.length) throw new Error('The tables reference each other in a cycle; cannot order the copy.');
    for (const t of next) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every row of `table`, in primary-key order, a batch of JSON rows at a time. */
async function* batches(source: Knex, table: Table) {
  const key = table.primaryKey.map(ident).join(', ');
  let last: string | null = null;
  for (;;) {
    const after: string = last
      ? `WHERE (${key}) > (SELECT ${key} FROM jsonb_populate_record(NULL::${ident(table.name)}, ?::jsonb))`
      : '';
    const { rows } = (await source.raw(
      `SELECT to_jsonb(t)::text AS row FROM ${ident(table.name)} t ${after} ORDER BY ${key} LIMIT ${BATCH}`,
      last ? [last] : [],
    )) as { rows: { row: string }[] };
    if (!rows.length) return;
    yield `[${rows.map((r) => r.row).join(',')}]`;
    last = rows.at(-1)!.row;
    if (rows.length < BATCH) return;
  }
}

async function copyTable(source: Knex, trx: Knex.Transaction, table: Table) {
  const t = ident(table.name);
  const cols = table.columns.map(ident).join(', ');
  const firstPass = table.columns.map((c) => (table.selfRefs.includes(c) ? 'NULL' : ident(c))).join(', ');
  await trx.raw(`DELETE FROM ${t}`);
  for await (const json of batches(source, table))
    await trx.raw(
      `INSERT INTO ${t} (${cols}) SELECT ${firstPass} FROM jsonb_populate_recordset(NULL::${t}, ?::jsonb)`,
      [json],
    );
  if (!table.selfRefs.length) return;
  const match = table.primaryKey.map((k) => `${t}.${ident(k)} = r.${ident(k)}`).join(' AND ');
  const set = table.selfRefs.map((c) => `${ident(c)} = r.${ident(c)}`).join(', ');
  for await (const json of batches(source, table))
    await trx.raw(
      `UPDATE ${t} SET ${set} FROM jsonb_populate_recordset(NULL::${t}, ?::jsonb) r WHERE ${match}`,
      [json],
    );
}

const countRows = async (knex: Knex, table: string) =>
  Number((await knex.raw(`SELECT count(*) AS n FROM ${ident(table)}`)).rows[0].n);

const { config, db } = await openForCli();
if (db.kind !== 'embedded') {
  console.error(
    'DATABASE_URL is set: this copies the embedded database (DATA_DIR); unset DATABASE_URL to run it.',
  );
  await db.close();
  process.exit(1);
}
const target = knexFactory({ client: 'pg', connection: targetUrl, pool: { min: 0, max: 1 } });
try {
  await migrateLatest(db.knex);
  const existing = (await target.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).rows as {
    tablename: string;
  }[];
  if (existing.length) {
    console.error(
      `The target database is not empty (it has ${existing.map((r) => r.tablename).join(', ')}). ` +
        'Create an empty database and pass its URL.',
    );
    process.exitCode = 1;
  } else {
    const tables = await tablesOf(db.knex);
    const counts: [string, number][] = [];
    // One transaction: the target holds the whole copy or nothing (PostgreSQL's DDL is transactional).
    await target.transaction(async (trx) => {
      await trx.migrate.latest({ migrationSource });
      for (const table of tables) {
        await copyTable(db.knex, trx, table);
        const [from, to] = [await countRows(db.knex, table.name), await countRows(trx, table.name)];
        if (from !== to)
          throw new Error(`${table.name}: ${from} rows in the embedded database, ${to} copied`);
        counts.push([table.name, to]);
      }
    });
    for (const [name, n] of counts) console.log(`  ${name}: ${n}`);
    console.log(`Copied ${counts.length} tables; every count matches the embedded database.`);
    console.log(`Photos stay in ${config.dataDir}/photos: keep DATA_DIR pointing there.`);
    console.log(`Now start Homing with:\n  DATABASE_URL=${targetUrl}`);
  }
} finally {
  await target.destroy();
  await db.close();
}
