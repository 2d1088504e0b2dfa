import { z } from 'zod';
import { presentVoucher } from '../../presenters/finders/publicItem';
import { route, type Deps, type RouteDef } from '../../routing';
import { giftExplanation, giftSettingsLoader } from '../../services/items/giftSettings';
import { recoveryRecorder } from '../../services/items/recoveryRecorder';
import { voucherLister } from '../../services/items/voucherLister';

const idParams = z.object({ id: z.uuid({ error: 'Item not found' }) });

/** Marking an item recovered after a finder report, and the owner's gift vouchers. */
export function recoveryRoutes({ config, worker }: Deps): RouteDef[] {
  return [
    route(
      {
        method: 'post',
        path: '/api/items/:id/recover',
        access: 'user',
        params: idParams,
        transaction: true,
        status: 201,
      },
      async ({ params, ctx: http }, ctx) => {
        const { recovery, voucher, item, settings, refusal } = await recoveryRecorder(
          { itemId: params.id, ip: http.ip },
          { ...ctx, config },
        );
        ctx.afterCommit(() => worker?.wake());
        return {
          recoveredAt: new Date(recovery.recoveredAt).toISOString(),
          // null: the recovery stands, but this one earns no gift; `giftRefusal` says why.
          voucher: voucher ? presentVoucher({ ...voucher, itemName: item.name }) : null,
          // What the gift is, how and where to redeem it (the voucher says until when).
          gift: voucher ? giftExplanation(settings) : null,
          giftRefusal: refusal,
        };
      },
    ),

    route({ method: 'get', path: '/api/users/me/vouchers', access: 'user' }, async (_input, ctx) => ({
      vouchers: (await voucherLister({}, ctx)).map(presentVoucher),
      gift: giftExplanation(await giftSettingsLoader({}, ctx)),
    })),
  ];
}
