import { getTemplate, setGrid } from '@homing/label-layout';
import type { TrxCtx } from '../../ctx';
import { validationError } from '../../errors';
import { QrCodeSet } from '../../models/QrCodeSet';
import { codeInserter } from './codeInserter';

export interface SetCreatorProps {
  count: number;
  templateId: string;
  name?: string;
  createdBy?: string | null;
}

/**
 * A top-level set of `count` new codes laid out on the set grid, in two statements: one for the
 * set, one for all its codes (`codeInserter`, in grid order).
 */
export async function setCreator(props: SetCreatorProps, { trx }: Pick<TrxCtx, 'trx'>) {
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
  const codes = await codeInserter(
    {
      slots: Array.from({ length: props.count }, (_, i) => ({
        setId: set.id,
        gridRow: Math.floor(i / grid.columns),
        gridColumn: i % grid.columns,
      })),
    },
    { trx },
  );
  return { set, codes };
}
