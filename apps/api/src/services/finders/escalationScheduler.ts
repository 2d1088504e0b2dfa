import type { Config } from '../../config';
import type { TrxCtx } from '../../ctx';
import type { FoundReport } from '../../models/FoundReport';
import type { User } from '../../models/User';
import { backupAlert, escalationReminder } from '../../notifications/messages';
import { enqueue, type OutboxJob } from '../../notifications/outbox';
import { deliveryPolicyOf } from '../../notifications/preferences';
import { smsRecipient } from '../../notifications/recipients';

/**
 * Writes a new report's escalation steps to the outbox, due later, in the report's transaction (so
 * a restart loses none; each has its own idempotency key, so none goes twice). After the owner's
 * delay (`escalation_delay_minutes`, default 15) step 1 tells the owner again: by SMS to their
 * confirmed, opted-in number, else by e-mail. After twice the delay step 2 tells each confirmed
 * backup contact. A step with no recipient is not written. The worker suppresses a step whose
 * report the owner has opened (`escalationStopper` also does at once); step 1 follows the owner's
 * preferences (muted channel, quiet hours) like any owner message; backup contacts' do not.
 */
export async function escalationScheduler(
  props: { report: FoundReport; owner: User; itemName: string; now?: Date },
  { trx, config }: Pick<TrxCtx<User | null>, 'trx'> & { config: Config },
) {
  const { report, owner } = props;
  const policy = await deliveryPolicyOf(trx, owner.id);
  if (!policy) return;
  const delayMs = policy.escalationDelayMinutes * 60_000;
  const start = (props.now ?? new Date()).getTime();
  const text = { itemName: props.itemName, publicUrl: config.publicUrl, brandName: config.brand.name };
  const jobs: OutboxJob[] = [];
  const reminder = escalationReminder({ ...text, reportId: report.id });
  const step1 = {
    audience: 'owner' as const,
    escalationStep: 1 as const,
    nextAttemptAt: new Date(start + delayMs),
  };
  const phone = await smsRecipient(trx, owner.id);
  if (phone)
    jobs.push({
      ...step1,
      channel: 'sms',
      payload: { to: phone, text: reminder.text },
      idempotencyKey: `escalate-${report.id}-1-sms`,
    });
  else if (owner.email)
    jobs.push({
      ...step1,
      channel: 'email',
      payload: { to: owner.email, ...reminder },
      idempotencyKey: `escalate-${report.id}-1-email`,
    });

  const contacts = (await trx('backupContacts')
    .where({ ownerId: owner.id })
    .whereNotNull('confirmedAt')
    .orderBy('createdAt')
    .select('id', 'kind', 'value')) as { id: string; kind: 'email' | 'phone'; value: string }[];
  const alert = backupAlert({
    ownerName: owner.name,
    itemName: props.itemName,
    brandName: config.brand.name,
  });
  for (const c of contacts)
    jobs.push({
      audience: 'owner',
      escalationStep: 2,
      nextAttemptAt: new Date(start + 2 * delayMs),
      channel: c.kind === 'phone' ? 'sms' : 'email',
      payload:
        c.kind === 'phone'
          ? { to: c.value, text: alert.text, kind: 'backup' }
          : { to: c.value, ...alert, kind: 'backup' },
      idempotencyKey: `escalate-${report.id}-2-${c.id}`,
    });
  await enqueue(trx, { userId: owner.id, foundReportId: report.id }, jobs);
}
