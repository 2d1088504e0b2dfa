import type { Pt, SheetPoint } from './units';
import { inch, inchToPt, pt } from './units';

/**
 * A sheet of round labels. All lengths are points; positions are measured from the page's top-left
 * corner (the way label makers publish their specs), not PDF's bottom-left.
 */
export interface LabelTemplate {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly labelsPerSheet: number;
  readonly page: { readonly width: Pt; readonly height: Pt };
  readonly columns: number;
  readonly rows: number;
  readonly labelDiameter: Pt;
  /** Centre-to-centre distance between neighbouring columns. */
  readonly pitchX: Pt;
  /** Centre-to-centre distance between neighbouring rows. */
  readonly pitchY: Pt;
  /** From the page's left edge to the left edge of the first column's circles. */
  readonly marginLeft: Pt;
  /** From the page's top edge to the top edge of the first row's circles. */
  readonly marginTop: Pt;
}

const usLetter = { width: inchToPt(inch(8.5)), height: inchToPt(inch(11)) };

/** Avery 4221: 0.75 in circles on a 1.0 in pitch, 8 × 10 on US Letter (spec section 9). */
export const avery4221: LabelTemplate = {
  id: 'avery-4221',
  name: '3/4" Round',
  description: 'Avery 4221, 80 round labels per US Letter sheet',
  labelsPerSheet: 80,
  page: usLetter,
  columns: 8,
  rows: 10,
  labelDiameter: inchToPt(inch(0.75)),
  pitchX: inchToPt(inch(1)),
  pitchY: inchToPt(inch(1)),
  marginLeft: pt(27),
  marginTop: pt(45),
};

/**
 * The spec's 32-label layout (4 columns × 8 rows). 1 in circles; the grid is centred on the sheet:
 * 1.75 in across and 1.25 in down leave a quarter inch or more between labels.
 */
export const round1in32: LabelTemplate = {
  id: 'round-1in-32',
  name: '1" Round',
  description: '32 round labels (1 in) per US Letter sheet, 4 columns × 8 rows',
  labelsPerSheet: 32,
  page: usLetter,
  columns: 4,
  rows: 8,
  labelDiameter: inchToPt(inch(1)),
  pitchX: inchToPt(inch(1.75)),
  pitchY: inchToPt(inch(1.25)),
  marginLeft: pt(81),
  marginTop: pt(45),
};

export const defaultTemplate: LabelTemplate = avery4221;

export const templates: readonly LabelTemplate[] = [avery4221, round1in32];

export function getTemplate(id: string): LabelTemplate | undefined {
  return templates.find((template) => template.id === id);
}

/** Centre of the label in `column`, `row` (both counted from 0 at the top left). */
export function labelCentre(template: LabelTemplate, column: number, row: number): SheetPoint {
  const radius = template.labelDiameter / 2;
  return {
    x: pt(template.marginLeft + radius + template.pitchX * column),
    y: pt(template.marginTop + radius + template.pitchY * row),
  };
}
