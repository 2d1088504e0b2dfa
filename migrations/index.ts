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
