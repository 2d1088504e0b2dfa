import { getTemplate, setGrid } from '@homing/label-layout';
import type { Knex } from 'knex';
import { validationError } from '../errors';
import type { QrCode } from '../models/QrCode';
import { QrCodeSet } from '../models/QrCodeSet';
import { newCodeValue } from './codeValues';

export interface SetCreatorProps {
  count: number;
  templateId: string;
  name?: string;
  createdBy?: string | null;
}

/**
 * A top-level set of `count` new codes laid out on the set grid, in two statements: one for the
 * set, one for all its codes (collisions of the random values are skipped and topped up).
 */
export async function setCreator(props: SetCreatorProps, { trx }: { trx: Knex.Transaction }) {
  if (!getTemplate(props.templateId)) throw validationError('Unknown template');
  if (!Number.isInteger(props.count) || props.count < 1 || props.count > 10_000)
    throw validationError('count must be between 1 and 10000');
  const grid = setGrid(props.count);
  const set = await QrCodeSet.query(trx).insertAndFetch({
    name: props.name ?? '',
    templateId: props.templateId,
    rows: grid.rows,
    columns: grid.columns,
    createdBy: props.createdBy ?? null,
  });
  const positions = Array.from({ length: props.count }, (_, i) => ({
    gridRow: Math.floor(i / grid.columns),
    gridColumn: i % grid.columns,
  }));
  let missing = positions;
  const codes: QrCode[] = [];
  while (missing.length) {
    const rows = missing.map((p) => ({ ...p, setId: set.id, value: newCodeValue() }));
    const inserted = (await trx('qr_codes')
      .insert(rows)
      .onConflict('value')
      .ignore()
      .returning('*')) as QrCode[];
    codes.push(...inserted);
    const placed = new Set(inserted.map((c) => `${c.gridRow}:${c.gridColumn}`));
    missing = missing.filter((p) => !placed.has(`${p.gridRow}:${p.gridColumn}`));
  }
  codes.sort((a, b) => a.gridRow - b.gridRow || a.gridColumn - b.gridColumn);
  return { set, codes };
}
