import { minutesOfClock, type NotificationPreferences } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { User } from '../../models/User';
import { notificationPreferencesLoader } from './notificationPreferencesLoader';

/**
 * Stores the actor's notification preferences. SMS on or off is the account's SMS consent
 * (`users.sms_opt_in`, given at sign-up with a phone); the rest is one row per owner. The worker
 * reads them at each delivery, so a change applies to messages already waiting too.
 */
export async function notificationPreferencesUpdater(props: NotificationPreferences, ctx: TrxCtx) {
  const { trx, actor } = ctx;
  const row = {
    userId: actor.id,
    email: props.email,
    browser: props.browser,
    quietHours: props.quietHours.enabled,
    quietStart: minutesOfClock(props.quietHours.start),
    quietEnd: minutesOfClock(props.quietHours.end),
    timeZone: props.quietHours.timeZone,
    urgentBreaksThrough: props.urgentBreaksThrough,
    escalationDelayMinutes: props.escalationDelayMinutes,
    updatedAt: new Date(),
  };
  await trx('notificationPreferences').insert(row).onConflict('userId').merge();
  await User.query(trx).findById(actor.id).patch({ smsOptIn: props.sms });
  return notificationPreferencesLoader({}, ctx);
}
