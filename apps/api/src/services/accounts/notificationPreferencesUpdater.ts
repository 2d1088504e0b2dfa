import { minutesOfClock, type NotificationPreferences } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { User } from '../../models/User';
import type { Effects } from '../../ctx';
import type { NotificationWorker } from '../../notifications/worker';
import { quietHeldReleaser } from '../../notifications/outbox';
import { notificationPreferencesLoader } from './notificationPreferencesLoader';

/**
 * Stores the actor's notification preferences. SMS on or off is the account's SMS consent
 * (`users.sms_opt_in`, given at sign-up with a phone); the rest is one row per owner. The worker
 * reads them at each delivery, so a change applies to messages already waiting too: what quiet
 * hours held is due again at once (the worker sends it, or holds it to the new window's end).
 */
export async function notificationPreferencesUpdater(
  props: NotificationPreferences,
  ctx: TrxCtx & Pick<Effects, 'afterCommit'> & { worker: NotificationWorker | null },
) {
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
  await quietHeldReleaser({ userId: actor.id }, { trx });
  ctx.afterCommit(() => ctx.worker?.wake());
  return notificationPreferencesLoader({}, ctx);
}
