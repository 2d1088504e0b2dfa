export type { Inch, Mm, Pt, SheetPoint } from './units';
export {
  inch,
  inchToPt,
  mm,
  mmToPt,
  pt,
  ptToInch,
  ptToMm,
  MILLIMETRES_PER_INCH,
  POINTS_PER_INCH,
} from './units';
export type { Insets, LabelMedium, LabelShape, LabelTemplate } from './templates';
export {
  avery22805,
  avery4221,
  avery5160,
  averyL7160,
  brotherDk11218,
  brotherDk11221,
  defaultTemplate,
  dymo30332,
  getTemplate,
  labelCentre,
  rollTemplates,
  rollTemplatesForMedia,
  round1in32,
  sheetTemplates,
  templates,
} from './templates';
export type { LabelPlacement, StartPosition } from './placement';
export {
  clampStart,
  firstLabel,
  firstPageCapacity,
  isValidStart,
  pageCount,
  placeLabel,
  placeLabels,
  skippedLabels,
} from './placement';
export type { JobPlacement, JobSet } from './jobSheets';
export { jobSets, jobSheetCount, placeJobLabels } from './jobSheets';
export type { SetGrid } from './setGrid';
export { setGrid } from './setGrid';
export type { SplitChild } from './split';
export { rowsPerSetOptions, splitChildLabel, splitPreview, splitRowsText } from './split';
export type {
  LabelContentLayout,
  LabelContentOptions,
  QrLayout,
  SideLineLayout,
  SmsLinePlacement,
  TextLineLayout,
} from './labelContent';
export { labelContentLayout, MIN_CODE_FONT_SIZE, SMS_SIDE_FONT } from './labelContent';
export type { LabelSymbol } from './symbolChoice';
export { LABEL_SYMBOL, labelSymbolLevel, MAX_LABEL_VERSION } from './symbolChoice';
export { labelDomainProblem } from './labelDomain';
export type { FittedSideLine } from './smsLine';
export { fitSmsSides, SMS_SIDE_WORDS, smsLinePlacement, smsLineProblem, smsNumberAsWritten } from './smsLine';
export type { ErrorCorrectionLevel, QrMatrix } from './qr/matrix';
export { forEachDarkRect, labelMatrix, labelQrText, labelUrl, qrMatrix, qrSvgPath } from './qr/matrix';
export type { TypedCode } from './codeText';
export {
  CODE_ALPHABET,
  CODE_LENGTH,
  parseTypedCode,
  printedCode,
  readableCode,
  smsLineText,
} from './codeText';
