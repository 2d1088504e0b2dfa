export type { Calibration } from './sheetDocument';
export { noCalibration } from './sheetDocument';
export type { LabelCode, LabelSheetsOptions } from './labelSheets';
export { renderLabelSheetsPdf } from './labelSheets';
export type { CalibrationSheetOptions } from './calibrationSheet';
export { renderCalibrationSheetPdf } from './calibrationSheet';
