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
  /** Who scanned: a short hash of the client address (`-` when unknown). Caps count per sender. */
  sender: string;
}

/** Later scans of one item within this long of its last urgent alert fold into one digest. */
export const LOST_ALERT_WINDOW_MS = 10 * 60 * 1000;
/** Urgent alerts (each through quiet hours) per item and sender per hour; past them, digests only. */
export const LOST_URGENT_PER_HOUR = 3;
/** Distinct senders whose scans of one item alert at once in an hour; later newcomers, digests only. */
export const LOST_URGENT_SENDERS_PER_HOUR = 10;

/**
 * Someone scanned a lost item's label: its owner is told live on their open dashboards (with the
 * finder's position when the finder chose to share it), and through the durable outbox (e-mail, SMS, push to their devices): the first
 * scan at once (rows marked `urgent`, due now); a later one within LOST_ALERT_WINDOW_MS folds into
 * one digest sent when that window closes, unless it brings a position; and past
 * LOST_URGENT_PER_HOUR urgent alerts an hour for the item, every scan goes to the digest. The
 * window and the cap count per sender (client address): only a sender's own surplus folds, so a
 * flood from some addresses cannot push a genuine scan from another into the digest; past
 * LOST_URGENT_SENDERS_PER_HOUR senders an hour, newcomers fold too (at most that many times the
 * cap urgent alerts an hour). So many devices scanning cannot flood the owner. The outbox rows
 * commit with the scan.
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
  // An urgent alert's key names its sender: lost-scan-<item>-<sender>.<scan>-<channel>.
  const recent = (await trx('notifications')
    .where('idempotencyKey', 'like', `lost-scan-${scan.itemId}-%`)
    .where('createdAt', '>', new Date(now - 60 * 60 * 1000))
    .select('idempotencyKey', 'channel', 'createdAt')) as {
    idempotencyKey: string;
    channel: string;
    createdAt: Date;
  }[];
  const prefix = `lost-scan-${scan.itemId}-`;
  const senderOf = (key: string) => {
    const rest = key.slice(prefix.length);
    const dot = rest.indexOf('.');
    return dot < 0 ? '' : rest.slice(0, dot);
  };
  const senders = new Set(recent.map((r) => senderOf(r.idempotencyKey)));
  const own = recent.filter((r) => senderOf(r.idempotencyKey) === scan.sender);
  const perChannel = new Map<string, number>();
  for (const r of own) perChannel.set(r.channel, (perChannel.get(r.channel) ?? 0) + 1);
  const urgentThisHour = Math.max(0, ...perChannel.values());
  const lastUrgent = Math.max(0, ...own.map((r) => new Date(r.createdAt).getTime()));
  const atOnce =
    (own.length > 0 || senders.size < LOST_URGENT_SENDERS_PER_HOUR) &&
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
        idempotencyKey: `lost-scan-${scan.itemId}-${scan.sender}.${scan.scanId}-${m.channel}`,
        urgent: true,
      });
    jobs.push(
      ...(await pushJobs(trx, {
        userId: owner.id,
        urgent: true,
        key: `lost-scan-${scan.itemId}-${scan.sender}.${scan.scanId}`,
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
