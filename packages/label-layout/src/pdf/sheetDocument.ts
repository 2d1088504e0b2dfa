import type { PDFPage } from 'pdf-lib';
import { degrees, PDFDocument, PrintScaling } from 'pdf-lib';
import type { LabelTemplate } from '../templates';
import type { Pt } from '../units';
import { mm, mmToPt, pt } from '../units';

/** A printer's feed error, corrected by moving everything: positive x right, positive y down. */
export interface Calibration {
  readonly xMm: number;
  readonly yMm: number;
}

export const noCalibration: Calibration = { xMm: 0, yMm: 0 };

export function calibrationOffset(calibration: Calibration = noCalibration): { dx: Pt; dy: Pt } {
  if (!Number.isFinite(calibration.xMm) || !Number.isFinite(calibration.yMm)) {
    throw new RangeError(
      `calibration offsets must be numbers of millimetres, got ${JSON.stringify(calibration)}`,
    );
  }
  return { dx: mmToPt(mm(calibration.xMm)), dy: mmToPt(mm(calibration.yMm)) };
}

export async function createSheetDocument(title: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Homing');
  doc.setProducer('@homing/label-layout (pdf-lib)');
  // Labels must land where the template says; a viewer's "fit to page" shrinks the sheet by a few
  // per cent, which moves the outer labels by millimetres.
  doc.catalog.getOrCreateViewerPreferences().setPrintScaling(PrintScaling.None);
  return doc;
}

/** A page exactly the template's paper, with MediaBox and CropBox both set so no viewer trims it. */
export function addSheetPage(doc: PDFDocument, template: LabelTemplate): PDFPage {
  const { width, height } = template.page;
  const page = doc.addPage([width, height]);
  page.setMediaBox(0, 0, width, height);
  page.setCropBox(0, 0, width, height);
  page.setRotation(degrees(0));
  return page;
}

/** PDF's y axis grows upwards from the bottom; the templates measure down from the top. */
export function pdfY(template: LabelTemplate, y: number): Pt {
  return pt(template.page.height - y);
}
