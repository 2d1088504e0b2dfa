import type { Config } from '../../config';
import type { Ctx, Effects } from '../../ctx';
import { User } from '../../models/User';
import type { EventHub } from '../../notifications/hub';
import { lostScanDigest, lostScanEmail, lostScanSms } from '../../notifications/lostScanMessages';
import { enqueue, type OutboxJob, type OutboxMessage } from '../../notifications/outbox';
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

/** Later scans of one item within this long of its last urgent alert fold into one digest. */
export const LOST_ALERT_WINDOW_MS = 10 * 60 * 1000;
/** Urgent alerts (each through quiet hours) per item per hour; past them, digests only. */
export const LOST_URGENT_PER_HOUR = 3;

/**
 * Someone scanned a lost item's label: its owner is told live on their open dashboards (with the
 * finder's position when the finder chose to share it), and through the durable outbox (e-mail, SMS, push to their devices): the first
 * scan at once (rows marked `urgent`, due now); a later one within LOST_ALERT_WINDOW_MS folds into
 * one digest sent when that window closes, unless it brings a position; and past
 * LOST_URGENT_PER_HOUR urgent alerts an hour for the item, every scan goes to the digest. So many
 * devices scanning cannot flood the owner. The outbox rows commit with the scan.
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
  const now = new Date(scan.at).getTime();
  const recent = (await trx('notifications')
    .where('idempotencyKey', 'like', `lost-scan-${scan.itemId}-%`)
    .where('createdAt', '>', new Date(now - 60 * 60 * 1000))
    .select('channel', 'createdAt')) as { channel: string; createdAt: Date }[];
  const perChannel = new Map<string, number>();
  for (const r of recent) perChannel.set(r.channel, (perChannel.get(r.channel) ?? 0) + 1);
  const urgentThisHour = Math.max(0, ...perChannel.values());
  const lastUrgent = Math.max(0, ...recent.map((r) => new Date(r.createdAt).getTime()));
  const atOnce =
    urgentThisHour < LOST_URGENT_PER_HOUR &&
    (now - lastUrgent >= LOST_ALERT_WINDOW_MS || scan.position !== null);

  const phone = await smsRecipient(trx, owner.id);
  const jobs: OutboxJob[] = [];
  if (atOnce) {
    const messages: OutboxMessage[] = [];
    if (owner.email) messages.push({ channel: 'email', to: owner.email, ...lostScanEmail(scan, text) });
    if (phone) messages.push({ channel: 'sms', to: phone, text: lostScanSms(scan, text) });
    for (const m of messages)
      jobs.push({
        ...m,
        userId: owner.id,
        idempotencyKey: `lost-scan-${scan.itemId}-${scan.scanId}-${m.channel}`,
        urgent: true,
      });
    jobs.push(
      ...(await pushJobs(trx, {
        userId: owner.id,
        urgent: true,
        key: `lost-scan-${scan.itemId}-${scan.scanId}`,
        payload: lostScanPush({ itemName: scan.itemName, located: !!scan.position }),
      })),
    );
  } else {
    // One digest per item and window, written by the first scan that folds into it.
    const windowEnd = Math.ceil((now + 1) / LOST_ALERT_WINDOW_MS) * LOST_ALERT_WINDOW_MS;
    const digest = lostScanDigest(text);
    const due = { userId: owner.id, nextAttemptAt: new Date(windowEnd) };
    if (owner.email)
      jobs.push({
        channel: 'email',
        to: owner.email,
        subject: digest.subject,
        text: digest.text,
        html: digest.html,
        ...due,
        idempotencyKey: `lost-digest-${scan.itemId}-${windowEnd}-email`,
      });
    if (phone)
      jobs.push({
        channel: 'sms',
        to: phone,
        text: digest.sms,
        ...due,
        idempotencyKey: `lost-digest-${scan.itemId}-${windowEnd}-sms`,
      });
  }
  await enqueue(trx, jobs);
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
