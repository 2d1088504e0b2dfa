import { giftSettingsRequest } from '@homing/shared';
import { z } from 'zod';
import { presentVoucher } from '../../presenters/finders/publicItem';
import { route, type RouteDef } from '../../routing';
import { giftSettingsLoader, giftSettingsSaver } from '../../services/items/giftSettings';
import { giftVoucherLister } from '../../services/items/giftVoucherLister';
import { giftVoucherVoider, VOUCHER_NOT_FOUND } from '../../services/items/giftVoucherVoider';

const presentAdminVoucher = (
  r: Parameters<typeof presentVoucher>[0] & {
    name: string | null;
    email: string | null;
    phoneNumber: string | null;
  },
) => ({ ...presentVoucher(r), owner: { name: r.name, email: r.email, phoneNumber: r.phoneNumber } });

const idParams = z.object({ id: z.uuid({ error: VOUCHER_NOT_FOUND }) });

/**
 * Gift vouchers for admins: every one issued, voiding a farmed one, and the gift's settings (what
 * owners are told it is, how and where to redeem it, how long a voucher lasts, the monthly cap).
 */
export function voucherRoutes(): RouteDef[] {
  return [
    route({ method: 'get', path: '/api/admin/gift-vouchers', access: 'admin' }, async (_input, ctx) => ({
      vouchers: (await giftVoucherLister({}, ctx)).map(presentAdminVoucher),
    })),

    route(
      {
        method: 'post',
        path: '/api/admin/gift-vouchers/:id/void',
        access: 'admin',
        params: idParams,
        transaction: true,
      },
      async ({ params }, ctx) => {
        const { voucher } = await giftVoucherVoider({ voucherId: params.id }, ctx);
        return { voucher: presentAdminVoucher(voucher) };
      },
    ),

    route({ method: 'get', path: '/api/admin/gift-settings', access: 'admin' }, async (_input, ctx) => ({
      settings: await giftSettingsLoader({}, ctx),
    })),

    route(
      {
        method: 'put',
        path: '/api/admin/gift-settings',
        access: 'admin',
        body: giftSettingsRequest,
        transaction: true,
      },
      async ({ body }, ctx) => ({ settings: await giftSettingsSaver(body, ctx) }),
    ),
  ];
}
