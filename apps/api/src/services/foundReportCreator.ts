import type { z } from 'zod';
import type { foundReportRequest } from '@homing/shared';
import type { Config } from '../config';
import type { Effects, TrxCtx } from '../ctx';
import { notFound } from '../errors';
import { FoundReport } from '../models/FoundReport';
import { Item } from '../models/Item';
import { User } from '../models/User';
import type { EventHub } from '../notifications/hub';
import { foundReportEmail, foundReportSms } from '../notifications/messages';
import type { NotificationWorker } from '../notifications/worker';
import { presentFoundReport } from '../presenters/foundActivity';
import { addressHash } from './addressHash';
import { clientTime } from './clientTime';
import { publicItemFinder } from './publicItemFinder';

export interface FoundReportDeps {
  config: Config;
  hub: EventHub;
  worker: NotificationWorker | null;
}

/**
 * Stores a finder's report (a recovered item is lost again: `active`) and, in the same transaction, the owner's notifications (the outbox),
 * so the report and its deliveries stand or fall together. After the commit the local worker is
 * woken and the owner's open dashboards get the report live.
 */
export async function foundReportCreator(
  props: { qrCode: string; report: z.output<typeof foundReportRequest>; ip: string },
  { trx, actor, config, hub, worker, afterCommit }: TrxCtx<User | null> & Effects & FoundReportDeps,
) {
  const found = await publicItemFinder(props, { trx });
  if (!found) throw notFound('Item not found or inactive');
  const { item, code } = found;
  const owner = await User.query(trx).findById(item.ownerId);
  if (!owner) throw notFound('Item not found or inactive');

  // Lost again after a recovery: the owner's list says so.
  if (item.status === 'recovered') await Item.query(trx).findById(item.id).patch({ status: 'active' });

  const r = props.report;
  const report = await FoundReport.query(trx).insertAndFetch({
    itemId: item.id,
    qrCodeId: code.id,
    finderName: r.finderName,
    finderEmail: r.finderEmail,
    finderPhone: r.finderPhone,
    message: r.foundNotes,
    latitude: r.latitude ?? null,
    longitude: r.longitude ?? null,
    address: r.address ?? null,
    // The finder's clock only within a few minutes of ours: a visitor does not date the timeline.
    foundAt: clientTime(r.foundAt),
    reportMetadata: r.reportMetadata ?? null,
    reporterId: actor?.id ?? null,
    reporterAddressHash: addressHash(props.ip),
  });
  const text = { itemName: item.name, publicUrl: config.publicUrl, brandName: config.brand.name };
  const jobs = [];
  if (owner.email)
    jobs.push({ channel: 'email', payload: { to: owner.email, ...foundReportEmail(report, text) } });
  if (owner.phoneNumber && owner.smsOptIn)
    jobs.push({ channel: 'sms', payload: { to: owner.phoneNumber, text: foundReportSms(report, text) } });
  if (jobs.length)
    await trx('notifications').insert(
      jobs.map((j) => ({
        ...j,
        userId: owner.id,
        foundReportId: report.id,
        idempotencyKey: `report-${report.id}-${j.channel}`,
        payload: JSON.stringify(j.payload),
      })),
    );

  afterCommit(() => worker?.wake());
  afterCommit(() =>
    hub.publish(owner.id, {
      type: 'found_report',
      // The same shape as the dashboard's saved reports: the owner's own view.
      data: presentFoundReport({ ...report, itemId: item.id, itemName: item.name }),
    }),
  );
  return report;
}
