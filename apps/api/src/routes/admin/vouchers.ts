import { presentVoucher } from '../../presenters/publicItem';
import { route, type RouteDef } from '../../routing';
import { giftVoucherLister } from '../../services/giftVoucherLister';

export function voucherRoutes(): RouteDef[] {
  return [
    route({ method: 'get', path: '/api/admin/gift-vouchers', access: 'admin' }, async (_input, ctx) => ({
      vouchers: (await giftVoucherLister({}, ctx)).map((r) => ({
        ...presentVoucher(r),
        owner: { name: r.name, email: r.email, phoneNumber: r.phoneNumber },
      })),
    })),
  ];
}
