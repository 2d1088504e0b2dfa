import type { SmsLinePlacement } from './labelContent';
import type { Mm, Pt, SheetPoint } from './units';
import { inch, inchToPt, mm, mmToPt, pt } from './units';

/** What the labels come on: sheets through an office printer, or a roll through a label printer. */
export type LabelMedium = 'sheet' | 'roll';
/** The die-cut label's outline. The content is always laid out in a circle (`labelDiameter`). */
export type LabelShape = 'round' | 'square' | 'rectangle';

/** Distances in from the page's edges. */
export interface Insets {
  readonly top: Pt;
  readonly right: Pt;
  readonly bottom: Pt;
  readonly left: Pt;
}

/**
 * A label template as data: the medium, the page (a sheet's paper, or for a roll the one label a
 * page holds), the label's outline and shape, the grid, and the printable area. All lengths are
 * points (each template below is written in the unit its maker publishes and converted once);
 * positions are measured from the page's top-left corner (the way label makers publish their
 * specs), not PDF's bottom-left.
 */
export interface LabelTemplate {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly medium: LabelMedium;
  readonly shape: LabelShape;
  /** Labels on one page: a sheet's grid, or 1 on a roll (each label is its own page). */
  readonly labelsPerSheet: number;
  readonly page: { readonly width: Pt; readonly height: Pt };
  /**
   * The page's name for the spooler (`lp -o media=…`): the paper (`Letter`, `A4`), or the roll's
   * media as its driver names it (`24mm-circular`).
   */
  readonly media: string;
  readonly columns: number;
  readonly rows: number;
  /** The die-cut label's bounding box (a round label's is its diameter both ways). */
  readonly label: { readonly width: Pt; readonly height: Pt };
  /**
   * The circle the label's content is laid out in, centred on the label: a round label's own
   * diameter; on a square or rectangular label, or where the printer cannot reach the label's
   * edge, the largest circle that fits the label and the printable area.
   */
  readonly labelDiameter: Pt;
  /** Distance between the left edges (and centres) of neighbouring columns. */
  readonly pitchX: Pt;
  /** Distance between the top edges (and centres) of neighbouring rows. */
  readonly pitchY: Pt;
  /** From the page's left edge to the left edge of the first column's labels. */
  readonly marginLeft: Pt;
  /** From the page's top edge to the top edge of the first row's labels. */
  readonly marginTop: Pt;
  /** What the printer cannot print on, in from each edge of the page. */
  readonly printableInsets: Insets;
  /**
   * Roll templates: the queue's media names this roll is (PPD `PageSize` keywords and IPP
   * `media-supported` names, compared without case); the station offers a roll template only on
   * a queue that lists one of them.
   */
  readonly mediaNames?: readonly string[];
  /**
   * Set when this template's QR misses `npm run bench:label-read`'s acceptance (zxing-wasm reads
   * ≥ 95 % of photos at 100 px per 3/4 in): what it reads and why. Absent: it meets it.
   */
  readonly qrReadNote?: string;
  /**
   * Where the instance's SMS number goes (PRODUCT.md, Finders who text): `below`, a sixth line "or text CODE to +1 555 …"
   * under the address, on labels where it keeps the modules at the 0.373 mm `npm run
   * bench:label-read` accepts (Avery 22805, L7160); `sides`, "or text the code to" up the circle's
   * left segment and the number down its right, beside the quiet zone, taking nothing from the
   * symbol (every label whose sixth line would shrink it). `smsLineProblem` says when a number
   * cannot fit.
   */
  readonly smsLine: SmsLinePlacement;
}

const usLetter = { width: inchToPt(inch(8.5)), height: inchToPt(inch(11)), name: 'Letter' };
const a4 = { width: mmToPt(mm(210)), height: mmToPt(mm(297)), name: 'A4' };
/** Office printers leave about a sixth of an inch (4.2 mm) unprinted along each edge. */
const officeInsets: Insets = { top: pt(12), right: pt(12), bottom: pt(12), left: pt(12) };

interface SheetSpec {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly shape: LabelShape;
  readonly page: { readonly width: Pt; readonly height: Pt; readonly name: string };
  readonly columns: number;
  readonly rows: number;
  readonly label: { readonly width: Pt; readonly height: Pt };
  readonly pitchX: Pt;
  readonly pitchY: Pt;
  readonly marginLeft: Pt;
  readonly marginTop: Pt;
  readonly smsLine: SmsLinePlacement;
}

function sheet(spec: SheetSpec): LabelTemplate {
  const { name: media, ...page } = spec.page;
  return {
    ...spec,
    page,
    media,
    medium: 'sheet',
    labelsPerSheet: spec.columns * spec.rows,
    labelDiameter: pt(Math.min(spec.label.width, spec.label.height)),
    printableInsets: officeInsets,
  };
}

interface RollSpec {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly shape: LabelShape;
  readonly label: { readonly width: Pt; readonly height: Pt };
  /** From the driver's PPD (`*ImageableArea` of the media): what the print head reaches. */
  readonly printableInsets: Insets;
  readonly mediaNames: readonly string[];
  readonly qrReadNote?: string;
  readonly smsLine: SmsLinePlacement;
}

/** The largest circle centred on a `width` × `height` page inside its printable area. */
function centredCircle(width: number, height: number, insets: Insets): Pt {
  const x = Math.min(width / 2 - insets.left, width / 2 - insets.right);
  const y = Math.min(height / 2 - insets.top, height / 2 - insets.bottom);
  return pt(2 * Math.min(x, y));
}

/** A roll label: one label per page, the page exactly the label. */
function roll(spec: RollSpec): LabelTemplate {
  return {
    ...spec,
    medium: 'roll',
    media: spec.mediaNames[0],
    labelsPerSheet: 1,
    page: spec.label,
    columns: 1,
    rows: 1,
    labelDiameter: centredCircle(spec.label.width, spec.label.height, spec.printableInsets),
    pitchX: spec.label.width,
    pitchY: spec.label.height,
    marginLeft: pt(0),
    marginTop: pt(0),
  };
}

const round = (diameter: Pt) => ({ width: diameter, height: diameter });
const insetsPt = (top: number, right: number, bottom: number, left: number): Insets => ({
  top: pt(top),
  right: pt(right),
  bottom: pt(bottom),
  left: pt(left),
});
const mmPt = (value: number): Pt => mmToPt(mm(value) as Mm);
const inPt = (value: number): Pt => inchToPt(inch(value));

/** Avery 4221: 0.75 in circles on a 1.0 in pitch, 8 × 10 on US Letter (PRODUCT.md, Limits). */
export const avery4221: LabelTemplate = sheet({
  id: 'avery-4221',
  name: '3/4" Round',
  description: 'Avery 4221, 80 round labels per US Letter sheet',
  shape: 'round',
  page: usLetter,
  columns: 8,
  rows: 10,
  label: round(inPt(0.75)),
  pitchX: inPt(1),
  pitchY: inPt(1),
  marginLeft: pt(27),
  marginTop: pt(45),
  smsLine: 'sides',
});

/**
 * The spec's 32-label layout (4 columns × 8 rows). 1 in circles; the grid is centred on the sheet:
 * 1.75 in across and 1.25 in down leave a quarter inch or more between labels.
 */
export const round1in32: LabelTemplate = sheet({
  id: 'round-1in-32',
  name: '1" Round',
  description: '32 round labels (1 in) per US Letter sheet, 4 columns × 8 rows',
  shape: 'round',
  page: usLetter,
  columns: 4,
  rows: 8,
  label: round(inPt(1)),
  pitchX: inPt(1.75),
  pitchY: inPt(1.25),
  marginLeft: pt(81),
  marginTop: pt(45),
  smsLine: 'sides',
});

/** Avery 22805: 1.5 in squares, 4 × 6 on US Letter, the grid centred on the sheet. */
export const avery22805: LabelTemplate = sheet({
  id: 'avery-22805',
  name: '1.5" Square',
  description: 'Avery 22805, 24 square labels (1.5 in) per US Letter sheet',
  shape: 'square',
  page: usLetter,
  columns: 4,
  rows: 6,
  label: { width: inPt(1.5), height: inPt(1.5) },
  pitchX: inPt(1.8125),
  pitchY: inPt(1.625),
  marginLeft: inPt(0.78125),
  marginTop: inPt(0.6875),
  smsLine: 'below',
});

/** Avery 5160: 1 × 2⅝ in address labels, 3 × 10 on US Letter. */
export const avery5160: LabelTemplate = sheet({
  id: 'avery-5160',
  name: '1" × 2-5/8" Address',
  description: 'Avery 5160, 30 address labels (1 × 2-5/8 in) per US Letter sheet',
  shape: 'rectangle',
  page: usLetter,
  columns: 3,
  rows: 10,
  label: { width: inPt(2.625), height: inPt(1) },
  pitchX: inPt(2.75),
  pitchY: inPt(1),
  marginLeft: inPt(0.1875),
  marginTop: inPt(0.5),
  smsLine: 'sides',
});

/** Avery L7160: 63.5 × 38.1 mm, 3 × 7 on A4, the grid centred on the sheet. */
export const averyL7160: LabelTemplate = sheet({
  id: 'avery-l7160',
  name: '63.5 × 38.1 mm',
  description: 'Avery L7160, 21 labels (63.5 × 38.1 mm) per A4 sheet',
  shape: 'rectangle',
  page: a4,
  columns: 3,
  rows: 7,
  label: { width: mmPt(63.5), height: mmPt(38.1) },
  pitchX: mmPt(66.04),
  pitchY: mmPt(38.1),
  marginLeft: mmPt(7.21),
  marginTop: mmPt(15.15),
  smsLine: 'below',
});

/** Brother DK-11218: die-cut 24 mm circles (printer-driver-ptouch's `24mm-circular`, 68 × 68 pt). */
export const brotherDk11218: LabelTemplate = roll({
  id: 'brother-dk-11218',
  name: 'Brother DK-11218 24 mm Round',
  description: 'Brother QL roll, die-cut round labels (24 mm), one label per page',
  shape: 'round',
  label: round(pt(68)),
  printableInsets: insetsPt(5.76, 5.76, 5.76, 5.76),
  mediaNames: ['24mm-circular', 'roll_dk-11218_24x24mm', 'oe_dk-11218_24x24mm'],
  smsLine: 'sides',
});

/** Brother DK-11221: die-cut 23 mm squares (`23x23mm`, 65 × 65 pt). */
export const brotherDk11221: LabelTemplate = roll({
  id: 'brother-dk-11221',
  name: 'Brother DK-11221 23 mm Square',
  description: 'Brother QL roll, die-cut square labels (23 mm), one label per page',
  shape: 'square',
  label: { width: pt(65), height: pt(65) },
  printableInsets: insetsPt(8.4, 4.32, 8.4, 4.32),
  mediaNames: ['23x23mm', 'roll_dk-11221_23x23mm', 'oe_dk-11221_23x23mm'],
  qrReadNote:
    'Below the acceptance on the shared camera model (bench:label-read): the QL reaches only a 48.4 pt ' +
    "circle of this label (the PPD's ImageableArea), so the modules are 0.329 mm, the size of a version 3 symbol " +
    "with a 2-module quiet zone on Avery 4221, which zxing-wasm reads 70 % at 100 px per 3/4 in (95 % at Avery 4221's " +
    '0.373 mm). Reads 100 % with zxing from 150 px (closer).',
  smsLine: 'sides',
});

/** DYMO 30332: 1 in squares (printer-driver-dymo's `w72h72.1`, 72 × 72 pt). */
export const dymo30332: LabelTemplate = roll({
  id: 'dymo-30332',
  name: 'DYMO 30332 1" Square',
  description: 'DYMO LabelWriter roll, square labels (1 in), one label per page',
  shape: 'square',
  label: { width: inPt(1), height: inPt(1) },
  printableInsets: insetsPt(7.2, 2.88, 4.32, 4.08),
  mediaNames: ['w72h72.1', 'w72h72', 'oe_w72h72_1x1in', 'om_30332_25.4x25.4mm'],
  smsLine: 'sides',
});

export const defaultTemplate: LabelTemplate = avery4221;

export const sheetTemplates: readonly LabelTemplate[] = [
  avery4221,
  round1in32,
  avery22805,
  avery5160,
  averyL7160,
];
export const rollTemplates: readonly LabelTemplate[] = [brotherDk11218, brotherDk11221, dymo30332];
export const templates: readonly LabelTemplate[] = [...sheetTemplates, ...rollTemplates];

export function getTemplate(id: string): LabelTemplate | undefined {
  return templates.find((template) => template.id === id);
}

/** Centre of the label in `column`, `row` (both counted from 0 at the top left). */
export function labelCentre(template: LabelTemplate, column: number, row: number): SheetPoint {
  return {
    x: pt(template.marginLeft + template.label.width / 2 + template.pitchX * column),
    y: pt(template.marginTop + template.label.height / 2 + template.pitchY * row),
  };
}

/**
 * Roll templates whose media a queue offers (its PPD `PageSize` keywords or IPP
 * `media-supported`), in the order of `rollTemplates`.
 */
export function rollTemplatesForMedia(media: readonly string[]): LabelTemplate[] {
  const offered = new Set(media.map((name) => name.toLowerCase()));
  return rollTemplates.filter((template) =>
    (template.mediaNames ?? []).some((name) => offered.has(name.toLowerCase())),
  );
}
