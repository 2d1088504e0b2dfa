import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMigration, MigrationRefusedError, migrationStamp } from './index';

const LIST = `export const migrations = {
  '20261126024738_scan_events_lead_index.ts': () => import('./20261126024738_scan_events_lead_index'),
};
`;

describe('makeMigration (npm run db:make)', () => {
  let folder: string;
  const url = () => pathToFileURL(`${folder}/`);
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-migrations-'));
    fs.writeFileSync(path.join(folder, '20261126024738_scan_events_lead_index.ts'), '');
    fs.writeFileSync(path.join(folder, 'list.ts'), LIST);
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('stamps the time in UTC and writes a template with up and down', () => {
    const at = new Date('2026-11-26T16:05:02.750+01:00');
    expect(migrationStamp(at)).toBe('20261126150502');
    const name = makeMigration('add_item_colour', at, url());
    expect(name).toBe('20261126150502_add_item_colour.ts');
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    expect(text).toMatch(/^export async function up\(knex: Knex\)/m);
    expect(text).toMatch(/^export async function down\(knex: Knex\)/m);
    // Listed after the newest, so the API's bundle carries it too.
    expect(fs.readFileSync(path.join(folder, 'list.ts'), 'utf8')).toBe(
      LIST.replace(
        '\n};',
        "\n  '20261126150502_add_item_colour.ts': () => import('./20261126150502_add_item_colour'),\n};",
      ),
    );
  });

  it("wraps a long name's line in the list as prettier does", () => {
    const name = makeMigration('a'.repeat(60), new Date('2026-11-27T00:00:00Z'), url());
    expect(fs.readFileSync(path.join(folder, 'list.ts'), 'utf8')).toContain(
      `  '${name}': () =>\n    import('./${name.slice(0, -3)}'),\n};`,
    );
  });

  it('refuses a name that does not say what it does in snake_case', () => {
    const at = new Date('2026-11-27T00:00:00Z');
    for (const bad of ['', 'Add', 'add-colour', 'add colour', '../escape', '_add', 'add_', 'a'.repeat(61)])
      expect(() => makeMigration(bad, at, url()), bad).toThrow(MigrationRefusedError);
    expect(fs.readdirSync(folder).toSorted()).toEqual([
      '20261126024738_scan_events_lead_index.ts',
      'list.ts',
    ]);
    expect(fs.readFileSync(path.join(folder, 'list.ts'), 'utf8')).toBe(LIST);
  });

  it('refuses a clock that would sort the new migration before or with the newest one', () => {
    for (const at of ['2026-11-20T12:00:00Z', '2026-11-26T02:47:38Z']) {
      expect(() => makeMigration('add_item_colour', new Date(at), url())).toThrow(
        /does not sort after the newest migration, 20261126024738_scan_events_lead_index\.ts/,
      );
    }
    expect(fs.readdirSync(folder).toSorted()).toEqual([
      '20261126024738_scan_events_lead_index.ts',
      'list.ts',
    ]);
    expect(fs.readFileSync(path.join(folder, 'list.ts'), 'utf8')).toBe(LIST);
    expect(makeMigration('add_item_colour', new Date('2026-11-26T02:47:39Z'), url())).toBe(
      '20261126024739_add_item_colour.ts',
    );
  });
});
