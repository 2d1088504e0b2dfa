export type { Calibration } from './sheetDocument';
export { noCalibration } from './sheetDocument';
export type { JobSheetsOptions, LabelCode, LabelSheetsOptions } from './labelSheets';
export { renderJobSheetsPdf, renderLabelSheetsPdf } from './labelSheets';
export type { CalibrationSheetOptions } from './calibrationSheet';
export { renderCalibrationSheetPdf } from './calibrationSheet';
