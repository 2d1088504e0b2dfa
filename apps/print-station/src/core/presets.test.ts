import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PresetStore } from './presets';

describe('PresetStore', () => {
  let dir: string;
  let store: PresetStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'station-presets-'));
    store = new PresetStore(join(dir, 'presets.json'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('saves template, printer, start and copies by name, and reads them back by any case', async () => {
    expect(await store.list()).toEqual([]);
    await store.save({
      name: 'QL round',
      templateId: 'brother-dk-11218',
      printer: 'HomingQL',
      copies: 3,
    });
    await store.save({
      name: 'Office',
      templateId: 'avery-4221',
      printer: 'HomingPDF',
      startColumn: 3,
      startRow: 4,
    });
    expect(await store.get('ql ROUND')).toEqual({
      name: 'QL round',
      templateId: 'brother-dk-11218',
      printer: 'HomingQL',
      startColumn: 1,
      startRow: 1,
      copies: 3,
    });
    expect((await store.list()).map((p) => p.name)).toEqual(['Office', 'QL round']);
    // Same name: replaced, not added.
    await store.save({ name: 'office', templateId: 'avery-5160', printer: 'HomingPDF' });
    expect((await store.list()).map((p) => [p.name, p.templateId])).toEqual([
      ['office', 'avery-5160'],
      ['QL round', 'brother-dk-11218'],
    ]);
    expect(await store.remove('OFFICE')).toBe(true);
    expect(await store.remove('office')).toBe(false);
    expect(await new PresetStore(join(dir, 'presets.json')).list()).toHaveLength(1);
  });

  it('refuses a preset that could not print: unknown template, start off the grid, no copies', async () => {
    await expect(store.save({ name: 'x', templateId: 'avery-9999', printer: 'P' })).rejects.toThrow(
      'Unknown label template avery-9999',
    );
    await expect(
      store.save({ name: 'x', templateId: 'brother-dk-11218', printer: 'P', startColumn: 2 }),
    ).rejects.toThrow('Start column must be 1-1 and start row 1-1 for Brother DK-11218 24 mm Round');
    await expect(
      store.save({ name: 'x', templateId: 'avery-4221', printer: 'P', copies: 0 }),
    ).rejects.toThrow('Copies must be 1 or more');
    await expect(store.save({ name: ' ', templateId: 'avery-4221', printer: 'P' })).rejects.toThrow(
      'Name the preset',
    );
    expect(await store.list()).toEqual([]);
  });

  it('says so when the file is damaged, rather than forgetting the presets', async () => {
    writeFileSync(join(dir, 'presets.json'), '{"version":1,"presets":[{"name":1}]}');
    await expect(store.list()).rejects.toThrow(/^The presets file .* is not valid/);
  });
});
