import { describe, expect, it } from 'vitest';
import { defaultTemplate, getTemplate, labelCentre, templates } from './templates';

describe('templates', () => {
  it('has the Avery 4221 sheet as the default, with the spec’s geometry', () => {
    expect(defaultTemplate).toMatchObject({
      id: 'avery-4221',
      name: '3/4" Round',
      labelsPerSheet: 80,
      page: { width: 612, height: 792 },
      columns: 8,
      rows: 10,
      labelDiameter: 54,
      pitchX: 72,
      pitchY: 72,
      marginLeft: 27,
      marginTop: 45,
    });
    expect(defaultTemplate.description).toContain('Avery 4221');
    expect(getTemplate('avery-4221')).toBe(defaultTemplate);
    expect(getTemplate('nope')).toBeUndefined();
  });

  it('centres label (c, r) of the default sheet at (54 + 72c, 72 + 72r) from the top left', () => {
    for (let row = 0; row < 10; row++) {
      for (let column = 0; column < 8; column++) {
        expect(labelCentre(defaultTemplate, column, row)).toEqual({ x: 54 + 72 * column, y: 72 + 72 * row });
      }
    }
  });

  it('has a 32-label layout of 8 rows by 4 columns', () => {
    const sheet = templates.find((template) => template.labelsPerSheet === 32);
    expect(sheet).toMatchObject({ rows: 8, columns: 4, page: { width: 612, height: 792 } });
  });

  it('keeps the Avery 4221 sheet as a round sheet of 54 pt circles, its printable area inset 12 pt', () => {
    expect(defaultTemplate).toMatchObject({
      medium: 'sheet',
      shape: 'round',
      label: { width: 54, height: 54 },
      printableInsets: { top: 12, right: 12, bottom: 12, left: 12 },
    });
  });
});

describe('QR read notes (npm run bench:label-read with BENCH_TEMPLATE=all)', () => {
  it('only the template that missed the benchmark says so, with its figure', () => {
    const noted = templates.filter((template) => template.qrReadNote);
    expect(noted.map((template) => template.id)).toEqual(['brother-dk-11221']);
    expect(noted[0]!.qrReadNote).toMatch(/zxing-wasm reads 70 %.* at 100 px/);
  });
});
