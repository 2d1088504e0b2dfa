import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../apps/api/src/db/connection';
import { migrateLatest, pendingMigrations, rollback } from '../apps/api/src/db/connection';
import { migratedDatabase } from '../apps/api/src/testing/testServer';
import { migrationSource, renamedMigrations } from './index';

/** Rewrites the rows of `knex_migrations` to the names an older deployment wrote. */
async function toOldNames(knex: Knex) {
  for (const [old, name] of Object.entries(renamedMigrations))
    await knex('knex_migrations').where({ name }).update({ name: old });
}

const migrationRows = (knex: Knex) =>
  knex('knex_migrations').select('id', 'name', 'batch', 'migrationTime').orderBy('id');

describe('the table of renamed migrations', () => {
  it('names every old migration once, each a migration this code has, in the same order', async () => {
    const known = await migrationSource.getMigrations([]);
    const olds = Object.keys(renamedMigrations);
    const news = Object.values(renamedMigrations);
    expect(new Set(news).size).toBe(news.length);
    for (const name of news) expect(known).toContain(name);
    for (const old of olds) expect(known).not.toContain(old);
    expect(news.toSorted()).toEqual(olds.toSorted().map((old) => renamedMigrations[old]));
  });
});

describe('a database migrated under the old names', () => {
  let db: Database;
  // In a hook: the first clone of a worker may build the migrated template (seconds on PGlite).
  beforeEach(async () => {
    db = await migratedDatabase();
  });
  afterEach(() => db.close());

  it('is brought forward: no error, nothing run again', async () => {
    const before = await migrationRows(db.knex);
    await toOldNames(db.knex);
    // What knex alone makes of such a database: it refuses it.
    await expect(db.knex.migrate.latest({ migrationSource })).rejects.toThrow(/missing/);
    // The readiness probe counts the old rows as their migrations, run.
    expect(await pendingMigrations(db.knex)).toEqual([]);

    expect(await migrateLatest(db.knex)).toEqual([]);
    expect(await migrationRows(db.knex)).toEqual(before);
    expect(await pendingMigrations(db.knex)).toEqual([]);
    // Once more is nothing to do.
    expect(await migrateLatest(db.knex)).toEqual([]);
  });

  it('one migration behind runs only that one, under its new name', async () => {
    const [last] = await db.knex.migrate.down({ migrationSource }).then(([, undone]) => undone as string[]);
    await toOldNames(db.knex);
    expect(await pendingMigrations(db.knex)).toEqual([last]);

    expect(await migrateLatest(db.knex)).toEqual([last]);
    const names = (await migrationRows(db.knex)).map((row) => row.name);
    expect(names.toSorted()).toEqual(await migrationSource.getMigrations([]));
    expect(await pendingMigrations(db.knex)).toEqual([]);
  });

  it('rolls back', async () => {
    await toOldNames(db.knex);
    // The template ran every migration in one batch: rolling back undoes them all.
    expect((await rollback(db.knex)).toSorted()).toEqual(await migrationSource.getMigrations([]));
    expect(await db.knex.schema.hasTable('users')).toBe(false);
  });
});
