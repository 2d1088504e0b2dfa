import { phoneCountryOf } from '@homing/shared';
import type { Config } from '../config';
import type { Conn } from '../ctx';
import { enqueue, type OutboxJob } from './outbox';

/** The operator's SMS budget (SMS_HOURLY_BUDGET, SMS_DAILY_PER_NUMBER) and the name admins' mail is signed with. */
export type SmsBudget = Config['sms']['budget'] & { brandName: string; publicUrl: string };

export const smsBudgetOf = (config: Config): SmsBudget => ({
  ...config.sms.budget,
  brandName: config.brand.name,
  publicUrl: config.publicUrl,
});

/**
 * A text a stranger could make us send (PRODUCT.md, Notifications): a one-time code, anything to a
 * finder, a backup contact's invitation. The owner's own alerts and a confirmed backup contact's
 * are not: the budget never stops them.
 */
export const strangerCausedSms = (job: Pick<OutboxJob, 'audience' | 'kind'>) =>
  job.audience === 'finder' || job.kind === 'code' || job.kind === 'backup_confirm';

/** True when the operator lists the countries we text (SMS_COUNTRIES) and `to` is in none of them. */
export const outsideSmsCountries = (budget: Pick<SmsBudget, 'countries'>, to: string) =>
  budget.countries.length > 0 && !budget.countries.includes(phoneCountryOf(to) ?? '');

const count = async (query: PromiseLike<unknown>) =>
  Number(((await query) as { n: string | number }[])[0]?.n ?? 0);

/**
 * Why a text a stranger caused must not go to `to` now, or null: the instance's texts in the last
 * hour (delivered from the outbox, and answers given to texts we received) have reached the hourly
 * budget, or `to` got its day's texts. When the hourly budget stops a text, the admins are e-mailed
 * (once an hour each).
 */
export async function smsBudgetRefusal(conn: Conn, budget: SmsBudget, to: string): Promise<string | null> {
  const delivered = await count(
    conn('notifications')
      .where({ channel: 'sms' })
      .whereRaw("delivered_at > now() - interval '1 hour'")
      .count({ n: '*' }),
  );
  const answered = await count(
    conn('inboundTexts')
      .whereNotNull('answer')
      .whereRaw("received_at > now() - interval '1 hour'")
      .count({ n: '*' }),
  );
  if (delivered + answered >= budget.hourly) {
    await tellAdmins(conn, budget);
    return `the hourly SMS budget (${budget.hourly}) is spent`;
  }
  const toNumber = await count(
    conn('notifications')
      .where({ channel: 'sms' })
      .whereRaw("payload->>'to' = ?", [to])
      .whereRaw("delivered_at > now() - interval '1 day'")
      .count({ n: '*' }),
  );
  if (toNumber >= budget.perNumberDaily) return `the number had its ${budget.perNumberDaily} texts today`;
  return null;
}

/** An e-mail to every admin with an address, once per hour (its key names the hour). */
async function tellAdmins(conn: Conn, budget: SmsBudget) {
  const admins = (await conn('users')
    .where({ isAdmin: true })
    .whereNotNull('email')
    .select('id', 'email')) as {
    id: string;
    email: string;
  }[];
  const hour = new Date().toISOString().slice(0, 13);
  await enqueue(
    conn,
    admins.map((admin) => ({
      channel: 'email' as const,
      to: admin.email,
      kind: 'notice' as const,
      userId: admin.id,
      idempotencyKey: `sms-budget-${hour}-${admin.id}`,
      subject: `${budget.brandName}: the hourly SMS budget is spent`,
      text: [
        `${budget.brandName} has sent ${budget.hourly} texts in the last hour, its hourly SMS budget (SMS_HOURLY_BUDGET).`,
        '',
        'Until the count falls below it, texts strangers can cause are not sent: one-time codes, texts to finders, backup-contact invitations and answers to texts. Owners still get their own alerts.',
        '',
        `${budget.publicUrl}/admin`,
      ].join('\n'),
    })),
  );
}
