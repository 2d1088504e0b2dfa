import { AdminScreen } from '../admin/AdminScreen';
import { GiftVouchersScreen } from '../admin/vouchers/GiftVouchersScreen';
import { usePageTitle } from '../components/usePageTitle';

/** Gift vouchers issued to owners (/admin/gift-vouchers), where an admin voids a farmed one. */
export default function AdminGiftVouchersPage() {
  usePageTitle('Gift Vouchers');
  return (
    <section className="page container" aria-labelledby="page-title">
      <AdminScreen>
        <GiftVouchersScreen />
      </AdminScreen>
    </section>
  );
}
