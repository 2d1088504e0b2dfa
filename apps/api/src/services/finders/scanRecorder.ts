import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { SCAN_MESSAGES, type DeviceType } from '@homing/shared';
import type { Ctx, Effects } from '../../ctx';
import { notFound } from '../../errors';
import { batched } from '../../db/batched';
import { preparedQuery } from '../../db/prepared';
import type { User } from '../../models/User';
import { presentFoundEvent } from '../../presenters/finders/foundActivity';
import { clientTime } from '../../lib/clientTime';
import { normalizeCodeValue } from '../../lib/codeValues';
import { lostScanAlerter, type LostScanDeps } from './lostScanAlerter';

interface ScanRow {
  id: string;
  itemId: string | null;
  ownerId: string | null;
  itemName: string | null;
  scannedAt: Date;
  deviceType: string;
  lost: boolean;
  repeated: boolean;
}

/** Page loads by one device within this long count as one scan. */
export const REPEAT_SCAN_WINDOW_MS = 10 * 60 * 1000;

// One row per scan from thirteen parallel arrays (ids … device hashes): each code is looked up with
// its item (a code that does not exist is dropped: no row), a scan by anyone but the owner counts as
// a found event, and the ids made in Node tie each row back to its caller. A device that scanned
// this code within the window (same device hash) is a repeat: answered, not inserted.
// It is a prepared statement, planned once per connection. Each look-up is a LATERAL subquery with
// LIMIT 1, which the planner cannot turn into a join of whole tables: whatever the tables' sizes
// when the plan was made, each scan costs three index probes (the code by value, its item, and the
// repeat check on scan_events (qr_code_id, device_hash, created_at)), and the hot pool's sessions
// rule out sequential scans (`db/hotPool.ts`) for a plan made while scan_events was tiny.
export const RECORD_SCANS = `
  WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
       input AS (
         SELECT * FROM unnest(?::uuid[], ?::text[], ?::uuid[], ?::timestamptz[], ?::text[], ?::text[],
                              ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                    AS t(id, value, viewer_id, scanned_at, device_type, platform, language, timezone,
                         connection_type, screen_size, referrer, user_agent, device_hash)),
       scans AS (
         SELECT input.*, c.id AS qr_code_id, c.owner_id, c.item_name,
                CASE WHEN c.owner_id IS DISTINCT FROM input.viewer_id THEN c.item_id END AS item_id,
                c.lost, r.hit IS NOT NULL AS repeated
           FROM input
          CROSS JOIN LATERAL (
                SELECT c.id, c.item_id, i.owner_id, i.name AS item_name, i.lost_at IS NOT NULL AS lost
                  FROM qr_codes c LEFT JOIN items i ON i.id = c.item_id
                 WHERE c.value = input.value
                 LIMIT 1) c
           LEFT JOIN LATERAL (
                SELECT true AS hit FROM scan_events e
                 WHERE e.qr_code_id = c.id AND e.device_hash = input.device_hash
                   AND e.created_at > now() - make_interval(secs => ${REPEAT_SCAN_WINDOW_MS / 1000})
                 LIMIT 1) r ON true),
       inserted AS (
         INSERT INTO scan_events (id, qr_code_id, item_id, qr_value, scanned_at, device_type, platform, language,
                                  timezone, connection_type, screen_size, referrer, user_agent, device_hash)
         SELECT id, qr_code_id, item_id, value, scanned_at, device_type, platform, language, timezone,
                connection_type, screen_size, referrer, user_agent, device_hash
           FROM scans, async_commit
          WHERE NOT repeated
         RETURNING id)
  SELECT s.id, s.item_id, s.owner_id, s.item_name, s.scanned_at, s.device_type, s.lost,
         inserted.id IS NULL AS repeated
    FROM scans s LEFT JOIN inserted USING (id)`;

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
  /** The finder page's first-party device id: repeated loads within the window are one scan. */
  deviceId: string | null;
  /** Where the finder is, when they chose to share it (a lost item's page asks). */
  position: { latitude: string; longitude: string } | null;
}

export interface RecordedScan {
  /** The stored event's id; for a repeat, the id this request was given (nothing stored). */
  id: string;
  itemId: string | null;
  ownerId: string | null;
  itemName: string | null;
  scannedAt: Date;
  deviceType: string;
  /** The item is in lost mode. */
  lost: boolean;
  /** The same device scanned this code within REPEAT_SCAN_WINDOW_MS: counted once, not stored. */
  repeated: boolean;
}

type Scan = ScanProps & { viewerId: string | null; deviceHash: string | null };

const deviceHash = (deviceId: string | null) =>
  deviceId ? crypto.hash('sha256', deviceId, 'hex').slice(0, 32) : null;

/** One batch of scans in one statement: each scan's row, or null for a code that does not exist. */
async function recordScans(knex: Knex, all: Scan[]): Promise<(RecordedScan | null)[]> {
  const allIds = all.map(() => crypto.randomUUID());
  const allValues = all.map((s) => normalizeCodeValue(s.qrCode));
  // One device loading one code twice in the same batch: the first is the scan, the rest repeat it.
  const firstOf = new Map<string, number>();
  const sameAs = all.map((s, i) => {
    if (!s.deviceHash) return i;
    const key = `${allValues[i]} ${s.deviceHash}`;
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, i);
    return first ?? i;
  });
  const scans = all.filter((_, i) => sameAs[i] === i);
  const ids = allIds.filter((_, i) => sameAs[i] === i);
  const values = allValues.filter((_, i) => sameAs[i] === i);
  const column = <K extends keyof Scan>(key: K) => scans.map((s) => s[key]);
  const rows = await preparedQuery<ScanRow>(knex, 'record-scans', RECORD_SCANS, [
    ids,
    values,
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
    column('deviceHash'),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return all.map((scan, i) => {
    const row = byId.get(allIds[sameAs[i]!]!);
    if (!row) return null;
    return {
      id: allIds[i]!,
      itemId: row.itemId,
      ownerId: row.ownerId,
      itemName: row.itemName,
      scannedAt: new Date(row.scannedAt),
      deviceType: scan.deviceType,
      lost: !!row.lost,
      repeated: !!row.repeated || sameAs[i] !== i,
    };
  });
}

// One batcher per pool: the scans of every request arriving together go in one statement, one
// statement at a time. Each statement commits once, so fewer, larger batches cost PostgreSQL less
// per scan: with two at a time, batches were half the size and PostgreSQL spent half as much again
// per scan.
const batchers = new WeakMap<Knex, (scan: Scan) => Promise<RecordedScan | null>>();
function recorderFor(knex: Knex) {
  let record = batchers.get(knex);
  if (!record) {
    record = batched((all: Scan[]) => recordScans(knex, all), { concurrency: 1 });
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
 * of a code that does not exist is not stored (404). Page loads by one device (the page's device id)
 * within REPEAT_SCAN_WINDOW_MS count once: a repeat is answered, not stored, not published. A scan
 * of a lost item by anyone but its owner alerts the owner at once (lostScanAlerter), and so does a
 * repeat that brings the finder's position.
 */
export async function scanRecorder(
  props: ScanProps,
  ctx: Ctx<User | null, Knex> & Effects & LostScanDeps,
): Promise<RecordedScan> {
  const { trx, actor, hub, afterCommit } = ctx;
  const event = await recorderFor(trx)({
    ...props,
    scannedAt: clientTime(props.scannedAt),
    viewerId: actor?.id ?? null,
    deviceHash: deviceHash(props.deviceId),
  });
  if (!event) throw notFound(SCAN_MESSAGES.notFound);
  const { itemId, ownerId } = event;
  if (event.lost && itemId && ownerId && (!event.repeated || props.position))
    await lostScanAlerter(
      {
        scanId: event.id,
        itemId,
        ownerId,
        itemName: event.itemName ?? '',
        at: event.scannedAt,
        position: props.position,
      },
      ctx,
    );
  // The answer does not wait for the live event's NOTIFY (publish never rejects; the hub logs).
  if (itemId && ownerId && !event.repeated)
    afterCommit(
      () =>
        void hub.publish(ownerId, {
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
