import { BaseModel } from './BaseModel';

/** A named print preset: template + printer + start + copies (PRODUCT.md, Printing). */
export class PrintPreset extends BaseModel {
  static override tableName = 'print_presets';
  static override hasUpdatedAt = true;

  id!: string;
  name!: string;
  templateId!: string;
  printer!: string;
  startColumn!: number;
  startRow!: number;
  copies!: number;
  createdAt!: Date;
  updatedAt!: Date;
}
