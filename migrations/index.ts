import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Knex } from 'knex';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const dir = new URL('.', import.meta.url);

/** Every `YYYYMMDDHHMMSS_<what>.ts` file beside this one, in name order. */
export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return fs
      .readdirSync(dir)
      .filter((f) => /^\d{14}_[\w-]+\.ts$/.test(f))
      .sort();
  },
  getMigrationName: (name) => name,
  async getMigration(name) {
    return (await import(new URL(name, dir).href)) as Migration;
  },
};

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
