import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LabelTemplate } from './templates';
import {
  getTemplate,
  labelCentre,
  rollTemplates,
  rollTemplatesForMedia,
  sheetTemplates,
  templates,
} from './templates';

// Positions are floating-point sums of converted units: a thousandth of a point is far below a printer's dot.
const EPSILON = 1e-3;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function labelBox(template: LabelTemplate, column: number, row: number): Box {
  const centre = labelCentre(template, column, row);
  const { width, height } = template.label;
  return {
    left: centre.x - width / 2,
    top: centre.y - height / 2,
    right: centre.x + width / 2,
    bottom: centre.y + height / 2,
  };
}

function contentBox(template: LabelTemplate, column: number, row: number): Box {
  const centre = labelCentre(template, column, row);
  const r = template.labelDiameter / 2;
  return { left: centre.x - r, top: centre.y - r, right: centre.x + r, bottom: centre.y + r };
}

const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - EPSILON &&
  inner.top >= outer.top - EPSILON &&
  inner.right <= outer.right + EPSILON &&
  inner.bottom <= outer.bottom + EPSILON;

const overlap = (a: Box, b: Box) =>
  a.left < b.right - EPSILON &&
  b.left < a.right - EPSILON &&
  a.top < b.bottom - EPSILON &&
  b.top < a.bottom - EPSILON;

const pageBox = (t: LabelTemplate): Box => ({ left: 0, top: 0, right: t.page.width, bottom: t.page.height });
const printableBox = (t: LabelTemplate): Box => ({
  left: t.printableInsets.left,
  top: t.printableInsets.top,
  right: t.page.width - t.printableInsets.right,
  bottom: t.page.height - t.printableInsets.bottom,
});

/** Any label of any template: (template, column, row). */
const anyLabel = fc
  .constantFrom(...templates)
  .chain((template) =>
    fc.tuple(fc.constant(template), fc.nat(template.columns - 1), fc.nat(template.rows - 1)),
  );

describe('templates as data', () => {
  it('lists the sheets and rolls admins have, each id once', () => {
    expect(sheetTemplates.map((t) => t.id)).toEqual([
      'avery-4221',
      'round-1in-32',
      'avery-22805',
      'avery-5160',
      'avery-l7160',
    ]);
    expect(rollTemplates.map((t) => t.id)).toEqual(['brother-dk-11218', 'brother-dk-11221', 'dymo-30332']);
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
    for (const t of templates) expect(getTemplate(t.id)).toBe(t);
  });

  it('has the published geometry of the new sheets', () => {
    expect(getTemplate('avery-22805')).toMatchObject({
      columns: 4,
      rows: 6,
      labelsPerSheet: 24,
      page: { width: 612, height: 792 },
      label: { width: 108, height: 108 },
    });
    expect(getTemplate('avery-5160')).toMatchObject({
      columns: 3,
      rows: 10,
      labelsPerSheet: 30,
      label: { width: 189, height: 72 },
    });
    const l7160 = getTemplate('avery-l7160');
    expect(l7160).toMatchObject({ columns: 3, rows: 7, labelsPerSheet: 21 });
    expect(l7160?.page.width).toBeCloseTo(595.28, 2);
    expect(l7160?.page.height).toBeCloseTo(841.89, 2);
    expect(l7160?.label.width).toBeCloseTo(180, 2); // 63.5 mm
    expect(l7160?.label.height).toBeCloseTo(108, 2); // 38.1 mm
  });

  it('makes each roll label its own page, exactly the label, named as the drivers name the media', () => {
    for (const t of rollTemplates) {
      expect(t).toMatchObject({ medium: 'roll', labelsPerSheet: 1, columns: 1, rows: 1, page: t.label });
      expect(labelCentre(t, 0, 0)).toEqual({ x: t.page.width / 2, y: t.page.height / 2 });
    }
    expect(rollTemplatesForMedia(['62mm', '24MM-CIRCULAR', '23x23mm']).map((t) => t.id)).toEqual([
      'brother-dk-11218',
      'brother-dk-11221',
    ]);
    expect(rollTemplatesForMedia(['w167h288', 'w72h72.1']).map((t) => t.id)).toEqual(['dymo-30332']);
    expect(rollTemplatesForMedia(['Letter', 'A4'])).toEqual([]);
  });

  it('puts every label inside the page, and what is printed inside the label and the printable area', () => {
    fc.assert(
      fc.property(anyLabel, ([template, column, row]) => {
        const label = labelBox(template, column, row);
        const content = contentBox(template, column, row);
        expect(inside(label, pageBox(template))).toBe(true);
        expect(inside(content, label)).toBe(true);
        expect(inside(content, printableBox(template))).toBe(true);
        // A sheet's labels lie wholly where the office printer prints; a roll's die-cut label
        // is the page, and the driver says how far in from its edge the head reaches.
        if (template.medium === 'sheet') expect(inside(label, printableBox(template))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never overlaps two labels of a template', () => {
    fc.assert(
      fc.property(anyLabel, fc.nat(), fc.nat(), ([template, column, row], c2, r2) => {
        const other = { column: c2 % template.columns, row: r2 % template.rows };
        fc.pre(other.column !== column || other.row !== row);
        expect(overlap(labelBox(template, column, row), labelBox(template, other.column, other.row))).toBe(
          false,
        );
      }),
      { numRuns: 500 },
    );
    // And exhaustively on the neighbours, where an overlap would show first.
    for (const t of templates) {
      for (let row = 0; row < t.rows; row++)
        for (let column = 0; column < t.columns; column++) {
          if (column + 1 < t.columns)
            expect(overlap(labelBox(t, column, row), labelBox(t, column + 1, row))).toBe(false);
          if (row + 1 < t.rows)
            expect(overlap(labelBox(t, column, row), labelBox(t, column, row + 1))).toBe(false);
        }
    }
  });
});
