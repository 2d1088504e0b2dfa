import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationFilesIn, migrationSource } from './index';
import { migrations } from './list';

describe('the list of migrations (list.ts)', () => {
  it('names every migration file of the folder, and nothing else', async () => {
    expect(Object.keys(migrations).toSorted()).toEqual(migrationFilesIn());
    expect(await migrationSource.getMigrations([])).toEqual(migrationFilesIn());
  });

  it('loads each file it names, with its up and down', async () => {
    for (const name of await migrationSource.getMigrations([])) {
      const migration = await migrationSource.getMigration(name);
      expect(typeof migration.up, name).toBe('function');
      expect(typeof migration.down, name).toBe('function');
      expect(fs.existsSync(new URL(name, import.meta.url)), name).toBe(true);
    }
  });
});
