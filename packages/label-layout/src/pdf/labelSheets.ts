import { PDFName, StandardFonts } from 'pdf-lib';
import type { LabelContentLayout, SmsLinePlacement, TextLineLayout } from '../labelContent';
import { labelContentLayout } from '../labelContent';
import { placeJobLabels } from '../jobSheets';
import type { LabelPlacement } from '../placement';
import type { QrMatrix } from '../qr/matrix';
import { forEachDarkRect, labelMatrix, labelQrText, qrMatrix } from '../qr/matrix';
import type { LabelSymbol } from '../symbolChoice';
import { LABEL_SYMBOL } from '../symbolChoice';
import type { LabelTemplate } from '../templates';
import { defaultTemplate } from '../templates';
import { printedCode, smsLineText } from '../codeText';
import type { FittedSideLine } from '../smsLine';
import { fitSmsSides, smsLinePlacement, smsNumberAsWritten } from '../smsLine';
import type { FittedText } from './fittedText';
import { createCodeFitter, createSetNameFitter, createTextFitter } from './fittedText';
import { appendContent, num } from './contentStream';
import type { Calibration } from './sheetDocument';
import { addSheetPage, calibrationOffset, createSheetDocument, pdfY } from './sheetDocument';

export interface LabelCode {
  readonly value: string;
  readonly setName: string;
}

export interface LabelSheetsOptions {
  readonly codes: readonly LabelCode[];
  readonly template?: LabelTemplate;
  /** 1-based, first sheet only (default 1). */
  readonly startColumn?: number;
  /** 1-based, first sheet only (default 1). */
  readonly startRow?: number;
  /** Host the labels point at, e.g. `homing.example`; also printed under the symbol. */
  readonly domainName: string;
  /** Printed above the symbol in lower case, e.g. `homing`. */
  readonly brandWord: string;
  readonly calibration?: Calibration;
  readonly title?: string;
  /** Error correction and quiet zone (default `LABEL_SYMBOL`; the benchmark compares others). */
  readonly symbol?: LabelSymbol;
  /**
   * The instance's public SMS number (`SMS_PUBLIC_NUMBER`): "or text CODE to NUMBER" under the
   * address, or "or text the code to" and the number in the side segments, as the template says
   * (`smsLine`; left off when it cannot fit, `smsLineProblem`). Absent or null: no such line.
   */
  readonly smsNumber?: string | null;
}

export interface JobSheetsOptions extends Omit<LabelSheetsOptions, 'codes'> {
  /** The job's sets in order, each its labels; the start applies to the first (`jobSets`). */
  readonly sets: readonly (readonly LabelCode[])[];
}

const FONT_KEY = 'F1';
const CODE_FONT_KEY = 'F2';

interface LabelContext {
  readonly pageHeight: number;
  readonly dx: number;
  readonly dy: number;
  readonly fitText: (text: string, line: TextLineLayout) => FittedText | null;
  readonly fitCode: (text: string, line: TextLineLayout) => FittedText;
  readonly fitSetName: ReturnType<typeof createSetNameFitter>;
  readonly layoutFor: (moduleCount: number) => LabelContentLayout;
  readonly brandWord: string;
  readonly address: string;
  readonly symbol: LabelSymbol;
  /** The caller named the symbol (the benchmark): its level as given, whatever the URL's length. */
  readonly chosenSymbol: boolean;
  readonly smsNumber: string | null;
  /** The side lines, fitted once per layout (they hold no code, so every label has the same). */
  readonly sidesFor: (layout: LabelContentLayout) => readonly FittedSideLine[];
  readonly encode: (text: string) => string;
}

/**
 * A line set vertically beside the quiet zone, centred on the label's middle row: its text matrix
 * turns it 90° anticlockwise (reading up) or clockwise (reading down), the baseline at the
 * layout's x, the glyphs' feet towards the symbol.
 */
function sideTextOperators(fitted: FittedSideLine, encoded: string, x: number, y: number): string {
  const up = fitted.line.reads === 'up';
  const matrix = up
    ? `0 1 -1 0 ${num(x + fitted.baseline)} ${num(y - fitted.width / 2)}`
    : `0 -1 1 0 ${num(x + fitted.baseline)} ${num(y + fitted.width / 2)}`;
  const scaled = fitted.horizontalScale !== 100;
  return `BT /${FONT_KEY} ${num(fitted.fontSize)} Tf ${scaled ? `${num(fitted.horizontalScale)} Tz ` : ''}${matrix} Tm ${encoded} Tj ${scaled ? '100 Tz ' : ''}ET\n`;
}

/** The symbol as one filled path: the rectangles of its SVG path, drawn in module units. */
function symbolOperators(matrix: QrMatrix, layout: LabelContentLayout, x: number, y: number): string {
  const { left, top, moduleSize } = layout.qr;
  // Flipping y makes module rows run down the page, as in the matrix.
  let ops = `q ${num(moduleSize)} 0 0 ${num(-moduleSize)} ${num(x + left)} ${num(y - top)} cm\n`;
  forEachDarkRect(matrix, (column, row, width, height) => {
    ops += `${column} ${row} ${width} ${height} re\n`;
  });
  return `${ops}f\nQ\n`;
}

function textOperators(
  fitted: FittedText | null,
  line: TextLineLayout,
  x: number,
  y: number,
  fontKey = FONT_KEY,
): string {
  if (!fitted) return '';
  // Tz is text state that outlives ET: set it on every line that is narrowed, and back after.
  const scaled = fitted.horizontalScale !== 100;
  return `BT /${fontKey} ${num(fitted.fontSize)} Tf ${scaled ? `${num(fitted.horizontalScale)} Tz ` : ''}${num(x - fitted.width / 2)} ${num(y - line.baseline)} Td ${fitted.encoded} Tj ${scaled ? '100 Tz ' : ''}ET\n`;
}

function labelOperators(context: LabelContext, code: LabelCode, placement: LabelPlacement): string {
  const matrix = context.chosenSymbol
    ? qrMatrix(labelQrText(context.address, code.value), context.symbol.errorCorrection)
    : labelMatrix(context.address, code.value);
  const layout = context.layoutFor(matrix.size);
  // PDF coordinates of the label's centre, calibration included.
  const x = placement.centre.x + context.dx;
  const y = context.pageHeight - (placement.centre.y + context.dy);
  return (
    symbolOperators(matrix, layout, x, y) +
    (context.fitSetName(code.setName, layout.setName, layout.safeRadius)?.lines ?? [])
      .map(({ fitted, line }) => textOperators(fitted, line, x, y))
      .join('') +
    textOperators(context.fitText(context.brandWord, layout.brand), layout.brand, x, y) +
    textOperators(context.fitCode(printedCode(code.value), layout.code), layout.code, x, y, CODE_FONT_KEY) +
    textOperators(context.fitText(context.address, layout.address), layout.address, x, y) +
    (context.smsNumber && layout.sms
      ? textOperators(
          context.fitText(smsLineText(code.value, context.smsNumber), layout.sms),
          layout.sms,
          x,
          y,
        )
      : '') +
    context
      .sidesFor(layout)
      .map((side) => sideTextOperators(side, context.encode(side.text), x, y))
      .join('')
  );
}

/** One set's label sheets as a PDF (a job of one set). */
export async function renderLabelSheetsPdf(options: LabelSheetsOptions): Promise<Uint8Array> {
  const { codes, ...rest } = options;
  return renderJobSheetsPdf({ ...rest, sets: [codes] });
}

/**
 * A print job's label sheets as one PDF, each set starting on a new sheet, the start applying to
 * the first set only (`jobSets`). Every page exactly the template's paper, nothing scaled, each QR
 * symbol one vector path (never an image), the text in Helvetica, the code under the symbol in
 * Helvetica-Bold. Pages are independent, so each page's content is compressed while the next is
 * being built.
 */
export async function renderJobSheetsPdf(options: JobSheetsOptions): Promise<Uint8Array> {
  const template = options.template ?? defaultTemplate;
  const start = { column: options.startColumn ?? 1, row: options.startRow ?? 1 };
  if (options.sets.length === 0 || options.sets.some((codes) => codes.length === 0))
    throw new RangeError('there are no codes to print');
  const codes = options.sets.flat();
  const sizes = options.sets.map((set) => set.length);
  const placements = placeJobLabels(sizes, template, start);

  const doc = await createSheetDocument(options.title ?? `QR labels, ${template.name}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const codeFont = await doc.embedFont(StandardFonts.HelveticaBold);
  const layouts = new Map<number, LabelContentLayout>();
  const symbol = options.symbol ?? LABEL_SYMBOL;
  const { dx, dy } = calibrationOffset(options.calibration);
  const smsLine: SmsLinePlacement | null = smsLinePlacement(template, options.smsNumber);
  const smsNumber = smsLine && smsNumberAsWritten(options.smsNumber!);
  const sides = new Map<LabelContentLayout, readonly FittedSideLine[]>();
  const encodable = new Set(font.getCharacterSet());
  const context: LabelContext = {
    pageHeight: pdfY(template, 0),
    dx,
    dy,
    fitText: createTextFitter(font),
    fitCode: createCodeFitter(codeFont),
    fitSetName: createSetNameFitter(font),
    layoutFor: (moduleCount) => {
      // One layout per QR version in the job (usually just one).
      const layout =
        layouts.get(moduleCount) ??
        labelContentLayout(template.labelDiameter, moduleCount, {
          quietZoneModules: symbol.quietZoneModules,
          smsLine: smsLine ?? undefined,
        });
      layouts.set(moduleCount, layout);
      return layout;
    },
    brandWord: options.brandWord.toLowerCase(),
    address: options.domainName,
    symbol,
    chosenSymbol: options.symbol !== undefined,
    smsNumber,
    sidesFor: (layout) => {
      let fitted = sides.get(layout);
      if (!fitted) {
        const both = layout.smsSides && smsNumber ? fitSmsSides(layout.smsSides, smsNumber) : null;
        fitted = both ? [both.left, both.right] : [];
        sides.set(layout, fitted);
      }
      return fitted;
    },
    // A character Helvetica cannot encode (outside WinAnsi) becomes '?', as on the other lines.
    encode: (text) =>
      font
        .encodeText(
          Array.from(text, (char) => (encodable.has(char.codePointAt(0) ?? 0) ? char : '?')).join(''),
        )
        .toString(),
  };

  const pagesDone: Promise<void>[] = [];
  let index = 0;
  while (index < placements.length) {
    const page = addSheetPage(doc, template);
    page.node.setFontDictionary(PDFName.of(FONT_KEY), font.ref);
    page.node.setFontDictionary(PDFName.of(CODE_FONT_KEY), codeFont.ref);
    const sheetIndex = placements[index].sheetIndex;
    let operators = '0 g\n';
    for (; index < placements.length && placements[index].sheetIndex === sheetIndex; index++) {
      operators += labelOperators(context, codes[index], placements[index]);
    }
    pagesDone.push(appendContent(doc, page, operators));
  }
  await Promise.all(pagesDone);
  return doc.save({ useObjectStreams: false });
}
