import type { Ctx } from '../../ctx';
import type { FoundEventRow } from '../../presenters/finders/foundActivity';
import { newestFirstPage } from '../../lib/newestFirstPage';

/**
 * Scans of the owner's items by others, newest first. The scan recorder links a scan to its item
 * only when the scanner is not the owner, so every linked scan counts.
 */
export async function foundEventsPager(props: { page: number; limit: number }, { trx, actor }: Ctx) {
  const { rows, ...more } = await newestFirstPage<FoundEventRow>(
    () => trx('scan_events as e').join('items as i', 'i.id', 'e.item_id').where('i.owner_id', actor.id),
    ['e.id', 'e.scanned_at', 'i.id as item_id', 'i.name as item_name', 'e.latitude', 'e.longitude'],
    ['e.scanned_at', 'e.id'],
    props,
  );
  return { events: rows, ...more };
}
