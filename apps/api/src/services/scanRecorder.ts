import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { SCAN_MESSAGES, type DeviceType } from '@homing/shared';
import type { Ctx, Effects } from '../ctx';
import { notFound } from '../errors';
import { batched } from '../db/batched';
import { preparedQuery } from '../db/prepared';
import type { User } from '../models/User';
import type { EventHub } from '../notifications/hub';
import { presentFoundEvent } from '../presenters/foundActivity';
import { clientTime } from './clientTime';
import { normalizeCodeValue } from './codeValues';

interface ScanRow {
  id: string;
  itemId: string | null;
  ownerId: string | null;
  itemName: string | null;
  scannedAt: Date;
  deviceType: string;
}

// One row per scan from twelve parallel arrays (ids … user agents): each code is looked up with its
// item (a code that does not exist is dropped: no row), a scan by anyone but the owner counts as a
// found event, and the ids made in Node tie each inserted row back to its caller.
const RECORD_SCANS = `
  WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
       input AS (
         SELECT * FROM unnest(?::uuid[], ?::text[], ?::uuid[], ?::timestamptz[], ?::text[], ?::text[],
                              ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                    AS t(id, value, viewer_id, scanned_at, device_type, platform, language, timezone,
                         connection_type, screen_size, referrer, user_agent)),
       scans AS (
         SELECT input.*, c.id AS qr_code_id, i.owner_id, i.name AS item_name,
                CASE WHEN i.owner_id IS DISTINCT FROM input.viewer_id THEN c.item_id END AS item_id
           FROM input
           JOIN qr_codes c ON c.value = input.value
           LEFT JOIN items i ON i.id = c.item_id),
       inserted AS (
         INSERT INTO scan_events (id, qr_code_id, item_id, qr_value, scanned_at, device_type, platform, language,
                                  timezone, connection_type, screen_size, referrer, user_agent)
         SELECT id, qr_code_id, item_id, value, scanned_at, device_type, platform, language, timezone,
                connection_type, screen_size, referrer, user_agent
           FROM scans, async_commit
         RETURNING id)
  SELECT s.id, s.item_id, s.owner_id, s.item_name, s.scanned_at, s.device_type
    FROM scans s JOIN inserted USING (id)`;

export interface ScanProps {
  qrCode: string;
  scannedAt: Date;
  deviceType: DeviceType;
  platform: string | null;
  language: string | null;
  timezone: string | null;
  connectionType: string | null;
  screenSize: string | null;
  referrer: string;
  userAgent: string;
}

export interface RecordedScan {
  id: string;
  itemId: string | null;
  ownerId: string | null;
  itemName: string | null;
  scannedAt: Date;
  deviceType: string;
}

type Scan = ScanProps & { viewerId: string | null };

// One batcher per pool: the scans of every request arriving together go in one statement.
const batchers = new WeakMap<Knex, (scan: Scan) => Promise<RecordedScan | null>>();
function recorderFor(knex: Knex) {
  let record = batchers.get(knex);
  if (!record) {
    record = batched(async (scans: Scan[]) => {
      const ids = scans.map(() => crypto.randomUUID());
      const column = <K extends keyof Scan>(key: K) => scans.map((s) => s[key]);
      const rows = await preparedQuery<ScanRow>(knex, 'record-scans', RECORD_SCANS, [
        ids,
        scans.map((s) => normalizeCodeValue(s.qrCode)),
        column('viewerId'),
        column('scannedAt'),
        column('deviceType'),
        column('platform'),
        column('language'),
        column('timezone'),
        column('connectionType'),
        column('screenSize'),
        column('referrer'),
        column('userAgent'),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = byId.get(id);
        if (!row) return null;
        return {
          id,
          itemId: row.itemId,
          ownerId: row.ownerId,
          itemName: row.itemName,
          scannedAt: new Date(row.scannedAt),
          deviceType: row.deviceType,
        };
      });
    });
    batchers.set(knex, record);
  }
  return record;
}

/**
 * Records a scan (every label scan hits this). It runs on the pool, never in a transaction:
 * scans arriving together are group-committed, one statement looking up every code with its item
 * and inserting every event. The statement commits asynchronously (synchronous_commit off for
 * that transaction only): a PostgreSQL crash may lose the last fraction of a second of scan
 * analytics, never corrupt them, and the commit does not wait for the disk. Reports and
 * notifications keep synchronous commits. A scan of someone else's item reaches its owner's open
 * dashboards live, after the commit. Visitors do not write the owner's timeline: the stored time
 * is the server's unless the visitor's lies within minutes before it (`clientTime`), and a scan
 * of a code that does not exist is not stored (404).
 */
export async function scanRecorder(
  props: ScanProps,
  { trx, actor, hub, afterCommit }: Ctx<User | null, Knex> & Effects & { hub: EventHub },
): Promise<RecordedScan> {
  const event = await recorderFor(trx)({
    ...props,
    scannedAt: clientTime(props.scannedAt),
    viewerId: actor?.id ?? null,
  });
  if (!event) throw notFound(SCAN_MESSAGES.notFound);
  const { itemId, ownerId } = event;
  if (itemId && ownerId)
    afterCommit(() =>
      hub.publish(ownerId, {
        type: 'found_event',
        data: presentFoundEvent({
          id: event.id,
          scannedAt: event.scannedAt,
          itemId,
          itemName: event.itemName ?? '',
        }),
      }),
    );
  return event;
}
