import { quietUntil, type QuietHours } from '@homing/shared';
import type { Knex } from 'knex';

/** What the owner has chosen, as the worker needs it; defaults for an owner who never chose. */
export interface DeliveryPolicy {
  email: boolean;
  sms: boolean;
  browser: boolean;
  quietHours: QuietHours;
  urgentBreaksThrough: boolean;
  /** Minutes before an unread report is escalated (the owner's next channel, then backup contacts). */
  escalationDelayMinutes: number;
}

export const DEFAULT_ESCALATION_DELAY_MINUTES = 15;

export const DEFAULT_QUIET_HOURS: QuietHours = {
  enabled: false,
  startMinute: 22 * 60,
  endMinute: 7 * 60,
  timeZone: 'UTC',
};

interface PolicyRow {
  smsOptIn: boolean;
  email: boolean | null;
  browser: boolean | null;
  quietHours: boolean | null;
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string | null;
  urgentBreaksThrough: boolean | null;
  escalationDelayMinutes: number | null;
}

/** The user's row joined with their preferences (absent: the defaults); null for a deleted user. */
export async function deliveryPolicyOf(knex: Knex, userId: string): Promise<DeliveryPolicy | null> {
  const row = (await knex('users')
    .leftJoin('notificationPreferences as p', 'p.userId', 'users.id')
    .where('users.id', userId)
    .first(
      'users.smsOptIn',
      'p.email',
      'p.browser',
      'p.quietHours',
      'p.quietStart',
      'p.quietEnd',
      'p.timeZone',
      'p.urgentBreaksThrough',
      'p.escalationDelayMinutes',
    )) as PolicyRow | undefined;
  if (!row) return null;
  return {
    email: row.email ?? true,
    sms: row.smsOptIn,
    browser: row.browser ?? true,
    quietHours: {
      enabled: row.quietHours ?? DEFAULT_QUIET_HOURS.enabled,
      startMinute: row.quietStart ?? DEFAULT_QUIET_HOURS.startMinute,
      endMinute: row.quietEnd ?? DEFAULT_QUIET_HOURS.endMinute,
      timeZone: row.timeZone ?? DEFAULT_QUIET_HOURS.timeZone,
    },
    urgentBreaksThrough: row.urgentBreaksThrough ?? true,
    escalationDelayMinutes: row.escalationDelayMinutes ?? DEFAULT_ESCALATION_DELAY_MINUTES,
  };
}

export type DeliveryDecision =
  { action: 'send' } | { action: 'suppress'; reason: string } | { action: 'defer'; until: Date };

/**
 * Send, suppress (the channel is muted: nothing goes out, ever, for this job) or defer to the end
 * of quiet hours. An urgent job is sent during quiet hours when the owner lets urgent ones through.
 */
export function deliveryDecision(
  policy: DeliveryPolicy | null,
  job: { channel: 'email' | 'sms' | 'push'; urgent: boolean },
  now: Date,
): DeliveryDecision {
  if (!policy) return { action: 'suppress', reason: 'the account no longer exists' };
  // Push to a device is the browser notification that reaches it closed: one switch for both.
  const on = job.channel === 'push' ? policy.browser : policy[job.channel];
  if (!on) return { action: 'suppress', reason: `muted by the owner (${job.channel})` };
  const until = quietUntil(policy.quietHours, now);
  if (until && !(job.urgent && policy.urgentBreaksThrough)) return { action: 'defer', until };
  return { action: 'send' };
}
