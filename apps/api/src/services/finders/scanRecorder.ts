import crypto from 'node:crypto';
import { SCAN_MESSAGES, type DeviceType } from '@homing/shared';
import type { Effects, TrxCtx } from '../../ctx';
import { notFound } from '../../errors';
import type { User } from '../../models/User';
import { presentFoundEvent } from '../../presenters/finders/foundActivity';
import { clientTime } from '../../lib/clientTime';
import { normalizeCodeValue } from '../../lib/codeValues';
import { lostScanAlerter, type LostScanDeps } from './lostScanAlerter';
import { FINDER_STATEMENTS } from './statements';

/** Page loads by one device within this long count as one scan. */
export const REPEAT_SCAN_WINDOW_MS = 10 * 60 * 1000;

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
  /** Who sent the scan (a short hash of the client address): lost-mode alert caps count per sender. */
  sender?: string;
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

const deviceHash = (deviceId: string | null) =>
  deviceId ? crypto.hash('sha256', deviceId, 'hex').slice(0, 32) : null;

/**
 * Records a scan (every label scan hits this), in the route's transaction: the code and its item,
 * the repeat check, the event. A scan by anyone but the owner counts as a found event of the item,
 * and reaches its owner's open dashboards live, after the commit. Visitors do not write the owner's
 * timeline: the stored time is the server's unless the visitor's lies within minutes before it
 * (`clientTime`), and a scan of a code that does not exist is not stored (404). Page loads by one
 * device (the page's device id) within REPEAT_SCAN_WINDOW_MS count once: a repeat is answered, not
 * stored, not published. A scan of a lost item by anyone but its owner alerts the owner at once
 * (lostScanAlerter), and so does a repeat that brings the finder's position.
 */
export async function scanRecorder(
  props: ScanProps,
  ctx: TrxCtx<User | null> & Effects & LostScanDeps,
): Promise<RecordedScan> {
  const { trx, actor, hub, afterCommit } = ctx;
  const value = normalizeCodeValue(props.qrCode);
  const hash = deviceHash(props.deviceId);
  // Two statements, not four (bench:finder: each round trip to PostgreSQL costs the API more CPU
  // than the rest of a scan; at 1,000 finder requests a second, four put p99 past 50 ms). The
  // first finds the code and, for a device, takes an advisory lock on (code, device) held until
  // the transaction ends: one device's simultaneous loads of one label take turns. The second
  // stores the event unless that device's earlier one lies within the window; it runs after the
  // lock, so it sees what the one before committed.
  const code = (await trx('qrCodes as c')
    .leftJoin('items as i', 'i.id', 'c.itemId')
    .where('c.value', value)
    .options(hash ? FINDER_STATEMENTS.scanCodeLocked : FINDER_STATEMENTS.scanCode)
    .first(
      'c.id',
      'c.itemId',
      'i.ownerId',
      'i.name as itemName',
      'i.lostAt',
      ...(hash ? [trx.raw('pg_advisory_xact_lock(hashtext(?)) as locked', [`scan:${value}:${hash}`])] : []),
    )) as
    | {
        id: string;
        itemId: string | null;
        ownerId: string | null;
        itemName: string | null;
        lostAt: Date | null;
      }
    | undefined;
  if (!code) throw notFound(SCAN_MESSAGES.notFound);
  const event: RecordedScan = {
    id: crypto.randomUUID(),
    itemId: actor && actor.id === code.ownerId ? null : code.itemId,
    ownerId: code.ownerId,
    itemName: code.itemName,
    scannedAt: clientTime(props.scannedAt),
    deviceType: props.deviceType,
    lost: code.lostAt !== null,
    repeated: false,
  };
  // Where a lost item's finder is, when they shared it: the owner's scan list links it to a map. A
  // repeat that brings it (the page asks after the first load) puts it on the stored scan.
  const position = event.lost && event.itemId && props.position ? props.position : null;
  const row = {
    id: event.id,
    qrCodeId: code.id,
    itemId: event.itemId,
    qrValue: value,
    scannedAt: event.scannedAt,
    deviceType: props.deviceType,
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    platform: props.platform,
    language: props.language,
    timezone: props.timezone,
    connectionType: props.connectionType,
    screenSize: props.screenSize,
    referrer: props.referrer,
    userAgent: props.userAgent,
    deviceHash: hash,
  };
  if (hash === null) await trx('scanEvents').insert(row).options(FINDER_STATEMENTS.scanInsert);
  else {
    const columns = Object.keys(row);
    const stored = (await trx
      .raw(
        `INSERT INTO ?? (${columns.map(() => '??').join(', ')})
       SELECT ${columns.map(() => '?').join(', ')}
       WHERE NOT EXISTS (
         SELECT 1 FROM ?? WHERE ?? = ? AND ?? = ?
           AND ?? > now() - interval '${REPEAT_SCAN_WINDOW_MS / 1000} seconds')
       RETURNING ??`,
        [
          'scanEvents',
          ...columns,
          ...Object.values(row),
          'scanEvents',
          'qrCodeId',
          code.id,
          'deviceHash',
          hash,
          'createdAt',
          'id',
        ],
      )
      .options(FINDER_STATEMENTS.scanInsertUnlessRepeat)) as { rows: unknown[] };
    event.repeated = stored.rows.length === 0;
    if (event.repeated && position)
      await trx('scanEvents')
        .where({ qrCodeId: code.id, deviceHash: hash })
        .whereRaw(`created_at > now() - interval '${REPEAT_SCAN_WINDOW_MS / 1000} seconds'`)
        .whereNull('latitude')
        .update({ latitude: position.latitude, longitude: position.longitude });
  }
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
        sender: props.sender ?? '-',
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
            latitude: position?.latitude ?? null,
            longitude: position?.longitude ?? null,
          }),
        }),
    );
  return event;
}
