import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Knex } from 'knex';
import { migrations } from './list';

const dir = new URL('.', import.meta.url);

/** `YYYYMMDDHHMMSS_<what>.ts`: the time (UTC) the migration was made, then what it does. */
const MIGRATION_FILE = /^\d{14}_[\w-]+\.ts$/;
const migrationFiles = (folder: URL) =>
  fs
    .readdirSync(folder)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort();

/** The migrations of list.ts, in name order (the order knex runs them). */
export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return Object.keys(migrations).sort();
  },
  getMigrationName: (name) => name,
  async getMigration(name) {
    const load = migrations[name];
    if (!load) throw new Error(`${name} is not in migrations/list.ts`);
    return load();
  },
};

/** The migration files in `folder`, in name order. */
export const migrationFilesIn = (folder: URL = dir) => migrationFiles(folder);

/**
 * Migrations renamed after databases ran them, old name → name. Until 2026-11-26 names were
 * stamped with dates weeks ahead of their commits, so a migration made that day sorted before
 * seven older ones; each was renamed to the time its commit reached the main line, in the same
 * order. `renameMigrationRows` brings a database migrated under the old names forward.
 */
export const renamedMigrations: Readonly<Record<string, string>> = {
  '20261122100000_accounts.ts': '20261122105629_accounts.ts',
  '20261122110000_codes_items.ts': '20261122110230_codes_items.ts',
  '20261122120000_notifications.ts': '20261122111413_notifications.ts',
  '20261122130000_foreign_key_indexes.ts': '20261122204334_foreign_key_indexes.ts',
  '20261125100000_retention.ts': '20261122214545_retention.ts',
  '20261201100000_rate_limits.ts': '20261122214943_rate_limits.ts',
  '20261202100000_voucher_abuse.ts': '20261122221135_voucher_abuse.ts',
  '20261210100000_verified_contacts.ts': '20261125120644_verified_contacts.ts',
  '20261211100000_owner_settings.ts': '20261125120735_owner_settings.ts',
  '20261212100000_threads.ts': '20261125122201_threads.ts',
  '20261213100000_lost_mode.ts': '20261125122752_lost_mode.ts',
  '20261214100000_escalation.ts': '20261125130315_escalation.ts',
  '20261215100000_finder_locale.ts': '20261125154919_finder_locale.ts',
  '20261216100000_rate_limits_unlogged.ts': '20261126015506_rate_limits_unlogged.ts',
  '20261217100000_scan_events_lead_index.ts': '20261126024738_scan_events_lead_index.ts',
};

/** A name as this code knows it: old names (`renamedMigrations`) map to their new ones. */
export const currentMigrationName = (name: string) => renamedMigrations[name] ?? name;

/**
 * Renames `knex_migrations` rows written under old names, in one statement, so knex finds every
 * migration it ran and runs none again. Call it before knex migrates or rolls back (knex refuses a
 * database whose rows name migrations it does not have). Idempotent; nothing to do on a database
 * knex never migrated. Returns how many rows it renamed.
 */
export async function renameMigrationRows(knex: Knex): Promise<number> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return 0;
  const pairs = Object.entries(renamedMigrations);
  const result = await knex.raw(
    `UPDATE knex_migrations SET name = renamed.name
       FROM (VALUES ${pairs.map(() => '(?, ?)').join(', ')}) AS renamed (old, name)
      WHERE knex_migrations.name = renamed.old`,
    pairs.flat(),
  );
  return (result as { rowCount: number | null }).rowCount ?? 0;
}

/** A digest of every migration's name and text: changes whenever the schema they build could. */
export async function migrationsFingerprint(): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const name of await migrationSource.getMigrations([])) {
    hash
      .update(name)
      .update('\0')
      .update(fs.readFileSync(new URL(name, dir)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export class MigrationRefusedError extends Error {}

/** A Date as `YYYYMMDDHHMMSS` in UTC. */
export const migrationStamp = (at: Date) => at.toISOString().replace(/\D/g, '').slice(0, 14);

const migrationTemplate = `import type { Knex } from 'knex';

/**
 * What this changes and why. Say why for every index and constraint that is not obvious.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('TODO', (t) => {
    t.text('TODO');
  });
}

/** Undoes up exactly: a rollback must leave the schema the previous migration made. */
export async function down(knex: Knex) {
  await knex.schema.alterTable('TODO', (t) => {
    t.dropColumn('TODO');
  });
}
`;

/** The line of list.ts that loads `name`, wrapped as prettier wraps it past 110 characters. */
export function listEntry(name: string) {
  const key = `  '${name}': () =>`;
  const load = `import('./${name.replace(/\.ts$/, '')}'),`;
  return `${key} ${load}`.length <= 110 ? `${key} ${load}` : `${key}\n    ${load}`;
}

/**
 * Writes `<at as YYYYMMDDHHMMSS>_<what>.ts` (`npm run db:make -- <what>`) into `folder` from a
 * template with `up` and `down`, adds it to the folder's list.ts, and returns its name. Refuses a name that is not snake_case, and
 * a time that does not sort after every existing migration: knex runs migrations in name order, so
 * one sorting earlier would run on a new database before migrations that existing ones ran first.
 */
export function makeMigration(what: string, at: Date, folder: URL = dir): string {
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(what) || what.length > 60)
    throw new MigrationRefusedError(
      `"${what}" is not a migration name: say what it does in snake_case (add_item_colour), at most 60 characters.`,
    );
  const name = `${migrationStamp(at)}_${what}.ts`;
  const newest = migrationFiles(folder).at(-1);
  if (newest && name.slice(0, 14) <= newest.slice(0, 14))
    throw new MigrationRefusedError(
      `This machine's clock says ${at.toISOString()}, which does not sort after the newest migration, ` +
        `${newest}. A new migration must sort after every existing one: check the clock, or wait until ` +
        `it passes ${newest.slice(0, 14)} (UTC).`,
    );
  const list = new URL('list.ts', folder);
  const listed = fs.readFileSync(list, 'utf8');
  const end = listed.lastIndexOf('\n};');
  if (end < 0) throw new MigrationRefusedError(`${list.pathname} does not end its list with "};"`);
  fs.writeFileSync(new URL(name, folder), migrationTemplate, { flag: 'wx' });
  fs.writeFileSync(list, `${listed.slice(0, end)}\n${listEntry(name)}${listed.slice(end)}`);
  return name;
}
