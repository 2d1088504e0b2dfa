import { AdminScreen } from '../admin/AdminScreen';
import { QrAnalyticsScreen } from '../admin/analytics/QrAnalyticsScreen';
import { usePageTitle } from '../components/usePageTitle';

/** QR analytics (/admin/qr-codes). */
export default function AdminQrCodesPage() {
  usePageTitle('Manage QR Codes');
  return (
    <section className="page container" aria-labelledby="page-title">
      <AdminScreen>
        <QrAnalyticsScreen />
      </AdminScreen>
    </section>
  );
}
