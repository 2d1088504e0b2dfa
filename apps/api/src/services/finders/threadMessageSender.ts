import { THREAD_MESSAGES, type threadMessageRequest } from '@homing/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Effects, TrxCtx } from '../../ctx';
import { conflict } from '../../errors';
import type { User } from '../../models/User';
import type { EventHub } from '../../notifications/hub';
import { ownerReplyEmail, ownerReplySms, ownerReplyText } from '../../notifications/finderMessages';
import { finderMessageEmail, finderMessageSms, replyLink } from '../../notifications/messages';
import { pushJobs } from '../../notifications/push';
import { finderMessagePush } from '../../notifications/pushMessages';
import { enqueue, type OutboxJob } from '../../notifications/outbox';
import { smsRecipient } from '../../notifications/recipients';
import { publishThreadChange } from '../../notifications/threadEvents';
import type { NotificationWorker } from '../../notifications/worker';
import { threadLinkMinter, threadUrl } from './threadLinkMinter';
import { finderItemName } from '../../lib/finderItemName';
import { threadOpen } from '../../lib/threadState';
import { threadReportQuery, type ThreadReport } from './threadLoader';
import { escalationStopper } from './escalationStopper';

export interface ThreadDeps {
  config: Config;
  hub: EventHub;
  worker: NotificationWorker | null;
}

/**
 * Adds a message to an open conversation and tells the other side: live (their open page or
 * dashboard), and by e-mail or SMS (the owner by their account's channels; the finder only if they
 * gave an address or number, in their page's language, with a fresh link back). A closed or
 * recovered conversation refuses it (409); a finder the owner blocked (by device or contact, in
 * another conversation) is answered alike, their message held for the owner with no alert. The report row is locked, so a closing and a message
 * never cross.
 */
export async function threadMessageSender(
  props: { foundReportId: string; from: 'finder' | 'owner'; message: z.output<typeof threadMessageRequest> },
  { trx, config, hub, worker, afterCommit }: TrxCtx<User | null> & Effects & ThreadDeps,
) {
  await trx('foundReports').where({ id: props.foundReportId }).forUpdate().first('id');
  const report = (await threadReportQuery(trx).where('r.id', props.foundReportId).first()) as ThreadReport;
  if (!threadOpen(report)) throw conflict('thread_closed', THREAD_MESSAGES.closed);

  const { text, latitude, longitude } = props.message;
  const [message] = (await trx('threadMessages')
    .insert({
      foundReportId: report.id,
      sender: props.from,
      body: text,
      latitude: latitude ?? null,
      longitude: longitude ?? null,
    })
    .returning(['id', 'createdAt'])) as { id: string; createdAt: Date }[];
  if (props.from === 'owner') {
    await trx('foundReports')
      .where({ id: report.id })
      .update({ ownerRepliedAt: message!.createdAt, ownerReadAt: message!.createdAt });
    await escalationStopper({ foundReportId: report.id }, { trx });
  }

  const location = latitude != null && longitude != null ? { latitude, longitude } : null;
  const base = { itemName: report.itemName, brandName: config.brand.name, text, location };
  // What the finder is sent names a label on no item in their language.
  const forFinder = { ...base, itemName: finderItemName(report, report.finderLocale) };
  const jobs: OutboxJob[] = [];
  // Every row belongs to the item's owner, the finder's included: the conversation is theirs.
  const row = (channel: 'email' | 'sms') => ({
    userId: report.ownerId,
    foundReportId: report.id,
    threadMessageId: message!.id,
    idempotencyKey: `message-${message!.id}-${channel}`,
  });
  if (props.from === 'owner') {
    // Only to a confirmed contact: before, it had its one message (the link), and nothing the
    // owner writes is relayed to an address or number nobody proved is the finder's (PRODUCT.md, Privacy).
    const finderEmail = report.finderEmailConfirmedAt ? report.finderEmail : null;
    const finderPhone = report.finderPhoneConfirmedAt ? report.finderPhone : null;
    if (report.byText && finderPhone) {
      // A finder who texted the code: the owner's words by text, from our number; no link.
      jobs.push({
        ...row('sms'),
        audience: 'finder',
        channel: 'sms',
        to: finderPhone,
        text: ownerReplyText({ ...forFinder, locale: report.finderLocale }),
      });
    } else if ((finderEmail || finderPhone) && report.qrCode) {
      const token = await threadLinkMinter({ foundReportId: report.id }, { trx });
      const m = {
        ...forFinder,
        link: threadUrl(config.publicUrl, report.qrCode, token),
        locale: report.finderLocale,
      };
      if (finderEmail)
        jobs.push({
          ...row('email'),
          audience: 'finder',
          channel: 'email',
          to: finderEmail,
          ...ownerReplyEmail(m),
        });
      if (finderPhone)
        jobs.push({
          ...row('sms'),
          audience: 'finder',
          channel: 'sms',
          to: finderPhone,
          text: ownerReplySms(m),
        });
    }
  } else if (!report.blocked) {
    // (A finder the owner blocked is answered alike, but their message waits in the owner's list.)
    const owner = (await trx('users').where({ id: report.ownerId }).first('email')) as Pick<User, 'email'>;
    const phone = await smsRecipient(trx, report.ownerId);
    const m = { ...base, link: replyLink(config.publicUrl, report.id) };
    // A finder's message is urgent: the owner may let it through quiet hours.
    if (owner.email)
      jobs.push({
        ...row('email'),
        urgent: true,
        channel: 'email',
        to: owner.email,
        ...finderMessageEmail(m),
      });
    if (phone)
      jobs.push({ ...row('sms'), urgent: true, channel: 'sms', to: phone, text: finderMessageSms(m) });
    jobs.push(
      ...(await pushJobs(trx, {
        userId: report.ownerId,
        foundReportId: report.id,
        threadMessageId: message!.id,
        urgent: true,
        key: `message-${message!.id}`,
        payload: finderMessagePush({ reportId: report.id, text, itemName: report.itemName }),
      })),
    );
  }
  await enqueue(trx, jobs);
  afterCommit(() => worker?.wake());
  afterCommit(() =>
    publishThreadChange(hub, {
      foundReportId: report.id,
      ownerId: report.ownerId,
      reason: props.from === 'owner' ? 'owner_message' : 'finder_message',
    }),
  );
  return { id: message!.id };
}
