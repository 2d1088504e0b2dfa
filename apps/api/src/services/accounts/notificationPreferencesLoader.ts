import { clockOfMinutes, type NotificationPreferences } from '@homing/shared';
import type { Ctx } from '../../ctx';
import { notFound } from '../../errors';
import { deliveryPolicyOf } from '../../notifications/preferences';

/** The actor's notification preferences, as the worker reads them (defaults where never chosen). */
export async function notificationPreferencesLoader(
  _props: object,
  { trx, actor }: Ctx,
): Promise<NotificationPreferences> {
  const policy = await deliveryPolicyOf(trx, actor.id);
  if (!policy) throw notFound();
  return {
    email: policy.email,
    sms: policy.sms,
    browser: policy.browser,
    quietHours: {
      enabled: policy.quietHours.enabled,
      start: clockOfMinutes(policy.quietHours.startMinute),
      end: clockOfMinutes(policy.quietHours.endMinute),
      timeZone: policy.quietHours.timeZone,
    },
    urgentBreaksThrough: policy.urgentBreaksThrough,
    escalationDelayMinutes: policy.escalationDelayMinutes,
  };
}
