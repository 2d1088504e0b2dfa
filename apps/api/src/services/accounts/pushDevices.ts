import { PUSH_DEVICES_MAX, PUSH_MESSAGES, type PushSubscriptionRequest } from '@homing/shared';
import type { Ctx, TrxCtx } from '../../ctx';
import { AppError, notFound } from '../../errors';
import { deviceSummary } from '../../lib/deviceSummary';
import { pushHostAllowed } from '../../notifications/push';

export interface PushDeviceRow {
  id: string;
  device: string;
  createdAt: Date;
  lastPushedAt: Date | null;
}

const COLUMNS = ['id', 'device', 'createdAt', 'lastPushedAt'] as const;

/** The actor's devices that get push notifications, newest first. */
export async function pushDeviceLister(_props: object, { trx, actor }: Ctx) {
  return (await trx('pushSubscriptions')
    .where({ userId: actor.id })
    .orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id' }])
    .select(...COLUMNS)) as PushDeviceRow[];
}

/**
 * Keeps the subscription a browser's PushManager gave the actor (https endpoints only, unless the
 * instance allows a local plain-http push service, on one of the push services the instance sends
 * to: `hosts`). The same browser subscribing again, or for
 * another account signed in on it, replaces its row: one device, one owner, one set of keys.
 */
export async function pushDeviceAdder(
  props: {
    subscription: PushSubscriptionRequest;
    userAgent: string | null;
    allowHttp: boolean;
    hosts: readonly string[];
  },
  { trx, actor }: TrxCtx,
) {
  const { endpoint, keys } = props.subscription;
  const protocol = new URL(endpoint).protocol;
  if (!(protocol === 'https:' || (props.allowHttp && protocol === 'http:')))
    throw new AppError(400, 'bad_push_endpoint', PUSH_MESSAGES.badEndpoint);
  if (!pushHostAllowed(endpoint, props.hosts))
    throw new AppError(400, 'unknown_push_service', PUSH_MESSAGES.unknownService);
  const others = (await trx('pushSubscriptions')
    .where({ userId: actor.id })
    .whereNot({ endpoint })
    .count({ n: '*' })) as { n: string | number }[];
  if (Number(others[0]!.n) >= PUSH_DEVICES_MAX)
    throw new AppError(409, 'too_many_push_devices', PUSH_MESSAGES.tooManyDevices);
  const [row] = (await trx('pushSubscriptions')
    .insert({
      userId: actor.id,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      device: deviceSummary(props.userAgent),
    })
    .onConflict('endpoint')
    .merge(['userId', 'p256dh', 'auth', 'device'])
    .returning([...COLUMNS])) as PushDeviceRow[];
  return row!;
}

/** Stops pushing to one of the actor's devices (another owner's is not found); its waiting pushes are not sent. */
export async function pushDeviceRemover(props: { id: string }, { trx, actor }: TrxCtx) {
  const gone = (await trx('pushSubscriptions')
    .where({ id: props.id, userId: actor.id })
    .delete()
    .returning('id')) as { id: string }[];
  if (!gone.length) throw notFound(PUSH_MESSAGES.deviceNotFound);
}
