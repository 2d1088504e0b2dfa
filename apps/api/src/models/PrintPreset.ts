import { BaseModel } from './BaseModel';

/** A named print preset: template + printer + offsets + start (PRODUCT.md, Printing). */
export class PrintPreset extends BaseModel {
  static override tableName = 'print_presets';
  static override hasUpdatedAt = true;

  id!: string;
  name!: string;
  templateId!: string;
  printer!: string;
  xMm!: number;
  yMm!: number;
  startColumn!: number;
  startRow!: number;
  createdAt!: Date;
  updatedAt!: Date;
}
