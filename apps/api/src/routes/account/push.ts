import { PUSH_MESSAGES, pushSubscriptionRequest } from '@homing/shared';
import { z } from 'zod';
import { vapidKeys } from '../../notifications/push';
import { presentPushDevice } from '../../presenters/accounts/pushDevice';
import { route, type Deps, type RouteDef } from '../../routing';
import { pushDeviceAdder, pushDeviceLister, pushDeviceRemover } from '../../services/accounts/pushDevices';

const deviceParams = z.object({ id: z.uuid({ error: PUSH_MESSAGES.deviceNotFound }) });

/**
 * Web Push: the instance's public VAPID key (what `PushManager.subscribe` needs), and the owner's
 * devices, listed, added ("Notify me on this device") and removed in Settings.
 */
export function pushRoutes(deps: Deps): RouteDef[] {
  return [
    route({ method: 'get', path: '/api/push/public-key', access: 'public' }, async (_input, ctx) => ({
      publicKey: (await vapidKeys(ctx.trx)).publicKey,
    })),
    route({ method: 'get', path: '/api/users/me/push-devices', access: 'user' }, async (_input, ctx) => ({
      devices: (await pushDeviceLister({}, ctx)).map(presentPushDevice),
    })),
    route(
      {
        method: 'post',
        path: '/api/users/me/push-devices',
        access: 'user',
        body: pushSubscriptionRequest,
        transaction: true,
        status: 201,
      },
      async ({ body, ctx: http }, ctx) => ({
        device: presentPushDevice(
          await pushDeviceAdder(
            {
              subscription: body,
              userAgent: http.get('user-agent') || null,
              allowHttp: deps.config.push.allowHttp,
              hosts: deps.config.push.hosts,
            },
            ctx,
          ),
        ),
      }),
    ),
    route(
      {
        method: 'delete',
        path: '/api/users/me/push-devices/:id',
        access: 'user',
        params: deviceParams,
        transaction: true,
      },
      async ({ params }, ctx) => {
        await pushDeviceRemover(params, ctx);
        return { removed: true };
      },
    ),
  ];
}
