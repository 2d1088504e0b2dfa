import type { TrxCtx } from '../../ctx';
import type { QrCode } from '../../models/QrCode';
import { newCodeValue } from '../../lib/codeValues';

export interface CodeSlot {
  setId: string;
  gridRow: number;
  gridColumn: number;
}

const slotKey = (slot: CodeSlot) => `${slot.setId}:${slot.gridRow}:${slot.gridColumn}`;

/**
 * New codes with random values at the given slots, in one INSERT for all of them. A value that
 * collides with an existing code is skipped by the unique index and topped up in another round,
 * which at ~50 bits per value practically never happens. Returns the codes in slot order.
 */
export async function codeInserter(
  { slots }: { slots: readonly CodeSlot[] },
  { trx }: Pick<TrxCtx, 'trx'>,
): Promise<QrCode[]> {
  const bySlot = new Map<string, QrCode>();
  let missing = slots;
  while (missing.length) {
    const rows = missing.map((slot) => ({ ...slot, value: newCodeValue() }));
    const inserted = (await trx('qr_codes')
      .insert(rows)
      .onConflict('value')
      .ignore()
      .returning('*')) as QrCode[];
    for (const code of inserted) bySlot.set(slotKey(code), code);
    missing = missing.filter((slot) => !bySlot.has(slotKey(slot)));
  }
  return slots.map((slot) => bySlot.get(slotKey(slot))!);
}
