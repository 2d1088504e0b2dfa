import type { PDFFont, PDFPage } from 'pdf-lib';
import { rgb, StandardFonts } from 'pdf-lib';
import type { LabelTemplate } from '../templates';
import { defaultTemplate, labelCentre } from '../templates';
import { mm, mmToPt } from '../units';
import type { Calibration } from './sheetDocument';
import { addSheetPage, calibrationOffset, createSheetDocument, noCalibration, pdfY } from './sheetDocument';

export interface CalibrationSheetOptions {
  readonly template?: LabelTemplate;
  readonly calibration?: Calibration;
}

const black = rgb(0, 0, 0);
const HAIRLINE = 0.3;
// Rulers sit in the sheet margins of both templates (top 45 pt, left 27 pt) and stop short of the
// labels; their ticks are measured from the paper's edge.
const TOP_RULER_Y = mm(5);
const LEFT_RULER_X = mm(2.5);
const tickLength = (millimetre: number): number =>
  mmToPt(mm(millimetre % 10 === 0 ? 4 : millimetre % 5 === 0 ? 2.5 : 1.5));

interface Pen {
  readonly page: PDFPage;
  readonly font: PDFFont;
  /** From the template's top-left coordinates (calibration included) to PDF's. */
  readonly at: (x: number, y: number) => { x: number; y: number };
}

function line(pen: Pen, x1: number, y1: number, x2: number, y2: number): void {
  pen.page.drawLine({ start: pen.at(x1, y1), end: pen.at(x2, y2), thickness: HAIRLINE, color: black });
}

function label(pen: Pen, text: string, x: number, y: number, size: number): void {
  pen.page.drawText(text, { ...pen.at(x, y), size, font: pen.font, color: black });
}

function drawLabelMarks(pen: Pen, template: LabelTemplate): void {
  const radius = template.labelDiameter / 2;
  // Arms reach past the circle, into the gap, so they can be read against the die-cut edge.
  const arm = radius + mmToPt(mm(1.5));
  for (let row = 0; row < template.rows; row++) {
    for (let column = 0; column < template.columns; column++) {
      const { x, y } = labelCentre(template, column, row);
      pen.page.drawCircle({ ...pen.at(x, y), size: radius, borderWidth: HAIRLINE, borderColor: black });
      line(pen, x - arm, y, x + arm, y);
      line(pen, x, y - arm, x, y + arm);
    }
  }
}

function drawRulers(pen: Pen, template: LabelTemplate): void {
  const top = mmToPt(TOP_RULER_Y);
  const left = mmToPt(LEFT_RULER_X);
  // Each ruler starts past the other one's band, so the corner stays readable.
  const [firstX, firstY] = [5, 15];
  line(pen, mmToPt(mm(firstX)), top, template.page.width, top);
  line(pen, left, mmToPt(mm(firstY)), left, template.page.height);
  for (let millimetre = firstX; mmToPt(mm(millimetre)) <= template.page.width; millimetre++) {
    const x = mmToPt(mm(millimetre));
    line(pen, x, top, x, top + tickLength(millimetre));
    if (millimetre % 10 === 0) label(pen, String(millimetre), x - 2.5, top + tickLength(millimetre) + 5, 4);
  }
  for (let millimetre = firstY; mmToPt(mm(millimetre)) <= template.page.height; millimetre++) {
    const y = mmToPt(mm(millimetre));
    line(pen, left, y, left + tickLength(millimetre), y);
    if (millimetre % 10 === 0) label(pen, String(millimetre), left + tickLength(millimetre) + 1, y + 1.4, 4);
  }
}

const signed = (value: number): string => `${value < 0 ? '-' : '+'}${Math.abs(value).toFixed(2)}`;

/**
 * A sheet for lining a printer up: every label's outline and a crosshair on its centre, rulers
 * in millimetres along the top and left edges. The calibration moves all of it, as it moves
 * labels, so a sheet printed with the right offsets has its crosshairs on the label centres.
 */
export async function renderCalibrationSheetPdf(options: CalibrationSheetOptions = {}): Promise<Uint8Array> {
  const template = options.template ?? defaultTemplate;
  const calibration = options.calibration ?? noCalibration;
  const doc = await createSheetDocument(`Printer calibration, ${template.name}`);
  const page = addSheetPage(doc, template);
  const { dx, dy } = calibrationOffset(calibration);
  const pen: Pen = {
    page,
    font: await doc.embedFont(StandardFonts.Helvetica),
    at: (x, y) => ({ x: x + dx, y: pdfY(template, y + dy) }),
  };
  drawLabelMarks(pen, template);
  drawRulers(pen, template);
  const lastRowBottom = template.marginTop + template.pitchY * (template.rows - 1) + template.labelDiameter;
  const caption =
    `Calibration: ${template.name} (${template.id}). Offset x ${signed(calibration.xMm)} mm, ` +
    `y ${signed(calibration.yMm)} mm. Print at 100 % (no scaling); ruler in mm from the paper's edge.`;
  label(pen, caption, mmToPt(mm(12)), (lastRowBottom + template.page.height) / 2 + 2, 6);
  return doc.save({ useObjectStreams: false });
}
