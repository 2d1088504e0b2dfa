import type { z } from 'zod';
import type { foundReportRequest } from '@homing/shared';
import type { Config } from '../../config';
import type { Effects, TrxCtx } from '../../ctx';
import { notFound } from '../../errors';
import { FoundReport } from '../../models/FoundReport';
import { Item } from '../../models/Item';
import { QrCode } from '../../models/QrCode';
import { User } from '../../models/User';
import type { EventHub } from '../../notifications/hub';
import { confirmLinkEmail, confirmLinkSms } from '../../notifications/finderMessages';
import { foundReportEmail, foundReportSms, heldReportsDigest } from '../../notifications/messages';
import { enqueue, type OutboxMessage } from '../../notifications/outbox';
import { pushJobs } from '../../notifications/push';
import { foundReportPush } from '../../notifications/pushMessages';
import { deliveryPolicyOf } from '../../notifications/preferences';
import { smsRecipient } from '../../notifications/recipients';
import type { NotificationWorker } from '../../notifications/worker';
import { presentFoundReport, unattachedLabelName } from '../../presenters/finders/foundActivity';
import { addressHash } from '../../lib/addressHash';
import { keyList, senderKeys } from '../../lib/senderKeys';
import { clientTime } from '../../lib/clientTime';
import { escalationScheduler } from './escalationScheduler';
import { REPORT_WINDOW_MS, reportHold } from '../../lib/limitRules';
import { heldDigest } from './heldDigest';
import { reportTargetFinder } from './reportTargetFinder';
import { threadLinkMinter, threadUrl } from './threadLinkMinter';

export interface FoundReportDeps {
  config: Config;
  hub: EventHub;
  worker: NotificationWorker | null;
}

/**
 * Stores a finder's report about an item or a label with no item (to the label's owner; a
 * recovered item is lost again: `active`) and, in the same transaction, the owner's notifications (the outbox),
 * so the report and its deliveries stand or fall together. After the commit the local worker is
 * woken and the owner's open dashboards get the report live.
 *
 * The report opens a conversation: the finder gets its link (`threadPath`, shown once; only its
 * hash is kept), also by e-mail or SMS when they gave an address or number, in the language of
 * the page they wrote from (`locale`, kept for the owner's replies). A report from a finder the
 * owner blocked (their page's device id, or the e-mail or number they gave: lib/senderKeys) is
 * stored and answered exactly like any other, but held for the owner: listed as blocked, never
 * an alert, a push or an escalation (PRODUCT.md, Notifications). Nobody else on the same network is affected.
 */
export async function foundReportCreator(
  props: {
    qrCode: string;
    report: z.output<typeof foundReportRequest>;
    /** The sender's address, or `sms:<number>` for a text (recovery compares its hash; a block does not). */
    ip: string;
    /** Texted to our number: the finder is answered by text at `finderPhone`, not sent a link. */
    byText?: boolean;
  },
  { trx, actor, config, hub, worker, afterCommit }: TrxCtx<User | null> & Effects & FoundReportDeps,
) {
  const found = await reportTargetFinder(props, { trx });
  if (!found) throw notFound('Item not found or inactive');
  const { item, code } = found;
  const owner = await User.query(trx).findById(found.ownerId);
  if (!owner) throw notFound('Item not found or inactive');
  const senderHash = await addressHash(trx, props.ip);
  const keys = senderKeys({
    deviceId: props.report.deviceId,
    email: props.report.finderEmail,
    phone: props.report.finderPhone,
  });
  const list = keyList(keys);
  const blocked =
    list.length > 0 &&
    !!(await trx('blockedSenders').where({ ownerId: owner.id }).whereIn('senderHash', list).first('id'));
  // A label with no item is named to its owner by its code.
  const subjectName = item ? item.name : unattachedLabelName(code.value);

  // Lost again after a recovery: the owner's list says so.
  if (item?.status === 'recovered') await Item.query(trx).findById(item.id).patch({ status: 'active' });

  // Past the item's ceiling a report is still stored (the owner reads it on the dashboard) but held
  // for one digest instead of its own messages. The item row's lock (the label's, for a label with
  // no item) makes count-then-insert atomic among its reports; only stored reports count.
  if (item) await Item.query(trx).findById(item.id).forUpdate();
  else await QrCode.query(trx).findById(code.id).forUpdate();
  const since = new Date(Date.now() - REPORT_WINDOW_MS);
  const [recent] = await FoundReport.query(trx)
    .modify((q) => (item ? q.where({ itemId: item.id }) : q.where({ qrCodeId: code.id }).whereNull('itemId')))
    .where('createdAt', '>', since)
    .count({ n: '*' });
  const held = Number((recent as unknown as { n: string | number }).n) >= reportHold(config);

  const r = props.report;
  const report = await FoundReport.query(trx).insertAndFetch({
    itemId: item?.id ?? null,
    ownerId: owner.id,
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
    held,
    reporterId: actor?.id ?? null,
    reporterAddressHash: senderHash,
    ...keys,
    finderLocale: r.locale,
    byText: props.byText ?? false,
    // A finder who texted in proved the number by texting from it.
    finderPhoneConfirmedAt: props.byText ? new Date() : null,
  });
  const text = {
    itemName: subjectName,
    publicUrl: config.publicUrl,
    brandName: config.brand.name,
    timeZone: (await deliveryPolicyOf(trx, owner.id))?.quietHours.timeZone,
  };
  const digest = heldReportsDigest(text);
  const messages: OutboxMessage[] = [];
  // A blocked sender's report waits in the owner's list (state "blocked"): nothing tells the owner.
  if (owner.email && !blocked) {
    const email = held
      ? { subject: digest.subject, text: digest.text, html: digest.html }
      : foundReportEmail(report, text);
    messages.push({ channel: 'email', to: owner.email, ...email });
  }
  const phone = blocked ? null : await smsRecipient(trx, owner.id);
  if (phone)
    messages.push({ channel: 'sms', to: phone, text: held ? digest.sms : foundReportSms(report, text) });
  // One digest per item per window, sent when the window closes (its first held report names it).
  const window = heldDigest(item?.id ?? code.id, new Date(report.createdAt));
  // The finder's own page link (shown to them once), and one for the message to their contact:
  // following that one confirms the contact, so it says nothing the owner wrote (PRODUCT.md, Privacy).
  const token = await threadLinkMinter({ foundReportId: report.id }, { trx });
  const link = async (channel: 'email' | 'sms') => ({
    brandName: config.brand.name,
    link: threadUrl(
      config.publicUrl,
      code.value,
      await threadLinkMinter({ foundReportId: report.id, confirmsContact: channel }, { trx }),
    ),
    locale: report.finderLocale,
  });
  // Every row belongs to the owner, the finder's included: the conversation is theirs.
  const about = { userId: owner.id, foundReportId: report.id };
  const finderMessages: OutboxMessage[] = [];
  if (report.finderEmail)
    finderMessages.push({
      channel: 'email',
      to: report.finderEmail,
      ...confirmLinkEmail(await link('email')),
    });
  // A finder who texted is answered by the text webhook itself (services/finders/textReceiver.ts).
  if (report.finderPhone && !props.byText)
    finderMessages.push({ channel: 'sms', to: report.finderPhone, text: confirmLinkSms(await link('sms')) });
  // Pushed to the owner's devices too (a held report is in the digest instead).
  const pushes =
    held || blocked
      ? []
      : await pushJobs(trx, {
          ...about,
          urgent: true,
          key: `report-${report.id}`,
          payload: foundReportPush(report, subjectName),
        });
  await enqueue(trx, [
    ...pushes,
    ...messages.map((m) => ({
      ...m,
      ...about,
      idempotencyKey: held ? window.key(m.channel) : `report-${report.id}-${m.channel}`,
      // A report is urgent (the owner may let it through quiet hours); a digest keeps its window.
      ...(held ? { nextAttemptAt: window.due } : { urgent: true }),
    })),
    ...finderMessages.map((m) => ({
      ...m,
      ...about,
      audience: 'finder' as const,
      idempotencyKey: `thread-link-${report.id}-${m.channel}`,
    })),
  ]);
  // Told again if unread in the owner's time (a held report is in the digest instead, not escalated).
  if (!held && !blocked) await escalationScheduler({ report, owner, itemName: subjectName }, { trx, config });

  afterCommit(() => worker?.wake());
  // The owner's open dashboards get it live; a blocked sender's is there on their next look.
  if (!blocked)
    afterCommit(() =>
      hub.publish(owner.id, {
        type: 'found_report',
        // The same shape as the dashboard's saved reports: the owner's own view.
        data: presentFoundReport({
          ...report,
          itemId: item?.id ?? null,
          itemName: subjectName,
          ownerReadAt: null,
          ownerRepliedAt: null,
          closedAt: null,
          lastFinderMessageAt: report.createdAt,
          recovered: false,
          blocked: false,
        }),
      }),
    );
  return { ...report, threadPath: `/found/${encodeURIComponent(code.value)}/t/${token}` };
}
