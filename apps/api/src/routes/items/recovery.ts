import { z } from 'zod';
import { presentVoucher } from '../../presenters/finders/publicItem';
import { route, type Deps, type RouteDef } from '../../routing';
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
        const { recovery, voucher, item } = await recoveryRecorder(
          { itemId: params.id, ip: http.ip },
          { ...ctx, config },
        );
        ctx.afterCommit(() => worker?.wake());
        return {
          recoveredAt: new Date(recovery.recoveredAt).toISOString(),
          // null: the recovery stands, but this one earns no gift (recoveryRecorder says when).
          voucher: voucher ? presentVoucher({ ...voucher, itemName: item.name }) : null,
        };
      },
    ),

    route({ method: 'get', path: '/api/users/me/vouchers', access: 'user' }, async (_input, ctx) => ({
      vouchers: (await voucherLister({}, ctx)).map(presentVoucher),
    })),
  ];
}
