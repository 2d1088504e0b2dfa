import type { Knex } from 'knex';
import type { DeviceType } from '@homing/shared';
import { preparedQuery } from '../db/prepared';
import { normalizeCodeValue } from './codeValues';

interface ScanRow {
  id: string;
  item_id: string | null;
  owner_id: string | null;
  item_name: string | null;
  scanned_at: Date;
  device_type: string;
}

const RECORD_SCAN = `
  WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
       c AS (SELECT c.id, c.item_id, i.owner_id, i.name FROM qr_codes c LEFT JOIN items i ON i.id = c.item_id WHERE c.value = $1)
  INSERT INTO scan_events (qr_code_id, item_id, qr_value, scanned_at, device_type, platform, language, timezone,
                           connection_type, screen_size, referrer, user_agent)
  SELECT (SELECT id FROM c),
         CASE WHEN (SELECT owner_id FROM c) IS DISTINCT FROM $2::uuid THEN (SELECT item_id FROM c) END,
         $1, $3, $4, $5, $6, $7, $8, $9, $10, $11
    FROM async_commit
  RETURNING id, item_id, (SELECT owner_id FROM c) AS owner_id, (SELECT name FROM c) AS item_name, scanned_at, device_type`;

export interface ScanProps {
  qrCode: string;
  viewerId: string | null;
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

/**
 * Records a scan in one statement (every label scan hits this): looks up the code and its item and
 * inserts the event. A scan by someone other than the owner counts as a found event of the item.
 * The statement commits asynchronously (synchronous_commit off for this transaction only): a
 * PostgreSQL crash may lose the last fraction of a second of scan analytics, never corrupt them,
 * and the commit no longer waits for the disk (about 2.5 times the throughput here). Reports and
 * notifications keep synchronous commits.
 */
export async function scanRecorder(props: ScanProps, { knex }: { knex: Knex }) {
  const value = normalizeCodeValue(props.qrCode);
  const rows = await preparedQuery<ScanRow>(knex, 'record-scan', RECORD_SCAN, [
    value,
    props.viewerId,
    props.scannedAt,
    props.deviceType,
    props.platform,
    props.language,
    props.timezone,
    props.connectionType,
    props.screenSize,
    props.referrer,
    props.userAgent,
  ]);
  const row = rows[0]!;
  return {
    id: row.id,
    itemId: row.item_id,
    ownerId: row.owner_id,
    itemName: row.item_name,
    scannedAt: new Date(row.scanned_at),
    deviceType: row.device_type,
  };
}
