import { AdminScreen } from '../admin/AdminScreen';
import { QrSetsScreen } from '../admin/sets/QrSetsScreen';
import { usePageTitle } from '../components/usePageTitle';

/** QR Code Sets (/admin/qr-sets). */
export default function AdminQrSetsPage() {
  usePageTitle('QR Code Sets');
  return (
    <section className="page container" aria-labelledby="page-title">
      <AdminScreen>
        <QrSetsScreen />
      </AdminScreen>
    </section>
  );
}
