import type { Config } from '../../config';
import type { Ctx, Effects } from '../../ctx';
import { User } from '../../models/User';
import type { EventHub } from '../../notifications/hub';
import { lostScanEmail, lostScanSms } from '../../notifications/lostScanMessages';
import { enqueue, type OutboxMessage } from '../../notifications/outbox';
import { pushJobs } from '../../notifications/push';
import { lostScanPush } from '../../notifications/pushMessages';
import { deliveryPolicyOf } from '../../notifications/preferences';
import { smsRecipient } from '../../notifications/recipients';
import type { NotificationWorker } from '../../notifications/worker';

export interface LostScanDeps {
  hub: EventHub;
  config: Config;
  worker: NotificationWorker | null;
}

export interface LostScan {
  /** The scan's id: one alert per scan and channel, however often a delivery is retried. */
  scanId: string;
  itemId: string;
  ownerId: string;
  itemName: string;
  at: Date;
  position: { latitude: string; longitude: string } | null;
}

/**
 * Someone scanned a lost item's label: its owner is told at once, by e-mail, SMS and push to their
 * devices through the durable outbox (rows marked `urgent`, due now) and live on their open dashboards (with the
 * finder's position when the finder chose to share it). The outbox rows commit with the scan.
 */
export async function lostScanAlerter(
  scan: LostScan,
  { trx, config, hub, worker, afterCommit }: Pick<Ctx, 'trx'> & Effects & LostScanDeps,
) {
  const owner = await User.query(trx).findById(scan.ownerId);
  if (!owner) return;
  const text = {
    itemName: scan.itemName,
    publicUrl: config.publicUrl,
    brandName: config.brand.name,
    timeZone: (await deliveryPolicyOf(trx, owner.id))?.quietHours.timeZone,
  };
  const messages: OutboxMessage[] = [];
  if (owner.email) messages.push({ channel: 'email', to: owner.email, ...lostScanEmail(scan, text) });
  const phone = await smsRecipient(trx, owner.id);
  if (phone) messages.push({ channel: 'sms', to: phone, text: lostScanSms(scan, text) });
  const pushes = await pushJobs(trx, {
    userId: owner.id,
    urgent: true,
    key: `lost-scan-${scan.scanId}`,
    payload: lostScanPush({ itemName: scan.itemName, located: !!scan.position }),
  });
  await enqueue(trx, [
    ...pushes,
    ...messages.map((m) => ({
      ...m,
      userId: owner.id,
      idempotencyKey: `lost-scan-${scan.scanId}-${m.channel}`,
      urgent: true,
    })),
  ]);
  afterCommit(() => worker?.wake());
  afterCommit(() =>
    hub.publish(owner.id, {
      type: 'lost_item_scan',
      data: {
        id: scan.scanId,
        urgent: true,
        foundAt: new Date(scan.at).toISOString(),
        item: { id: scan.itemId, name: scan.itemName },
        latitude: scan.position?.latitude ?? null,
        longitude: scan.position?.longitude ?? null,
      },
    }),
  );
}
