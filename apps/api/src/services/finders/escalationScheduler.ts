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
  const step = (n: 1 | 2, key: string) => ({
    userId: owner.id,
    foundReportId: report.id,
    escalationStep: n,
    // About a report, so as urgent as the report (backup contacts' follow no quiet hours anyway).
    urgent: true,
    nextAttemptAt: new Date(start + n * delayMs),
    idempotencyKey: `escalate-${report.id}-${n}-${key}`,
  });
  const phone = await smsRecipient(trx, owner.id);
  if (phone) jobs.push({ ...step(1, 'sms'), channel: 'sms', to: phone, text: reminder.text });
  else if (owner.email) jobs.push({ ...step(1, 'email'), channel: 'email', to: owner.email, ...reminder });

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
    jobs.push(
      c.kind === 'phone'
        ? { ...step(2, c.id), kind: 'backup', channel: 'sms', to: c.value, text: alert.text }
        : { ...step(2, c.id), kind: 'backup', channel: 'email', to: c.value, ...alert },
    );
  await enqueue(trx, jobs);
}
